package machine

import (
	"fmt"

	"egm/machine/aft"
	"egm/machine/refusal"
	"egm/meters"
)

// EvBonus is the event of a bonus award credited or locked for the attendant (SAS 7C).
const EvBonus meters.EventKind = "bonus"

// Bonus is a floor bonus award (the linked mystery jackpot, paid with the SAS legacy
// bonus long poll 8A). Tax is the host's tax status: 0 deductible, 1
// non-deductible, 2 wager match.
type Bonus struct {
	Cents int64 `json:"cents"`
	Tax   int   `json:"tax"`
}

// BonusCounters are the counters (meters.Tx.AddCounter) of bonus awards by tax
// status, in cents: the machine's legacy bonus meters (SAS long poll 9A). A bonus
// is counted when it is accepted, in the same commit — credited at once, or
// locked for the attendant above the handpay limit — so a floor that reads them
// after a crash knows whether its award arrived.
var BonusCounters = [3]string{"bonus_deductible_cents", "bonus_nondeductible_cents", "bonus_wager_match_cents"}

// BonusMeters returns the bonus counters by tax status; without critical memory
// the error wraps ErrNoStore.
func (m *Machine) BonusMeters() ([3]int64, error) {
	var out [3]int64
	err := m.View(func(v *meters.Snapshot) {
		for i, n := range BonusCounters {
			out[i] = v.Counter(n)
		}
	})
	return out, err
}

// bonus accepts a floor bonus award in one commit: up to the handpay limit it goes
// to credits (won_to_credits, R-WIN-1); above it the machine locks in
// HandpayLockup until the attendant pays it (R-WIN-2). It is refused — and the
// floor sends it again later — while a game, a cash-out (or an AFT lock or
// cash-out code), a fault or another bonus handpay is in the way.
func (m *Machine) bonus(cents int64, tax int) error {
	switch s, why := m.state(); {
	case s != Idle && s != Disabled && s != DoorOpen:
		return refusal.Other("bonus in state %s %s", s, why)
	case m.game != nil || m.d.Cashout != nil || m.d.Bonus != nil:
		return refusal.Other("bonus while a game, a cash-out or a bonus handpay is pending")
	case m.locked(m.clock.Now()) || m.liveCode(aft.CodeCashOut, m.clock.Now()) != nil:
		return refusal.Other("bonus while the machine is locked for a cashless transfer or its cash-out code waits for the wallet")
	case cents <= 0 || cents > maxDepositCents:
		return refusal.Other("bonus of %d cents outside 1..%d", cents, maxDepositCents)
	case tax < 0 || tax >= len(BonusCounters):
		return refusal.Other("bonus tax status %d not 0..%d", tax, len(BonusCounters)-1)
	}
	d := m.d
	over := cents > m.cfg.HandpayLimitCents
	if over {
		d.Bonus = &Bonus{Cents: cents, Tax: tax}
	}
	if err := m.updateDurable(&d, func(tx *meters.Tx) error {
		if err := tx.AddCounter(BonusCounters[tax], cents); err != nil {
			return err
		}
		if over {
			m.event(tx, EvBonus, fmt.Sprintf("bonus of %d cents over the handpay limit %d", cents, m.cfg.HandpayLimitCents))
			m.event(tx, meters.EvHandpay, fmt.Sprintf("bonus of %d cents over the handpay limit %d: CALL ATTENDANT", cents, m.cfg.HandpayLimitCents))
			m.amlWin(tx, cents)
			return nil
		}
		tx.Add(meters.WonToCredits, cents)
		tx.AddCounter(CounterTitleBonus(m.sel.title.Spec.ID), cents)
		tx.SetCredits(tx.Meter(meters.CurrentCredits) + cents)
		m.event(tx, EvBonus, fmt.Sprintf("bonus of %d cents credited", cents))
		m.amlWin(tx, cents)
		return nil
	}); err != nil {
		return err
	}
	if !over {
		m.lastBonus = cents
	}
	return nil
}

// bonusHandpaid is the attendant key on a bonus handpay: paid by hand.
func (m *Machine) bonusHandpaid() error {
	b := *m.d.Bonus
	d := m.d
	d.Bonus = nil
	if err := m.updateDurable(&d, func(tx *meters.Tx) error {
		tx.Add(meters.Handpay, b.Cents)
		tx.AddCounter(CounterTitleBonusHandpay(m.sel.title.Spec.ID), b.Cents)
		m.event(tx, meters.EvHandpayReset, fmt.Sprintf("bonus of %d cents paid by the attendant", b.Cents))
		return nil
	}); err != nil {
		return err
	}
	m.lastBonus = b.Cents
	return nil
}
