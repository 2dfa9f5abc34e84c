package machine

import (
	"encoding/json"
	"testing"

	"egm/games/slot"
	"egm/machine/bonusjp"
	"egm/machine/settings"
	"egm/meters"
	"egm/rng"
)

// bonusCfg is the default configuration with a bonus jackpot funding the first
// title at 10% of coin-in in a window (reset, ceiling] cents.
func bonusCfg(t *testing.T, reset, ceiling int64) settings.Config {
	t.Helper()
	cfg := settings.DefaultConfig()
	r := newRig(t, cfg, 1)
	title := r.m.Status().Title
	r.m.Close()
	cfg.BonusJackpot = bonusjp.Config{Enabled: true, Titles: []string{title}, RateBP: 1000, ResetCents: reset, CeilingCents: ceiling}
	return cfg
}

func (r *rig) bonusRecord() bonusRecord {
	r.t.Helper()
	var b bonusRecord
	r.m.View(func(v *meters.Snapshot) { b, _ = readBonus(v.Value) })
	return b
}

func (r *rig) maxBet() {
	r.t.Helper()
	s := r.m.Status()
	_, hi, _ := r.m.BetRange(s.Title, s.DenomCents)
	r.must(Input{Kind: InSetBet, Credits: hi})
}

// bonusHit plays until a game that hits the bonus jackpot is committed (not yet
// presented) and returns its record.
func (r *rig) bonusHit() bonusRecord {
	r.t.Helper()
	for range 2000 {
		switch s := r.m.Status(); {
		case s.State == HandpayLockup:
			r.must(Input{Kind: InAttendantKey})
		case s.State == GambleOffered:
			r.must(Input{Kind: InTakeWin})
		case s.CreditsCents < s.BetCents:
			r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 100_000})
		}
		r.must(Input{Kind: InSpin})
		if b := r.bonusRecord(); b.Award > 0 {
			return b
		}
		r.present()
	}
	r.t.Fatal("no bonus jackpot hit in 2000 games")
	return bonusRecord{}
}

func (r *rig) checkBonusIdentity() bonusjp.Level {
	r.t.Helper()
	b := r.bonusRecord()
	if err := b.Level.Check(); err != nil {
		r.t.Fatal(err)
	}
	var paid int64
	r.m.View(func(v *meters.Snapshot) { paid = v.Counter(CounterBonusJackpotPaid) })
	if b.Game == 0 && paid*bonusjp.UnitsPerCent != b.Level.Paid {
		r.t.Fatalf("paid counter %d cents, level paid %d Units", paid, b.Level.Paid)
	}
	return b.Level
}

func TestBonusJackpotFundsHitsAndPaysToCredits(t *testing.T) {
	r := newRig(t, bonusCfg(t, 1_000, 2_000), 5)
	r.maxBet()
	b := r.bonusHit()
	if b.Award <= 1_000 || b.Award > 2_000 || b.Level.Hits != 1 {
		t.Fatalf("hit record %+v", b)
	}
	if s := r.m.Status(); s.WinCents < b.Award {
		t.Fatalf("the game's win %d does not hold the award %d", s.WinCents, b.Award)
	}
	if !r.hasEvent(EvBonusJackpot) {
		t.Fatal("no bonus_jackpot event at the hit")
	}
	r.present()
	if s := r.m.Status(); s.State == GambleOffered {
		t.Fatal("a bonus jackpot win was offered to the gamble")
	}
	l := r.checkBonusIdentity()
	if l.CoinIn != r.meters()[meters.CoinIn] || l.Funded != l.CoinIn*1000 {
		t.Fatalf("level coin-in %d, funded %d Units; coin-in meter %d", l.CoinIn, l.Funded, r.meters()[meters.CoinIn])
	}
	if rc := r.recall(); rc[0].WinCents < b.Award {
		t.Fatalf("recall win %d below the award %d", rc[0].WinCents, b.Award)
	}
	// More games: every award in the window, the identity at every settlement.
	for range 3 {
		r.bonusHit()
		r.present()
		r.checkBonusIdentity()
	}
}

func TestBonusJackpotOverTheLimitIsAHandpay(t *testing.T) {
	cfg := bonusCfg(t, 0, 0)
	p, _ := cfg.Profile()
	cfg.HandpayLimitCents, cfg.Gamble.Enabled = p.Limits.MaxBet, false
	cfg.BonusJackpot.ResetCents, cfg.BonusJackpot.CeilingCents = p.Limits.MaxBet*2, p.Limits.MaxBet*3
	r := newRig(t, cfg, 9)
	r.maxBet()
	b := r.bonusHit()
	r.present()
	if s := r.m.Status(); s.State != HandpayLockup {
		t.Fatalf("a %d-cent bonus jackpot over the %d limit: %+v", b.Award, cfg.HandpayLimitCents, s)
	}
	r.restart() // a power cut in the lockup: still the handpay, the award once
	if s := r.m.Status(); s.State != HandpayLockup {
		t.Fatalf("after restart: %+v", s)
	}
	hp := r.meters()[meters.Handpay]
	r.must(Input{Kind: InAttendantKey})
	if got := r.meters()[meters.Handpay] - hp; got < b.Award {
		t.Fatalf("handpaid %d, award %d", got, b.Award)
	}
	r.checkBonusIdentity()
}

