package machine

import (
	"encoding/json"
	"fmt"

	"egm/machine/bonusjp"
	"egm/meters"
	"egm/rng"
)

// The machine's own bonus jackpot (R-JP-4): the level of machine/bonusjp, kept in
// critical memory (value "bonusjp") and changed only in a game's first commit
// (its funding, a hit and the next trigger, decided with the game's outcome) and
// in the game's settlement or void.

// EvBonusJackpot is the event of a bonus jackpot hit and of its payment.
const EvBonusJackpot meters.EventKind = "bonus_jackpot"

// CounterBonusJackpotPaid counts the bonus jackpot awards paid (to credits or
// by the attendant), in cents, in the settlement that pays them.
const CounterBonusJackpotPaid = "bonusjp_paid_cents"

const bonusKey = "bonusjp"

// bonusRecord is what critical memory holds of the bonus jackpot: the level and,
// while a funding game is in progress, that game's number, its award (0: no
// hit) and the level before it (restored if the game is voided: its stake is
// refunded, so its contribution and its hit are undone).
type bonusRecord struct {
	Level  bonusjp.Level  `json:"level"`
	Game   uint64         `json:"game,omitempty"`
	Award  int64          `json:"award,omitempty"`
	Before *bonusjp.Level `json:"before,omitempty"`
}

// StoredBonusJackpot reads the bonus jackpot level from a snapshot of critical
// memory (false: none started), with the award of the game in progress not yet
// paid (0: none), for tools that read a machine's state directory.
func StoredBonusJackpot(v *meters.Snapshot) (l bonusjp.Level, unpaid int64, ok bool) {
	r, ok := readBonus(v.Value)
	return r.Level, r.Award, ok
}

func readBonus(value func(string) (json.RawMessage, bool)) (bonusRecord, bool) {
	raw, ok := value(bonusKey)
	var r bonusRecord
	if !ok || json.Unmarshal(raw, &r) != nil {
		return bonusRecord{}, false
	}
	return r, true
}

// BonusJackpot is what the screen shows of the bonus jackpot: its configuration
// (the funding titles, the rate) and the level's amount, reset and ceiling —
// never the trigger. ok is false when the machine runs none.
func (m *Machine) BonusJackpot() (cfg bonusjp.Config, v bonusjp.View, ok bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	cfg = m.cfg.BonusJackpot
	if !cfg.Enabled || m.st == nil {
		return cfg, bonusjp.View{}, false
	}
	var s Status
	s.Title = cfg.Titles[0]
	m.bonusStatus(&s)
	return cfg, *s.BonusJackpot, true
}

func (m *Machine) snapValue(key string) (raw json.RawMessage, ok bool) {
	m.st.View(func(v *meters.Snapshot) { raw, ok = v.Value(key) })
	return raw, ok
}

// checkBonusJackpot refuses, at Open, a bonus jackpot whose titles are not
// installed slot titles, or whose window differs from the running level's.
func (m *Machine) checkBonusJackpot(st *meters.Store) error {
	c := m.cfg.BonusJackpot
	if !c.Enabled {
		return nil
	}
	for _, id := range c.Titles {
		if _, ok := m.byID[id]; !ok {
			return fmt.Errorf("machine: config: bonus_jackpot.titles: %q is not an installed slot title", id)
		}
	}
	var r bonusRecord
	var ok bool
	st.View(func(v *meters.Snapshot) { r, ok = readBonus(v.Value) })
	if !ok {
		return nil
	}
	if err := r.Level.Matches(c); err != nil {
		return fmt.Errorf("machine: config: bonus_jackpot: %w", err)
	}
	return r.Level.Check()
}

// bonusDecide is the bonus jackpot's part of a game's decision, with the game's
// RNG source: the funding of a bet on title, and a hit with the next trigger.
// It returns the record to commit with the game (nil: the title does not fund).
func (m *Machine) bonusDecide(src rng.Source, title string, bet int64) (*bonusRecord, error) {
	c := m.cfg.BonusJackpot
	if !c.Funds(title) {
		return nil, nil
	}
	r, ok := readBonus(m.snapValue)
	if !ok {
		r.Level = bonusjp.Start(c, src) // the first trigger, committed with the first funding game
	}
	before := r.Level
	l, award, err := r.Level.Contribute(c, bet, src)
	if err != nil {
		return nil, err
	}
	return &bonusRecord{Level: l, Award: award, Before: &before}, nil
}

// commitBonus writes a game's bonus record in its first commit (g.Number set).
func (m *Machine) commitBonus(tx *meters.Tx, r *bonusRecord, game uint64) error {
	if r == nil {
		return nil
	}
	r.Game = game
	if r.Award > 0 {
		m.event(tx, EvBonusJackpot, fmt.Sprintf("game %d: bonus jackpot hit: %d cents", game, r.Award))
	}
	if err := r.Level.Check(); err != nil {
		return err
	}
	return setBonus(tx, r)
}

func setBonus(tx *meters.Tx, r *bonusRecord) error {
	b, _ := json.Marshal(r) // plain fields: cannot fail
	return tx.SetValue(bonusKey, b)
}

// bonusAward is the bonus jackpot award of the game in progress (0: none), as
// committed with it.
func (m *Machine) bonusAward(game uint64) int64 {
	if r, ok := readBonus(m.snapValue); ok && r.Game == game {
		return r.Award
	}
	return 0
}

// bonusEnd ends the game's part of the bonus jackpot inside its settlement
// (paid: its award is counted) or its void (the level before the game comes
// back, the award is not paid).
func (m *Machine) bonusEnd(tx *meters.Tx, game uint64, handpay int64, voided bool) error {
	r, ok := readBonus(tx.Value)
	if !ok || r.Game != game {
		return nil
	}
	switch {
	case voided && r.Before != nil:
		r.Level = *r.Before
		if r.Award > 0 {
			m.event(tx, EvBonusJackpot, fmt.Sprintf("game %d voided: its bonus jackpot hit of %d cents is not paid and the level is restored", game, r.Award))
		}
	case r.Award > 0:
		if err := tx.AddCounter(CounterBonusJackpotPaid, r.Award); err != nil {
			return err
		}
		how := "to credits"
		if handpay > 0 {
			how = "by the attendant"
		}
		m.event(tx, EvBonusJackpot, fmt.Sprintf("game %d: bonus jackpot of %d cents paid %s", game, r.Award, how))
	}
	return setBonus(tx, &bonusRecord{Level: r.Level})
}

// bonusStatus shows the bonus jackpot on a funding title's status (under the
// machine's lock).
func (m *Machine) bonusStatus(s *Status) {
	c := m.cfg.BonusJackpot
	if !c.Funds(s.Title) || m.st == nil {
		return
	}
	v := bonusjp.View{Cents: c.ResetCents, ResetCents: c.ResetCents, CeilingCents: c.CeilingCents}
	if r, ok := readBonus(m.snapValue); ok {
		v = r.Level.View()
	}
	s.BonusJackpot = &v
}
