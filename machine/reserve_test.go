package machine

import (
	"errors"
	"strings"
	"testing"
	"time"

	"egm/machine/aft"
	"egm/machine/refusal"
	"egm/machine/reserve"
	"egm/machine/settings"
	"egm/meters"
	"egm/sas"
)

// reserved deposits for the test wallet and reserves the machine for minutes.
func (r *rig) reserved(cents int64, minutes int) reserve.Reservation {
	r.t.Helper()
	r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: cents})
	r.must(Input{Kind: InReserve, Who: "attendant 7", Minutes: minutes})
	s := r.m.Status()
	if s.State != Reserved || s.Reserved == nil || s.Reserved.Wallet != TestWallet || s.Reserved.Cents != cents {
		r.t.Fatalf("after the reservation: state %s, %+v", s.State, s.Reserved)
	}
	return *s.Reserved
}

// count is the number of events of kind in the log.
func (r *rig) count(kind meters.EventKind) int {
	n := 0
	for _, e := range r.events() {
		if e.Kind == kind {
			n++
		}
	}
	return n
}

// TestReserveRefused: a reservation needs an idle machine with a player's
// balance and a length of 1 minute up to reserve_max_minutes.
func TestReserveRefused(t *testing.T) {
	cfg := settings.DefaultConfig()
	cfg.ReserveMaxMinutes = 30
	for _, tc := range []struct {
		name    string
		deposit bool
		minutes int
		want    string // in the refusal's detail
	}{
		{"no balance", false, 10, "no player's balance"},
		{"zero minutes", true, 0, "reserve: length out of range: 0 minutes, want 1..30"},
		{"over the maximum", true, 31, "reserve: length out of range: 31 minutes, want 1..30"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, cfg, 1)
			if tc.deposit {
				r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 1_000})
			}
			err := r.do(Input{Kind: InReserve, Minutes: tc.minutes})
			var rf *refusal.Refusal
			if !errors.As(err, &rf) || !strings.Contains(rf.Detail, tc.want) {
				t.Fatalf("refusal %v, want %q", err, tc.want)
			}
			if r.m.Status().State != Idle || r.hasEvent(reserve.EvReserve) {
				t.Fatal("a refused reservation changed the machine")
			}
		})
	}
	r := newRig(t, cfg, 1)
	r.reserved(1_000, 30)
	if err := r.do(Input{Kind: InReserve, Minutes: 5}); !errors.Is(err, ErrRefused) {
		t.Fatalf("a second reservation: %v", err)
	}
}

// TestReservedRefusesPlay: while reserved no one plays or pays in, and the idle
// cash-out waits past its interval; each refusal tells the player why.
func TestReservedRefusesPlay(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 2)
	r.reserved(5_000, 60)
	for _, in := range []Input{{Kind: InSpin}, {Kind: InMaxBet}, {Kind: InCashout},
		{Kind: InDeposit, Wallet: "another-wallet", Cents: 100}} {
		err := r.do(in)
		if msg, _, _ := refusal.PlayerMessage(err); msg != "play.refused.state.reserved" && msg != "play.refused.wallet" {
			t.Errorf("%s while reserved: %v (message %q)", in.Kind, err, msg)
		}
	}
	r.clock.Add(59 * time.Minute) // far past the 15 minutes of the idle cash-out
	r.must(Input{Kind: InTick})
	if s := r.m.Status(); s.State != Reserved || s.Cashout != nil || !s.IdleCashoutAt.IsZero() || s.Reserved.Left(r.clock.Now()) != time.Minute {
		t.Fatalf("the idle cash-out did not wait: %+v", s)
	}
	if got := r.meters().Get(meters.GamesPlayed); got != 0 {
		t.Fatalf("%d games played while reserved", got)
	}
}

