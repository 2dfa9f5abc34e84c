package machine

import (
	"errors"
	"strings"
	"testing"
	"time"

	"egm/machine/settings"
	"egm/meters"
)

func TestIdleCashout(t *testing.T) {
	tests := []struct {
		name    string
		wait    time.Duration
		back    bool  // the clock is set back an hour before the wait
		want    State // after the wait
		confirm bool  // the wallet confirms the request: the machine is idle with no balance
	}{
		{"before the interval", 14*time.Minute + 59*time.Second, false, Idle, false},
		{"at the interval, confirmed", 15 * time.Minute, false, CashoutPending, true},
		{"at the interval, pending", 15 * time.Minute, false, CashoutPending, false},
		{"clock set back: the wait restarts", 14 * time.Minute, true, Idle, false},
		{"clock set back: 15 minutes after the jump", 15 * time.Minute, true, CashoutPending, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, settings.DefaultConfig(), 10)
			r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 12_345})
			if tc.back {
				r.clock.Add(-time.Hour)
				r.must(Input{Kind: InTick})
			}
			r.clock.Add(tc.wait)
			r.must(Input{Kind: InTick})
			s := r.m.Status()
			if s.State != tc.want {
				t.Fatalf("state %s, want %s", s.State, tc.want)
			}
			if s.CreditsCents != 12_345 {
				t.Fatalf("balance %d before confirmation", s.CreditsCents)
			}
			if s.State != CashoutPending {
				return
			}
			if s.Cashout.Wallet != TestWallet || s.Cashout.Cents != 12_345 || s.Cashout.Reason != "idle" {
				t.Fatalf("request %+v", s.Cashout)
			}
			r.restart() // the request survives a power cycle and is raised again
			if o := r.outs[len(r.outs)-2]; o.Kind != OutCashoutRequest || o.Cashout.ID != s.Cashout.ID {
				t.Fatalf("pending cash-out not raised after restart: %+v", o)
			}
			if !tc.confirm {
				return
			}
			r.must(Input{Kind: InCashoutConfirmed, CashoutID: s.Cashout.ID})
			m := r.meters()
			if m.Get(meters.CurrentCredits) != 0 || m.Get(meters.WalletOut) != 12_345 {
				t.Fatalf("after confirmation %v", m)
			}
			if st := r.m.Status(); st.State != Idle || st.Cashout != nil || st.CreditsCents != 0 {
				t.Fatalf("after confirmation: state %s, cash-out %+v, balance %d", st.State, st.Cashout, st.CreditsCents)
			}
		})
	}
}

func TestCashoutFailedKeepsBalance(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 11)
	r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 500})
	r.must(Input{Kind: InCashout})
	id := r.m.Status().Cashout.ID
	if err := r.do(Input{Kind: InCashoutConfirmed, CashoutID: id + 1}); !errors.Is(err, ErrRefused) {
		t.Fatal("a confirmation of another cash-out was accepted")
	}
	r.must(Input{Kind: InCashoutFailed, CashoutID: id})
	if s := r.m.Status(); s.State != Idle || s.CreditsCents != 500 || r.meters().Get(meters.WalletOut) != 0 {
		t.Fatalf("after a failed transfer: %+v", s)
	}
	if err := r.do(Input{Kind: InCashoutConfirmed, CashoutID: id}); !errors.Is(err, ErrRefused) {
		t.Fatal("a failed cash-out confirmed later")
	}
}

func TestAMLFlags(t *testing.T) {
	tests := []struct {
		name  string
		cents int64
		flag  bool
	}{
		{"below", 199_999, false},
		{"at the threshold", 200_000, true},
		{"above", 300_000, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, settings.DefaultConfig(), 12)
			r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: tc.cents})
			if got := r.hasEvent(meters.EvAMLFlag); got != tc.flag {
				t.Fatalf("aml flag %v, want %v", got, tc.flag)
			}
		})
	}
	// A win at or above a (lowered) threshold is flagged too.
	cfg := settings.DefaultConfig()
	cfg.AMLThresholdCents = 1000
	cfg.Gamble.Enabled = false
	r := newRig(t, cfg, 13)
	r.spinUntil(2000, func(s Status) bool { return s.State == Idle && len(r.recall()) > 0 && r.recall()[0].WinCents >= 1000 })
	found := false
	for _, e := range r.events() {
		found = found || e.Kind == meters.EvAMLFlag && strings.Contains(e.Detail, "win of")
	}
	if !found {
		t.Fatal("a win at the AML threshold was not flagged")
	}
}

func TestDoorAndHostSurviveRestart(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 14)
	r.must(Input{Kind: InDoorOpen})
	if o := r.outs[len(r.outs)-2]; o.Kind != OutEvent || o.Event.Kind != meters.EvDoorOpen {
		t.Fatalf("door open not sent to the floor link: %+v", o)
	}
	r.must(Input{Kind: InHostDisable, Who: "floor"})
	r.restart()
	if s := r.m.Status(); s.State != DoorOpen || !s.Disabled {
		t.Fatalf("after restart: %+v", s)
	}
	r.must(Input{Kind: InDoorClose})
	if s := r.m.Status(); s.State != Disabled || s.Reason != "floor" {
		t.Fatalf("after door close: %+v", s)
	}
	r.must(Input{Kind: InHostEnable, Who: "floor"})
	if s := r.m.Status(); s.State != Idle {
		t.Fatalf("after enable: %+v", s)
	}
	if m := r.meters(); m.Get(meters.DoorOpens) != 1 || m.Get(meters.PowerUps) != 2 {
		t.Fatalf("meters %v", m)
	}
	for _, k := range []meters.EventKind{meters.EvDoorOpen, meters.EvDoorClose, meters.EvHostCommand, meters.EvPowerUp} {
		if !r.hasEvent(k) {
			t.Errorf("no %s event", k)
		}
	}
}

func TestCommitHook(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 15)
	var started, ended, doors int
	r.m.OnCommit(func(l LinkSetter, c Commit) error {
		if c.GameStarted {
			started++
		}
		if c.GameEnded {
			ended++
		}
		for _, e := range c.Events {
			if e.Kind == meters.EvDoorOpen {
				doors++
				return l.SetLink([]byte(`"door seen"`)) // in the same commit
			}
		}
		return nil
	})
	r.must(Input{Kind: InDoorOpen})
	r.must(Input{Kind: InDoorClose})
	r.spinUntil(1, func(Status) bool { return true })
	r.present()
	if s := r.m.Status(); s.State == GambleOffered {
		r.must(Input{Kind: InTakeWin})
	}
	var v []byte
	r.m.View(func(s *meters.Snapshot) { v, _ = s.Value(LinkKey) })
	if started != 1 || ended != 1 || doors != 1 || string(v) != `"door seen"` {
		t.Fatalf("hook saw %d starts, %d ends, %d doors; value %s", started, ended, doors, v)
	}
}
