package machine

import (
	"testing"
	"time"

	"egm/machine/aft"
	"egm/machine/settings"
	"egm/sas"
)

// TestAFTHostIdleCashout: the host takes an idle cash-out's balance (R-CASH-6)
// with a transaction id of its own, since exception 6A does not carry the code; a
// player's CASH OUT still needs the scanned code, and a host id the machine has
// seen (a live cash-in code, a history entry) is no way in.
func TestAFTHostIdleCashout(t *testing.T) {
	const hostID = "FLOOR-IDLE-000000001"
	cases := []struct {
		name   string
		idle   bool // the machine raised the cash-out for idleness (else CASH OUT)
		id     func(r *rig, cashIn aft.Code) string
		cents  int64 // 0: the whole balance
		status sas.AFTStatus
	}{
		{"idle, host id", true, func(*rig, aft.Code) string { return hostID }, 0, sas.AFTStatusFull},
		{"player's CASH OUT, host id", false, func(*rig, aft.Code) string { return hostID }, 0, sas.AFTStatusBadID},
		{"idle, part of the balance", true, func(*rig, aft.Code) string { return hostID }, 100, sas.AFTStatusBadAmount},
		{"idle, the last transfer's id", true, func(_ *rig, c aft.Code) string { return c.ID }, 0, sas.AFTStatusIDNotUnique},
		{"idle, a live cash-in code", true, func(r *rig, _ aft.Code) string { return r.code(aft.CodeCashIn).ID }, 0, sas.AFTStatusBadID},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, settings.DefaultConfig(), 1)
			r.register()
			in := r.code(aft.CodeCashIn)
			r.xfer(sas.AFTInHouseToMachine, in.ID, 4_000)
			r.interrogate(sas.AFTInterrogate, 0)
			if tc.idle {
				r.clock.Add(time.Duration(r.cfg.IdleCashoutMinutes+1) * time.Minute)
				r.must(Input{Kind: InTick})
			} else {
				r.must(Input{Kind: InCashout})
			}
			co := r.m.Status().AFTCashout
			if co == nil || co.Idle != tc.idle {
				t.Fatalf("cash-out code %+v", co)
			}
			cents := tc.cents
			if cents == 0 {
				cents = co.Cents
			}
			rep := r.xfer(sas.AFTInHouseToHost, tc.id(r, in), uint64(cents))
			if rep.Status != tc.status {
				t.Fatalf("status %v, want %v", rep.Status, tc.status)
			}
			credits := r.m.Status().CreditsCents
			if tc.status.OK() {
				if credits != 0 || r.m.Status().AFTCashout != nil || r.counter(aft.CounterCashableOut) != 4_000 {
					t.Fatalf("after the idle cash-out: credits %d, code %+v", credits, r.m.Status().AFTCashout)
				}
				return
			}
			if credits != 4_000 || r.m.Status().AFTCashout == nil {
				t.Fatalf("a refused cash-out moved money or dropped the code: credits %d", credits)
			}
			// The machine's own code still takes the balance.
			r.interrogate(sas.AFTInterrogate, 0)
			if rep := r.xfer(sas.AFTInHouseToHost, co.ID, uint64(co.Cents)); rep.Status != sas.AFTStatusFull {
				t.Fatalf("the code's own transfer: %v", rep.Status)
			}
		})
	}
}

// TestAFTResendFromHistory: an older transfer resent after a newer one is answered
// from the history with its own status (SAS-NOTES: an identical resend is answered
// with its status), not judged again as a new request; the same id with other
// terms is a replay (95). Nothing moves.
func TestAFTResendFromHistory(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 1)
	r.register()
	in := r.code(aft.CodeCashIn)
	r.xfer(sas.AFTInHouseToMachine, in.ID, 3_000)
	r.interrogate(sas.AFTInterrogate, 0)
	r.must(Input{Kind: InCashout})
	co := r.m.Status().AFTCashout
	r.xfer(sas.AFTInHouseToHost, co.ID, 3_000)
	r.interrogate(sas.AFTInterrogate, 0)
	for _, tc := range []struct {
		typ    byte
		id     string
		cents  uint64
		status sas.AFTStatus
		pos    byte
	}{
		{sas.AFTInHouseToMachine, in.ID, 3_000, sas.AFTStatusFull, 1}, // the cash-in, after the cash-out
		{sas.AFTInHouseToHost, co.ID, 3_000, sas.AFTStatusFull, 2},    // the cash-out: now with 0 credits
		{sas.AFTInHouseToMachine, in.ID, 3_000, sas.AFTStatusFull, 1},
		{sas.AFTInHouseToMachine, in.ID, 2_000, sas.AFTStatusBadID, 0}, // same id, other amount
	} {
		rep := r.xfer(tc.typ, tc.id, tc.cents)
		if rep.Status != tc.status || rep.Position != tc.pos || rep.ID != tc.id {
			t.Fatalf("resend of %s %d: %+v", tc.id, tc.cents, rep)
		}
		if c := r.m.Status().CreditsCents; c != 0 || r.counter(aft.CounterCashableIn) != 3_000 || r.counter(aft.CounterCashableOut) != 3_000 {
			t.Fatalf("a resend moved money: credits %d", c)
		}
	}
}