// TestReserveEndsByTimeAcrossPowerCut: a reservation survives a power cut with
// its end as recorded (wall-clock); when it runs out the idle cash-out returns
// the balance to its wallet at once, exactly once.
func TestReserveEndsByTimeAcrossPowerCut(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 3)
	res := r.reserved(12_345, 40)
	r.clock.Add(10 * time.Minute)
	r.restart() // power cut: 30 minutes left, counted from the recorded end
	s := r.m.Status()
	if s.State != Reserved || s.Reserved == nil || !s.Reserved.Until.Equal(res.Until) || s.Reserved.Left(r.clock.Now()) != 30*time.Minute {
		t.Fatalf("after the power cut: %s %+v", s.State, s.Reserved)
	}
	r.clock.Add(25 * time.Minute) // the cabinet was off for 25 minutes
	r.restart()
	if s := r.m.Status(); s.State != Reserved || s.Reserved.Left(r.clock.Now()) != 5*time.Minute {
		t.Fatalf("after the second power cut: %s %+v", s.State, s.Reserved)
	}
	r.clock.Add(5*time.Minute - time.Second)
	r.must(Input{Kind: InTick})
	if r.m.Status().State != Reserved {
		t.Fatal("ended a second early")
	}
	r.clock.Add(time.Second)
	for range 3 { // more ticks raise nothing more
		r.must(Input{Kind: InTick})
	}
	s = r.m.Status()
	if s.State != CashoutPending || s.Cashout == nil || s.Cashout.Reason != "idle" || s.Cashout.Cents != 12_345 || s.Cashout.Wallet != TestWallet {
		t.Fatalf("after the end by time: %s %+v", s.State, s.Cashout)
	}
	if n, c := r.count(reserve.EvReserveEnd), r.count(EvCashoutRequest); n != 1 || c != 1 {
		t.Fatalf("%d reserve_end and %d cash-out requests, want 1 and 1", n, c)
	}
	var end meters.Event
	for _, e := range r.events() {
		if e.Kind == reserve.EvReserveEnd {
			end = e
		}
	}
	if !strings.Contains(end.Detail, "ended by time") {
		t.Fatalf("reserve_end %q", end.Detail)
	}
	r.restart() // a power cut before the wallet confirms: the same request, not a second one
	r.must(Input{Kind: InTick})
	r.must(Input{Kind: InCashoutConfirmed, CashoutID: s.Cashout.ID})
	r.clock.Add(time.Hour)
	r.must(Input{Kind: InTick})
	m := r.meters()
	if m.Get(meters.WalletOut) != 12_345 || m.Get(meters.CurrentCredits) != 0 || r.count(EvCashoutRequest) != 1 {
		t.Fatalf("paid %d to the wallet, balance %d, %d requests", m.Get(meters.WalletOut), m.Get(meters.CurrentCredits), r.count(EvCashoutRequest))
	}
}

// TestReserveEndsByPlayer: the player's way back is the wallet's scan: a
// deposit from the balance's own wallet ends the reservation in its own commit;
// play goes on, and the idle wait starts again from the scan.
func TestReserveEndsByPlayer(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 4)
	r.reserved(2_000, 30)
	r.clock.Add(20 * time.Minute)
	seq := r.m.Seq()
	r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 500})
	if r.m.Seq() != seq+1 {
		t.Fatalf("the scan took %d commits, want 1", r.m.Seq()-seq)
	}
	if s := r.m.Status(); s.State != Idle || s.Reserved != nil || s.CreditsCents != 2_500 {
		t.Fatalf("after the scan: %s %+v credits %d", s.State, s.Reserved, s.CreditsCents)
	}
	if !r.lastEventHas(reserve.EvReserveEnd, "ended by player (wallet "+TestWallet+"), 10m0s left") {
		t.Fatal("no reserve_end event for the player")
	}
	r.must(Input{Kind: InSpin})
	r.present()
	r.clock.Add(14 * time.Minute)
	r.must(Input{Kind: InTick})
	if s := r.m.Status(); s.State != Idle && s.State != GambleOffered {
		t.Fatalf("the idle wait did not start again: %s", s.State)
	}
}

