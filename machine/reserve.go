package machine

import (
	"time"

	"egm/machine/aft"
	"egm/machine/refusal"
	"egm/machine/reserve"
	"egm/meters"
)

// A reservation (machine/reserve; docs/machine.md, "Reserved for the player"):
// the staff keep the machine for the player whose balance is on it, for up to
// settings.Config.ReserveMaxMinutes. While it holds the machine is Reserved: no
// game, no deposit but the player's own, and the idle cash-out waits. It ends by
// time (the idle cash-out then follows at once), by the player's wallet scan of
// the machine's cash-in code (a deposit from the balance's wallet: reserveEndTx,
// in the deposit's commit) or by the staff (InReserveEnd, the attendant key).
// Each step is one commit with its event; the end time is wall-clock, so a
// power cut keeps the reservation and its end.

// reserveStart is InReserve (Who, Minutes).
func (m *Machine) reserveStart(who string, minutes int) error {
	if r := m.d.Reserve; r != nil {
		return refusal.Other("reserve: the machine is reserved already, until %s", r.Until.Format(time.RFC3339))
	}
	if s, why := m.state(); s != Idle {
		return refusal.InState("reserve", s, why)
	}
	if err := reserve.Check(minutes, m.cfg.ReserveMaxMinutes); err != nil {
		return refusal.Other("%v", err)
	}
	credits := m.credits()
	if credits <= 0 || m.d.Wallet == "" {
		return refusal.New(refusal.RefusedNoCredit, "reserve: no player's balance on the machine to keep")
	}
	now := m.clock.Now()
	if m.locked(now) {
		return refusal.New(refusal.RefusedTransfer, "reserve: the machine is locked for a cashless transfer")
	}
	if c := m.liveCode(aft.CodeCashOut, now); c != nil {
		return refusal.CodeWaits(c.Cents, "reserve: a cash-out of %d cents waits for the wallet", c.Cents)
	}
	if who == "" {
		who = "attendant"
	}
	r := reserve.New(m.d.Wallet, who, now, minutes, credits)
	d := m.d
	d.Reserve = &r
	return m.updateDurable(&d, func(tx *meters.Tx) error {
		m.event(tx, reserve.EvReserve, r.StartDetail())
		return nil
	})
}

// reserveEnd ends the reservation in a commit of its own; the idle wait starts
// again from now.
func (m *Machine) reserveEnd(how reserve.End, who string) error {
	if m.d.Reserve == nil {
		return refusal.Other("end reservation: the machine is not reserved")
	}
	d := m.d
	if err := m.updateDurable(&d, func(tx *meters.Tx) error {
		m.reserveEndTx(tx, &d, how, who)
		return nil
	}); err != nil {
		return err
	}
	m.lastPlay = m.clock.Now()
	return nil
}

// reserveEndTx ends the reservation in the commit being made (d is the durable
// state it writes): the event and the record gone.
func (m *Machine) reserveEndTx(tx *meters.Tx, d *durable, how reserve.End, who string) {
	if r := d.Reserve; r != nil {
		m.event(tx, reserve.EvReserveEnd, r.EndDetail(how, who, m.clock.Now()))
		d.Reserve = nil
	}
}

// reserveTick ends a reservation whose time ran out; the idle wait counts as
// over, so the idle cash-out (tick) follows at once and returns the balance to
// its wallet.
func (m *Machine) reserveTick(now time.Time) error {
	if r := m.d.Reserve; r == nil || !r.Over(now) {
		return nil
	}
	if err := m.reserveEnd(reserve.EndTime, ""); err != nil {
		return err
	}
	m.lastPlay = now.Add(-m.idleAfter())
	return nil
}

// reservedFor tells whether a deposit from wallet is the player's way back
// to a machine reserved for that wallet.
func (m *Machine) reservedFor(wallet string) bool {
	return m.d.Reserve != nil && wallet != "" && m.d.Reserve.Wallet == wallet
}
