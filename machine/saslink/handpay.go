package saslink

import (
	"time"

	"egm/machine"
	"egm/sas"
)

// The handpay long polls (sas.HandpayMachine): 1B reads the handpay the machine
// is locked up in, 94 resets it from the host as the attendant's key would (the
// win is booked as paid by the attendant), A8 selects the reset method — only
// the standard handpay: this machine never resets a win over the handpay limit
// to the credit meter (R-WIN-2), so "to the credit meter" is refused.

var _ sas.HandpayMachine = (*Bridge)(nil)

// HandpayReissue is how often exception 51 (handpay pending) is raised again
// while the host has not read the handpay with long poll 1B: a host that missed
// the first one (a link down, a host restarted) still learns of the lockup.
const HandpayReissue = 15 * time.Second

// handpayTick raises 51 again when the machine has been locked up in a handpay
// the host has not read for HandpayReissue since it was last raised (unless one
// still waits undelivered); it tells whether it queued one. The first tick of a lockup only starts the clock: the
// machine's handpay event raised the first 51 (or, after a power cycle, the
// stored queue holds it).
func (b *Bridge) handpayTick(now time.Time) bool {
	locked := b.m.Status().State == machine.HandpayLockup
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case !locked:
		b.handpaySince, b.handpayRead = time.Time{}, false
	case b.handpaySince.IsZero():
		b.handpaySince = now
	case !b.handpayRead && now.Sub(b.handpaySince) >= HandpayReissue:
		b.handpaySince = now
		if b.queue.Waiting(sas.ExHandpayPending) { // not delivered yet: once is enough
			return false
		}
		b.queue.Push(sas.ExHandpayPending)
		return true
	}
	return false
}

// PendingHandpay implements sas.HandpayMachine (long poll 1B); reading the
// handpay ends the re-issue of 51.
func (b *Bridge) PendingHandpay() (sas.Handpay, bool) {
	s := b.m.Status()
	if s.State != machine.HandpayLockup {
		return sas.Handpay{}, false
	}
	b.mu.Lock()
	b.handpayRead = true
	b.mu.Unlock()
	return sas.Handpay{Cents: uint64(max(s.HandpayCents, 0))}, true
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
