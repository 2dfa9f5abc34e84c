package machine

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"egm/games/slot"
	"egm/machine/machinetest"
	"egm/machine/settings"
	"egm/meters"
	"egm/rng"
)

func TestPlainGameTwoCommits(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 1)
	r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 10_000})
	for i := 0; i < 50; i++ {
		before := r.m.st.Stats().Commits
		r.must(Input{Kind: InSpin})
		s := r.m.Status()
		if s.State != GameInProgress || s.Step != 0 {
			t.Fatalf("after spin: %+v", s)
		}
		steps := s.Steps
		r.present()
		if s := r.m.Status(); s.State == GambleOffered {
			r.must(Input{Kind: InTakeWin})
		}
		if got, want := r.m.st.Stats().Commits-before, uint64(steps+1); got != want {
			t.Fatalf("game %d with %d steps: %d commits, want %d", i, steps, got, want)
		}
		if s := r.m.Status(); s.CreditsCents < s.BetCents {
			r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 10_000})
		}
	}
	m := r.meters()
	if m.Get(meters.GamesPlayed) != 50 || m.Get(meters.GamesWon)+m.Get(meters.GamesLost) != 50 {
		t.Fatalf("meters %v", m)
	}
	rc := r.recall()
	if len(rc) != 50 || rc[0].Number != 50 || rc[49].Number != 1 {
		t.Fatalf("recall: %d entries, newest %d", len(rc), rc[0].Number)
	}
	for _, e := range rc {
		if e.CreditsAfterCents != e.CreditsBeforeCents-e.BetCents+e.WinCents {
			t.Fatalf("recall %d: %d - %d + %d != %d", e.Number, e.CreditsBeforeCents, e.BetCents, e.WinCents, e.CreditsAfterCents)
		}
		var o slot.Outcome
		if err := json.Unmarshal(e.Outcome, &o); err != nil || o.Title != e.Title {
			t.Fatalf("recall %d outcome: %v", e.Number, err)
		}
	}
}

func TestRefusals(t *testing.T) {
	tests := []struct {
		name  string
		setup []Input
		in    Input
	}{
		{"bet over balance", nil, Input{Kind: InSpin}},
		{"bet over balance by a cent", []Input{{Kind: InDeposit, Wallet: TestWallet, Cents: 49}}, Input{Kind: InSpin}},
		{"door open", []Input{{Kind: InDeposit, Wallet: TestWallet, Cents: 5000}, {Kind: InDoorOpen}}, Input{Kind: InSpin}},
		{"disabled", []Input{{Kind: InDeposit, Wallet: TestWallet, Cents: 5000}, {Kind: InHostDisable, Who: "host"}}, Input{Kind: InSpin}},
		{"another wallet", []Input{{Kind: InDeposit, Wallet: TestWallet, Cents: 5000}}, Input{Kind: InDeposit, Wallet: "other", Cents: 100}},
		{"deposit zero", nil, Input{Kind: InDeposit, Wallet: TestWallet}},
		{"denomination not offered", nil, Input{Kind: InSelectDenom, Cents: 3}},
		{"bet per line too big", nil, Input{Kind: InSetBet, Credits: 100_000}},
		{"unknown title", nil, Input{Kind: InSelectTitle, Title: "nope"}},
		{"step with no game", nil, Input{Kind: InStepShown}},
		{"gamble with no win", nil, Input{Kind: InGambleRed}},
		{"cash-out with nothing", nil, Input{Kind: InCashout}},
		{"confirm nothing", nil, Input{Kind: InCashoutConfirmed, CashoutID: 1}},
		{"ram clear on good memory", nil, Input{Kind: InRAMClear, Who: "op"}},
		{"attendant with nothing", nil, Input{Kind: InAttendantKey}},
		{"spin while cash-out pending", []Input{{Kind: InDeposit, Wallet: TestWallet, Cents: 5000}, {Kind: InCashout}}, Input{Kind: InSpin}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, settings.DefaultConfig(), 2)
			for _, in := range tc.setup {
				r.must(in)
			}
			before := r.meters()
			seq := r.m.Seq()
			if err := r.do(tc.in); !errors.Is(err, ErrRefused) {
				t.Fatalf("%s: err %v, want a refusal", tc.in.Kind, err)
			}
			if r.meters() != before || r.m.Seq() != seq {
				t.Fatal("a refused input changed critical memory")
			}
		})
	}
}

