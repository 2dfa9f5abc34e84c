package machine

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"egm/jurisdiction"
	"egm/machine/machinetest"
	"egm/machine/settings"
	"egm/meters"
)

// TestRecallLast100Exactly: after 150 games recall holds games 51..150, each with
// the outcome bytes the screen was given, the bet, and the balance before and after.
func TestRecallLast100Exactly(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 50)
	type shown struct {
		outcome       []byte
		before, after int64
		bet, perLine  int64
		title         string
	}
	games := map[uint64]*shown{}
	r.m.Subscribe(func(o Output) {
		if o.Kind == OutPresent && o.Step == 0 {
			s := r.m.Status() // Subscribe runs after the input: the game is in progress
			games[s.Game] = &shown{outcome: o.Outcome, before: s.CreditsCents + s.BetCents, bet: s.BetCents, perLine: s.BetPerLine, title: s.Title}
		}
		if o.Kind == OutGameEnd {
			games[o.Recall.Number].after = r.m.Status().CreditsCents
		}
	})
	p := rand.New(rand.NewPCG(50, 0))
	for n := 0; n < 150; {
		s := r.m.Status()
		switch s.State {
		case GambleOffered:
			r.must(Input{Kind: []InputKind{InTakeWin, InGambleRed, InGambleBlack}[p.IntN(3)]})
			continue
		case GameInProgress:
			r.must(Input{Kind: InStepShown, Step: s.Step})
			continue
		}
		if s.CreditsCents < 4000 {
			r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 20_000})
		}
		ts := r.m.Titles()
		r.must(Input{Kind: InSelectTitle, Title: ts[p.IntN(len(ts))].Spec.ID})
		r.must(Input{Kind: InBetUp})
		r.must(Input{Kind: InSpin})
		n++
	}
	r.present()
	if s := r.m.Status(); s.State == GambleOffered {
		r.must(Input{Kind: InTakeWin})
	}
	rc := r.recall()
	if len(rc) != 100 {
		t.Fatalf("recall holds %d games", len(rc))
	}
	for i, e := range rc {
		want := uint64(150 - i)
		g := games[e.Number]
		if e.Number != want || g == nil {
			t.Fatalf("recall entry %d is game %d, want %d", i, e.Number, want)
		}
		if !bytes.Equal(e.Outcome, g.outcome) || e.BetCents != g.bet || e.BetPerLineCredits != g.perLine || e.Title != g.title ||
			e.CreditsBeforeCents != g.before || e.CreditsAfterCents != g.after {
			t.Fatalf("recall of game %d differs from what was played: %+v", e.Number, e)
		}
	}
}

// TestVoidOnUnreadableOutcome: a stored outcome the machine cannot read back (a
// program fault) voids the game at boot: the stake back, no win, a tilt.
func TestVoidOnUnreadableOutcome(t *testing.T) {
	dir := t.TempDir()
	st, err := meters.Open(dir, meters.Options{})
	if err != nil {
		t.Fatal(err)
	}
	err = st.Update(func(tx *meters.Tx) error {
		tx.Add(meters.WalletIn, 1000)
		tx.Add(meters.CoinIn, 100)
		tx.Add(meters.GamesPlayed, 1)
		tx.SetCredits(900)
		return tx.SetGame(meters.GameInProgress{Number: 1, Title: "gems-secrets", DenomCents: 10, BetPerLineCredits: 1,
			Lines: 10, BetCents: 100, CreditsBeforeCents: 1000, Outcome: json.RawMessage(`{"window":"torn"}`)})
	})
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	r := &rig{t: t, dir: dir, clock: machinetest.NewClock(), cfg: settings.DefaultConfig()}
	r.opts = Options{Clock: r.clock, Decider: Seeded{nil}}
	r.open()
	s := r.m.Status()
	m := r.meters()
	if s.State != Tilt || s.Reason != TiltProgram || s.CreditsCents != 1000 || m.Get(meters.VoidedRefund) != 100 || m.Get(meters.GamesVoided) != 1 {
		t.Fatalf("status %+v meters %v", s, m)
	}
	if rc := r.recall(); len(rc) != 1 || !rc[0].Voided || rc[0].WinCents != 0 {
		t.Fatalf("recall %+v", rc)
	}
}

// TestRandomInputsAndRestarts throws random inputs (many of them refused) and power
// cuts at a machine, checking after each that the credits invariant holds, no meter
// went down and every game played is settled once or in progress.
func TestRandomInputsAndRestarts(t *testing.T) {
	cfg := settings.DefaultConfig()
	cfg.HandpayLimitCents = 10_000
	cfg.Gamble.MaxWin = 10_000
	r := newRig(t, cfg, 60)
	p := rand.New(rand.NewPCG(60, 1))
	var prev meters.Meters
	kinds := []InputKind{InSelectTitle, InSelectDenom, InSetBet, InBetUp, InMaxBet, InSpin, InSpin, InSpin, InStepShown, InStepShown,
		InTakeWin, InGambleRed, InGambleBlack, InCollect, InCashout, InAttendantKey, InDoorOpen, InDoorClose,
		InHostDisable, InHostEnable, InDeposit, InCashoutConfirmed, InCashoutFailed, InTick}
	for i := 0; i < 10000; i++ {
		if p.IntN(100) == 0 {
			r.restart()
		}
		s := r.m.Status()
		in := Input{Kind: kinds[p.IntN(len(kinds))], Step: s.Step, Wallet: TestWallet, Cents: int64(p.IntN(30_000)), Credits: int64(p.IntN(50))}
		if s.Cashout != nil {
			in.CashoutID = s.Cashout.ID
		}
		if ts := r.m.Titles(); in.Kind == InSelectTitle {
			in.Title = ts[p.IntN(len(ts))].Spec.ID
		}
		if in.Kind == InSelectDenom {
			ds := jurisdiction.EE.Limits.Denominations
			in.Cents = ds[p.IntN(len(ds))]
		}
		if p.IntN(20) == 0 {
			r.clock.Add(-5 * 60e9)
		} else {
			r.clock.Add(90e9)
		}
		r.do(in)
		m := r.meters()
		if err := m.Invariant(); err != nil {
			t.Fatalf("input %d (%s): %v", i, in.Kind, err)
		}
		for k := range m {
			if meters.Meter(k) != meters.CurrentCredits && m[k] < prev[k] {
				t.Fatalf("input %d (%s): %s went down", i, in.Kind, meters.Meter(k))
			}
		}
		prev = m
		open := int64(0)
		if r.m.Status().Game != 0 {
			open = 1
		}
		if m.Get(meters.GamesWon)+m.Get(meters.GamesLost)+m.Get(meters.GamesVoided)+open != m.Get(meters.GamesPlayed) {
			t.Fatalf("input %d (%s): games %v", i, in.Kind, m)
		}
		if st := r.m.Status().State; st == Tilt || st == RAMError {
			t.Fatalf("input %d (%s): %s %s", i, in.Kind, st, r.m.Status().Reason)
		}
	}
	m := r.meters()
	if m.Get(meters.GamesPlayed) < 100 || m.Get(meters.WalletOut) == 0 || m.Get(meters.Handpay) == 0 {
		t.Fatalf("the random inputs did not exercise the machine: %v", m)
	}
	t.Logf("meters after random inputs: %v", m)
}