// TestReserveEndsByStaff: the attendant key, or the operator menu's
// InReserveEnd, ends the reservation; the idle wait starts again from then.
func TestReserveEndsByStaff(t *testing.T) {
	for _, in := range []Input{{Kind: InAttendantKey}, {Kind: InReserveEnd, Who: "operator menu"}} {
		t.Run(in.Kind.String(), func(t *testing.T) {
			r := newRig(t, settings.DefaultConfig(), 5)
			r.reserved(3_000, 60)
			r.clock.Add(30 * time.Minute)
			r.must(in)
			if s := r.m.Status(); s.State != Idle || s.Reserved != nil || s.CreditsCents != 3_000 {
				t.Fatalf("after the end: %s %+v", s.State, s.Reserved)
			}
			if !r.lastEventHas(reserve.EvReserveEnd, "ended by staff") {
				t.Fatal("no reserve_end event for the staff")
			}
			if err := r.do(Input{Kind: InReserveEnd}); !errors.Is(err, ErrRefused) {
				t.Fatalf("ending it twice: %v", err)
			}
			r.clock.Add(15*time.Minute - time.Second)
			r.must(Input{Kind: InTick})
			if r.m.Status().State != Idle {
				t.Fatal("the idle cash-out came before its interval after the end")
			}
			r.clock.Add(time.Second)
			r.must(Input{Kind: InTick})
			if s := r.m.Status(); s.State != CashoutPending || s.Cashout.Cents != 3_000 {
				t.Fatalf("idle cash-out after the end: %s %+v", s.State, s.Cashout)
			}
		})
	}
}

// TestReserveAFTScan: on a machine registered with an AFT host the player's
// scan of the cash-in code (a type 00 transfer with the code) is taken while
// reserved and ends the reservation in the transfer's journal commit; the host
// reads the machine as unable to transfer otherwise (74: no transfer available),
// and a cash-out to the host is refused until the end. When the time runs out
// the idle cash-out code is raised once.
func TestReserveAFTScan(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 6)
	r.register()
	r.xfer(sas.AFTInHouseToMachine, r.code(aft.CodeCashIn).ID, 4_000)
	r.interrogate(sas.AFTInterrogate, 0)
	r.must(Input{Kind: InReserve, Minutes: 20})
	if st := r.m.AFTLock(sas.AFTLock{Code: sas.AFTLockCodeQuery}); st.Available != 0 {
		t.Fatalf("a reserved machine offers transfers %02X", st.Available)
	}
	if rep := r.xfer(sas.AFTInHouseToHost, "HOST-OUT-000000001", 4_000); rep.Status.OK() {
		t.Fatalf("a cash-out to the host while reserved: %v", rep.Status)
	}
	r.interrogate(sas.AFTInterrogate, 0)
	if rep := r.xfer(sas.AFTInHouseToMachine, r.code(aft.CodeCashIn).ID, 1_000); rep.Status != sas.AFTStatusFull {
		t.Fatalf("the player's scan: %v", rep.Status)
	}
	if s := r.m.Status(); s.State != Idle || s.Reserved != nil || s.CreditsCents != 5_000 {
		t.Fatalf("after the scan: %s %+v %d", s.State, s.Reserved, s.CreditsCents)
	}
	if !r.lastEventHas(reserve.EvReserveEnd, "ended by player (the wallet's scan") {
		t.Fatal("no reserve_end for the scan")
	}
	r.interrogate(sas.AFTInterrogate, 0)
	r.must(Input{Kind: InReserve, Minutes: 20})
	r.clock.Add(20 * time.Minute)
	r.must(Input{Kind: InTick})
	r.must(Input{Kind: InTick})
	if co := r.m.Status().AFTCashout; co == nil || !co.Idle || co.Cents != 5_000 || r.count(aft.EvCashoutRequest) != 1 {
		t.Fatalf("idle cash-out code after the end by time: %+v, %d requests", co, r.count(aft.EvCashoutRequest))
	}
}

// lastEventHas tells whether the newest event of kind contains detail.
func (r *rig) lastEventHas(kind meters.EventKind, detail string) bool {
	ev := r.events()
	for i := len(ev) - 1; i >= 0; i-- {
		if ev[i].Kind == kind {
			if !strings.Contains(ev[i].Detail, detail) {
				r.t.Logf("%s: %q", kind, ev[i].Detail)
				return false
			}
			return true
		}
	}
	return false
}