// TestResumeSameOutcome cuts the power at every step of games with features and
// checks the restarted machine presents the same stored outcome from the next step
// and settles it once.
func TestResumeSameOutcome(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 3)
	for found := 0; found < 3; {
		s := r.spinUntil(3000, func(s Status) bool { return s.State == GameInProgress && s.Steps > 2 })
		found++
		var stored json.RawMessage
		r.m.View(func(v *meters.Snapshot) { g, _ := v.Game(); stored = g.Outcome })
		played := r.meters().Get(meters.GamesPlayed)
		for step := 0; step < s.Steps; step++ {
			r.restart()
			s2 := r.m.Status()
			if s2.State != GameInProgress || s2.Game != s.Game || s2.Step != step {
				t.Fatalf("after restart at step %d: %+v", step, s2)
			}
			var again json.RawMessage
			r.m.View(func(v *meters.Snapshot) { g, _ := v.Game(); again = g.Outcome })
			if !bytes.Equal(stored, again) {
				t.Fatal("outcome changed across a restart")
			}
			if o := r.outs[len(r.outs)-2]; o.Kind != OutPresent || o.Step != step || !bytes.Equal(o.Outcome, stored) {
				t.Fatalf("restart did not ask to present step %d: %+v", step, o)
			}
			if f := s2.Feature; (step == 0) != (f == "") || step > 0 && f != "free_games" && f != "lock_spin" {
				t.Fatalf("step %d: feature %q", step, f)
			}
			r.must(Input{Kind: InStepShown, Step: step})
		}
		if st := r.m.Status(); st.State == GambleOffered {
			r.restart() // the offer is not committed: the last step is shown again
			if st := r.m.Status(); st.State != GameInProgress || st.Step != s.Steps-1 {
				t.Fatalf("gamble offer after restart: %+v", st)
			}
			r.present()
			r.must(Input{Kind: InTakeWin})
		}
		if m := r.meters(); m.Get(meters.GamesPlayed) != played || m.Get(meters.GamesWon)+m.Get(meters.GamesLost) != played {
			t.Fatalf("game settled twice or not at all: %v", m)
		}
		if rc := r.recall(); rc[0].Number != s.Game || !bytes.Equal(rc[0].Outcome, stored) {
			t.Fatal("recall does not hold the resumed game's outcome")
		}
	}
}

func TestHandpay(t *testing.T) {
	cfg := settings.DefaultConfig()
	cfg.HandpayLimitCents = slot.MaxBetCents // the lowest allowed: big wins lock
	cfg.Gamble.Enabled = false
	r := newRig(t, cfg, 4)
	r.must(Input{Kind: InSelectDenom, Cents: 100})
	r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 100_000})
	r.must(Input{Kind: InMaxBet})
	r.present()
	s := r.spinUntil(5000, func(s Status) bool { return s.State == HandpayLockup })
	win := s.WinCents
	before := r.meters()
	if err := r.do(Input{Kind: InSpin}); !errors.Is(err, ErrRefused) {
		t.Fatal("spin accepted in handpay lockup")
	}
	r.restart()
	if s := r.m.Status(); s.State != HandpayLockup || s.WinCents != win {
		t.Fatalf("handpay lost across a restart: %+v", s)
	}
	r.must(Input{Kind: InAttendantKey})
	after := r.meters()
	if after.Get(meters.Handpay)-before.Get(meters.Handpay) != win || after.Get(meters.CurrentCredits) != before.Get(meters.CurrentCredits) {
		t.Fatalf("handpay %d not recorded as such: %v → %v", win, before, after)
	}
	if rc := r.recall()[0]; rc.HandpayCents != win || rc.WinCents != win {
		t.Fatalf("recall: %+v", rc)
	}
	if !r.hasEvent(meters.EvHandpay) || !r.hasEvent(meters.EvHandpayReset) {
		t.Fatal("handpay events missing")
	}
}

func TestGambleCommitsAndResumes(t *testing.T) {
	cfg := settings.DefaultConfig()
	cfg.Gamble.MaxAttempts = 5
	r := newRig(t, cfg, 5)
	for rounds := 0; rounds < 20; rounds++ {
		s := r.spinUntil(500, func(s Status) bool { return s.State == GambleOffered })
		seq := r.m.Seq()
		r.must(Input{Kind: InGambleRed})
		if r.m.Seq() == seq {
			t.Fatal("a gamble step was not committed")
		}
		if st := r.m.Status(); st.State == GambleOffered {
			round, _, _ := r.m.GambleHistory()
			r.restart()
			st2 := r.m.Status()
			round2, _, err := r.m.GambleHistory()
			if err != nil || st2.State != GambleOffered || st2.GambleCents != st.GambleCents || len(round2.Steps) != len(round.Steps) {
				t.Fatalf("gamble not resumed: %+v %v", st2, err)
			}
			r.must(Input{Kind: InCollect})
		}
		rc := r.recall()[0]
		if rc.Number != s.Game || len(rc.Gamble) == 0 {
			t.Fatalf("recall lacks the gamble: %+v", rc)
		}
		var round struct {
			Amount int64 `json:"amount"`
		}
		json.Unmarshal(rc.Gamble, &round)
		if rc.WinCents != round.Amount {
			t.Fatalf("game %d credited %d, gamble ended at %d", rc.Number, rc.WinCents, round.Amount)
		}
	}
	if c := r.counters(); c[CounterGambleIn] == 0 {
		t.Fatalf("gamble counters: %v", c)
	}
}

