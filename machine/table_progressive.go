package machine

import (
	"encoding/json"
	"strconv"

	"egm/machine/refusal"
	"egm/meters"
	"egm/tables/play"
	"egm/tables/threecard"
)

// Three card poker's progressive side bet (settings.ProgressiveConfig): a fixed
// stake on the spot play.SpotProgressive, placed with an Ante. The pool is kept in
// critical memory under ProgressivePoolKey, in whole cents (every growth share is
// whole cents: the settings refuse a stake whose share is not). The deal's commit,
// the one that takes the stake and stores the round, also moves the pool: it adds
// the stake's growth share, stores the pool's amount in the round (play.Round.Pool,
// what the top hand pays) and, when the player's three cards are the top hand,
// sets the pool back to its seed. The player's cards are known at the deal and the
// bet does not depend on the decisions, so the win is fixed when the round is
// stored, before any card is shown; it is paid at the settlement with the rest of
// the round, to credits or by handpay above the limit.

// ProgressivePoolKey is the critical-memory value holding the pool, in cents.
const ProgressivePoolKey = "table_progressive_pool_cents"

// Counters of the progressive side bet (meters.Tx.AddCounter): its stakes, the
// pool's growth, and the top hands hit with what they paid. The stakes and every
// win are in the game's own meters (coin in, won) with the round's other bets.
const (
	CounterProgressiveIn     = "table_progressive_in_cents"
	CounterProgressiveGrowth = "table_progressive_growth_cents"
	CounterProgressiveHits   = "table_progressive_hits"
	CounterProgressivePaid   = "table_progressive_paid_cents"
)

// Progressive is the side bet as the screen shows it.
type Progressive struct {
	Enabled    bool
	StakeCents int64
	PoolCents  int64 // the pool now
	Side       threecard.Progressive
}

// TableProgressive returns the side bet's settings and the pool's amount now.
func (m *Machine) TableProgressive() Progressive {
	m.mu.Lock()
	defer m.mu.Unlock()
	c := m.cfg.Tables.Progressive
	return Progressive{Enabled: m.progressiveOffered(), StakeCents: c.StakeCents,
		PoolCents: m.progressivePool(), Side: c.Side(m.prof.Currency)}
}

// progressiveOffered: the side bet is on, at a three card poker table that is.
func (m *Machine) progressiveOffered() bool {
	return m.cfg.Tables.Progressive.Enabled && m.cfg.Tables.ThreeCard.Enabled
}

// progressivePool reads the pool from critical memory: the seed before the
// first stake.
func (m *Machine) progressivePool() int64 {
	pool := m.cfg.Tables.Progressive.SeedCents
	m.st.View(func(v *meters.Snapshot) {
		if b, ok := v.Value(ProgressivePoolKey); ok {
			if n, err := strconv.ParseInt(string(b), 10, 64); err == nil {
				pool = n
			}
		}
	})
	return pool
}

// checkProgressive refuses a progressive stake that is not the fixed stake, or
// one placed while the bet is off.
func (m *Machine) checkProgressive(game string, b play.Bets) error {
	s := b.Spots[play.SpotProgressive]
	if s == 0 || game != play.ThreeCard {
		return nil
	}
	c := m.cfg.Tables.Progressive
	if !c.Enabled {
		return refusal.New(refusal.RefusedTitle, "the progressive side bet is off")
	}
	if s != c.StakeCents {
		return refusal.New(refusal.RefusedBet, "the progressive side bet's stake is %d cents, not %d", c.StakeCents, s)
	}
	return nil
}

// dealProgressive sets the round's pool (the pool with this stake's growth) and
// returns the commit step that moves the pool in critical memory, nil for a round
// without the side bet.
func (m *Machine) dealProgressive(r *play.Round) func(tx *meters.Tx) error {
	stake := r.Bets.Spots[play.SpotProgressive]
	if r.Game != play.ThreeCard || stake == 0 {
		return nil
	}
	c := m.cfg.Tables.Progressive
	growth, _ := c.Side(m.prof.Currency).Pool.Contribution()
	r.Pool = m.progressivePool() + growth
	next := r.Pool
	deal, _, _ := r.ThreeCardDeal()
	won, h := play.ProgressivePays(deal.Player, stake, r.Pool)
	top := threecard.MotorCity.Pays[h].Pool
	if top {
		next = c.SeedCents
	}
	return func(tx *meters.Tx) error {
		tx.AddCounter(CounterProgressiveIn, stake)
		tx.AddCounter(CounterProgressiveGrowth, growth)
		if top {
			tx.AddCounter(CounterProgressiveHits, 1)
			tx.AddCounter(CounterProgressivePaid, won)
		}
		return tx.SetValue(ProgressivePoolKey, json.RawMessage(strconv.FormatInt(next, 10)))
	}
}
