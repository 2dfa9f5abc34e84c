package machine

import (
	"fmt"

	"egm/machine/refusal"
	"egm/machine/reserve"
	"egm/meters"
	"egm/rng"
)

// host disables or enables play on a floor host's or operator's command.
func (m *Machine) host(disable bool, who string) error {
	if who == "" {
		who = "host"
	}
	d := m.d
	detail := "enable by " + who
	if disable {
		d.Disabled, detail = who, "disable by "+who
	} else {
		d.Disabled = ""
	}
	if err := m.updateDurable(&d, func(tx *meters.Tx) error {
		m.event(tx, meters.EvHostCommand, detail)
		return nil
	}); err != nil {
		return err
	}
	return nil
}

// attendantKey clears the handpay lockup (paying the win by hand, R-WIN-2) or a
// tilt whose cause is gone, or ends a reservation of the machine (reserve.go).
func (m *Machine) attendantKey() error {
	if c := m.game; c != nil && c.handpay {
		return m.settle(0, c.win)
	}
	if m.d.Bonus != nil {
		return m.bonusHandpaid()
	}
	if m.d.Tilt == "" {
		if m.d.Reserve != nil {
			return m.reserveEnd(reserve.EndStaff, "attendant key") // reserve.go
		}
		if l := m.aft.s.Last; l != nil && l.Held {
			return m.aftApprove(l.ID, true, "the attendant key") // an AFT deposit held for AML (aft_transfer.go)
		}
		return refusal.New(refusal.RefusedNothingToClear, "attendant key: nothing to clear")
	}
	if m.d.Tilt == TiltRNG {
		if err := m.rng.Decide(func(rng.Source) {}); err != nil {
			return refusal.Other("attendant key: the RNG still fails its health tests: %v", err)
		}
	}
	d := m.d
	d.Tilt = ""
	if err := m.updateDurable(&d, func(tx *meters.Tx) error {
		m.event(tx, meters.EvTiltClear, m.d.Tilt+" cleared by the attendant")
		return nil
	}); err != nil {
		return err
	}
	return nil
}

// reopen is the attendant key after a failed write (a full or read-only disk):
// critical memory is opened again and the machine boots from it.
func (m *Machine) reopen() error {
	if _, ok := asRAMError(m.memErr); ok {
		return refusal.Other("attendant key: RAM ERROR needs an operator's RAM clear")
	}
	if m.st != nil {
		m.st.Close()
		m.st = nil
	}
	st, err := meters.Open(m.dir, m.opts.Store)
	if err != nil {
		m.memErr = err
		return fmt.Errorf("machine: reopen critical memory: %w", err)
	}
	rec, err := m.checkCurrency(st)
	if err != nil {
		st.Close()
		m.memErr = err
		return err
	}
	m.st, m.memErr, m.currencyRecorded = st, nil, rec
	m.boot()
	return m.memErr
}

// ramClear is the operator's RAM clear in RAM ERROR: the damaged copies are kept
// aside, critical memory starts afresh and the machine boots from it.
func (m *Machine) ramClear(who string) error {
	if _, ok := asRAMError(m.memErr); !ok {
		return refusal.Other("RAM clear is only for RAM ERROR")
	}
	var err error
	if m.st != nil {
		err = m.st.RAMClear(who)
	} else {
		var st *meters.Store
		st, err = meters.RAMClear(m.dir, who, m.opts.Store)
		m.st = st
	}
	if err != nil {
		return fmt.Errorf("machine: RAM clear: %w", err)
	}
	m.memErr = nil
	m.currencyRecorded, _ = m.checkCurrency(m.st) // a cleared state records the configuration's
	m.boot()
	return nil
}