func (r *rig) counters() map[string]int64 {
	var c map[string]int64
	r.m.View(func(v *meters.Snapshot) { c = v.Counters() })
	return c
}

func TestGambleOff(t *testing.T) {
	cfg := settings.DefaultConfig()
	cfg.Gamble.Enabled = false
	r := newRig(t, cfg, 6)
	for i := 0; i < 200; i++ {
		r.spinUntil(1, func(Status) bool { return true })
		r.present()
		if s := r.m.Status(); s.State != Idle {
			t.Fatalf("game %d: state %s with gamble off", i, s.State)
		}
	}
}

// TestVoidOnRNGFailure: R-FAULT-1 — the stake back, no win, void in recall and log.
func TestVoidOnRNGFailure(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 7)
	dec := &machinetest.FailingDecider{G: rng.NewSeeded(7)}
	r.opts.Decider = dec
	r.restart()
	r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 5000})
	dec.Fail.Store(true)
	if err := r.do(Input{Kind: InSpin}); err == nil || errors.Is(err, ErrRefused) {
		t.Fatalf("spin with a failing RNG: %v", err)
	}
	r.checkInvariant()
	m := r.meters()
	if s := r.m.Status(); s.State != Tilt || s.Reason != TiltRNG || s.CreditsCents != 5000 {
		t.Fatalf("status %+v", s)
	}
	if m.Get(meters.GamesVoided) != 1 || m.Get(meters.VoidedRefund) != m.Get(meters.CoinIn) || m.Get(meters.WonToCredits) != 0 {
		t.Fatalf("meters %v", m)
	}
	if rc := r.recall(); len(rc) != 1 || !rc[0].Voided || rc[0].VoidReason != TiltRNG {
		t.Fatalf("recall %+v", rc)
	}
	if !r.hasEvent(meters.EvGameVoided) || !r.hasEvent(meters.EvTilt) {
		t.Fatal("void not in the event log")
	}
	r.restart() // the tilt survives a power cycle
	if s := r.m.Status(); s.State != Tilt {
		t.Fatalf("tilt lost: %+v", s)
	}
	if err := r.do(Input{Kind: InAttendantKey}); !errors.Is(err, ErrRefused) {
		t.Fatal("tilt cleared while the RNG still fails")
	}
	dec.Fail.Store(false)
	r.must(Input{Kind: InAttendantKey})
	if s := r.m.Status(); s.State != Idle {
		t.Fatalf("after clear: %+v", s)
	}
}

// TestVoidMidGamble: an RNG failure on a gamble card voids the whole game.
func TestVoidMidGamble(t *testing.T) {
	dec := &machinetest.FailingDecider{G: rng.NewSeeded(8)}
	r := newRig(t, settings.DefaultConfig(), 8)
	r.opts.Decider = dec
	r.restart()
	r.spinUntil(500, func(s Status) bool { return s.State == GambleOffered })
	before := r.meters()
	dec.Fail.Store(true)
	if err := r.do(Input{Kind: InGambleBlack}); err == nil {
		t.Fatal("gamble with a failing RNG succeeded")
	}
	r.checkInvariant()
	after := r.meters()
	rc := r.recall()[0]
	if !rc.Voided || after.Get(meters.VoidedRefund)-before.Get(meters.VoidedRefund) != rc.BetCents ||
		after.Get(meters.WonToCredits) != before.Get(meters.WonToCredits) {
		t.Fatalf("void mid-gamble: %+v, %v → %v", rc, before, after)
	}
}

// TestOutcomesIndependent (R-RNG-3): the same seed gives the same outcomes whatever
// the balance, the deposits, doors, cash-outs and clock in between.
func TestOutcomesIndependent(t *testing.T) {
	play := func(deposit int64, noise bool) [][]byte {
		cfg := settings.DefaultConfig()
		cfg.Gamble.Enabled = false
		r := newRig(t, cfg, 99)
		r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: deposit})
		var outs [][]byte
		for i := 0; i < 60; i++ {
			if noise {
				r.clock.Add(37_000_000_000 * 3) // minutes pass
				if i%7 == 0 {
					r.must(Input{Kind: InDoorOpen})
					r.must(Input{Kind: InDoorClose})
				}
				if i%11 == 0 {
					r.must(Input{Kind: InCashout})
					r.must(Input{Kind: InCashoutConfirmed, CashoutID: r.m.Status().Cashout.ID})
				}
			}
			if s := r.m.Status(); s.CreditsCents < s.BetCents {
				r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: deposit})
			}
			r.must(Input{Kind: InSpin})
			r.present()
			outs = append(outs, r.recall()[0].Outcome)
		}
		return outs
	}
	a, b := play(100_000, false), play(60, true)
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			t.Fatalf("game %d differs with a different balance and history", i+1)
		}
	}
}
