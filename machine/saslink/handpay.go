package saslink

import (
	"egm/machine"
	"egm/sas"
)

// The handpay long polls (sas.HandpayMachine): 1B reads the handpay the machine
// is locked up in, 94 resets it from the host as the attendant's key would (the
// win is booked as paid by the attendant), A8 selects the reset method — only
// the standard handpay: this machine never resets a win over the handpay limit
// to the credit meter (R-WIN-2), so "to the credit meter" is refused.

var _ sas.HandpayMachine = (*Bridge)(nil)

// PendingHandpay implements sas.HandpayMachine.
func (b *Bridge) PendingHandpay() (sas.Handpay, bool) {
	s := b.m.Status()
	if s.State != machine.HandpayLockup {
		return sas.Handpay{}, false
	}
	cents := s.WinCents
	if cents == 0 {
		cents = s.BonusCents
	}
	return sas.Handpay{Cents: uint64(max(cents, 0))}, true
}

// RemoteHandpayReset implements sas.HandpayMachine (long poll 94).
func (b *Bridge) RemoteHandpayReset() byte {
	if b.m.Status().State != machine.HandpayLockup {
		return sas.HandpayResetNotPending
	}
	if err := b.m.Handle(machine.Input{Kind: machine.InAttendantKey, Who: "floor host (SAS 94)"}); err != nil {
		return sas.HandpayResetUnable
	}
	return sas.HandpayResetDone
}

// HandpayResetMethod implements sas.HandpayMachine (long poll A8).
func (b *Bridge) HandpayResetMethod(method byte) byte {
	switch {
	case b.m.Status().State != machine.HandpayLockup:
		return sas.HandpayResetNotPending
	case method != 0:
		return sas.HandpayResetUnable
	}
	return sas.HandpayResetDone
}