func TestBonusJackpotPowerCutMidHit(t *testing.T) {
	r := newRig(t, bonusCfg(t, 1_000, 2_000), 11)
	r.maxBet()
	b := r.bonusHit()
	for range 2 { // cut power after the hit's commit, then again mid-presentation
		r.restart()
		if got := r.bonusRecord(); got.Award != b.Award || got.Level != b.Level {
			t.Fatalf("after restart: record %+v, before %+v (the trigger must never be redrawn)", got, b)
		}
		if s := r.m.Status(); s.State != GameInProgress || s.WinCents < b.Award {
			t.Fatalf("after restart: %+v", s)
		}
		if s := r.m.Status(); s.Step < 1 && Steps(ptrOutcome(r)) > 1 {
			r.must(Input{Kind: InStepShown, Step: s.Step})
		}
	}
	credits := r.m.Status().CreditsCents
	r.present()
	if s := r.m.Status(); s.State == GambleOffered {
		r.must(Input{Kind: InTakeWin})
	}
	if got := r.m.Status().CreditsCents - credits; got < b.Award {
		t.Fatalf("credited %d, award %d", got, b.Award)
	}
	r.restart() // after settlement: nothing is paid again
	var paid int64
	r.m.View(func(v *meters.Snapshot) { paid = v.Counter(CounterBonusJackpotPaid) })
	if paid != b.Award {
		t.Fatalf("paid counter %d, award %d", paid, b.Award)
	}
	l := r.checkBonusIdentity()
	if l.Trigger != b.Level.Trigger {
		t.Fatalf("trigger redrawn: %d, drawn %d at the hit", l.Trigger, b.Level.Trigger)
	}
}

func ptrOutcome(r *rig) *slot.Outcome { o := r.outcome(); return &o }

func TestBonusJackpotOnlyOnFundingTitlesAndRefusedConfig(t *testing.T) {
	cfg := bonusCfg(t, 1_000, 2_000)
	bad := cfg
	bad.BonusJackpot.Titles = []string{"no-such-title"}
	if _, err := Open(t.TempDir(), bad, Options{Decider: Seeded{rng.NewSeeded(1)}}); err == nil {
		t.Fatal("a bonus jackpot on a title that is not installed opened")
	}
	// A title that does not fund: no level, nothing counted.
	other := cfg
	r := newRig(t, settings.DefaultConfig(), 1)
	for _, ti := range r.m.Titles() {
		if ti.Spec.ID != cfg.BonusJackpot.Titles[0] {
			other.BonusJackpot.Titles = []string{ti.Spec.ID}
			break
		}
	}
	r.m.Close()
	r = newRig(t, other, 3)
	r.spinUntil(5, func(Status) bool { return len(r.recall()) >= 3 })
	var started bool
	r.m.View(func(v *meters.Snapshot) { _, _, started = StoredBonusJackpot(v) })
	if started {
		t.Fatal("games of a title that does not fund started the level")
	}
	// A running level's window cannot change.
	r = newRig(t, cfg, 3)
	r.spinUntil(5, func(Status) bool { return len(r.recall()) >= 1 })
	r.m.Close()
	changed := cfg
	changed.BonusJackpot.CeilingCents++
	if _, err := Open(r.dir, changed, r.opts); err == nil {
		t.Fatal("a changed window over a running level opened")
	}
	if _, v, ok := func() (bonusjp.Config, bonusjp.View, bool) { r.open(); return r.m.BonusJackpot() }(); !ok || v.CeilingCents != 2_000 || v.Cents < 1_000 {
		t.Fatalf("BonusJackpot view %+v %v", v, ok)
	}
}

// A game that hit the bonus jackpot and is then voided (its stored outcome
// unreadable at the next boot: a program fault) refunds the stake, pays no award
// and puts the level back as it stood before the game: its funding, its trigger
// and its hits; the identity holds and the paid counter did not move.
func TestBonusJackpotHitVoided(t *testing.T) {
	r := newRig(t, bonusCfg(t, 1_000, 2_000), 13)
	r.maxBet()
	b := r.bonusHit()
	if b.Before == nil {
		t.Fatalf("the hit's record keeps no level from before the game: %+v", b)
	}
	before := *b.Before
	g, ok := r.m.Status(), true
	var paid int64
	r.m.View(func(v *meters.Snapshot) { paid = v.Counter(CounterBonusJackpotPaid) })
	credits := g.CreditsCents
	r.m.Close()
	st, err := meters.Open(r.dir, meters.Options{})
	if err != nil {
		t.Fatal(err)
	}
	err = st.Update(func(tx *meters.Tx) error {
		gp, in := tx.Game()
		ok = in
		gp.Outcome = json.RawMessage(`{"window":"torn"}`)
		tx.ClearGame()
		return tx.SetGame(gp)
	})
	st.Close()
	if err != nil || !ok {
		t.Fatalf("tearing the stored outcome: %v (a game in progress: %v)", err, ok)
	}
	r.open()
	s := r.m.Status()
	if s.State != Tilt || s.CreditsCents != credits+g.BetCents {
		t.Fatalf("after the void: %+v, want a tilt with %d + the stake %d", s, credits, g.BetCents)
	}
	got := r.bonusRecord()
	if got.Award != 0 || got.Game != 0 || got.Level != before {
		t.Fatalf("the level after the void: %+v, want the level before the game %+v", got, before)
	}
	var paidAfter int64
	r.m.View(func(v *meters.Snapshot) { paidAfter = v.Counter(CounterBonusJackpotPaid) })
	if paidAfter != paid {
		t.Fatalf("the paid counter moved from %d to %d on a voided hit", paid, paidAfter)
	}
	if rc := r.recall(); !rc[0].Voided || rc[0].WinCents != 0 {
		t.Fatalf("recall %+v", rc[0])
	}
	if !r.hasEvent(EvBonusJackpot) {
		t.Fatal("the voided hit is not in the event log")
	}
	r.checkBonusIdentity()
}
