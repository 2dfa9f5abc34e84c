package machine

import (
	"encoding/json"
	"errors"
	"testing"

	"egm/games/slot"
	"egm/machine/machinetest"
	"egm/machine/settings"
	"egm/meters"
)

// newJackpotRig is a linked machine at the maximum bet whose next game hits a
// linked level (want nil: ordinary games).
func newJackpotRig(t *testing.T, cfg settings.Config, want func(*slot.Outcome) bool) (*rig, *machinetest.HitDecider) {
	t.Helper()
	r := &rig{t: t, dir: t.TempDir(), clock: machinetest.NewClock(), cfg: cfg}
	d := &machinetest.HitDecider{Want: want}
	r.opts = Options{Clock: r.clock, Decider: d}
	r.open()
	r.m.SetJackpotsLinked(true)
	s := r.m.Status()
	_, hi, _ := r.m.BetRange(s.Title, s.DenomCents)
	r.must(Input{Kind: InSetBet, Credits: hi})
	s = r.m.Status()
	d.Aim(r.m.Titles(), s.Title, slot.Bet{LineCents: s.BetPerLine * s.DenomCents, Lines: s.Lines})
	r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 100_000})
	return r, d
}

// hitGame plays one game with a linked hit and presents it: the machine waits.
func (r *rig) hitGame() Status {
	r.t.Helper()
	r.must(Input{Kind: InSpin})
	r.present()
	s := r.m.Status()
	if s.State != JackpotPending || len(s.JackpotLevels) == 0 {
		r.t.Fatalf("after a linked hit: %+v", s)
	}
	return s
}

func (r *rig) outcome() slot.Outcome {
	var g meters.GameInProgress
	r.m.View(func(v *meters.Snapshot) { g, _ = v.Game() })
	var o slot.Outcome
	if err := json.Unmarshal(g.Outcome, &o); err != nil {
		r.t.Fatal(err)
	}
	return o
}

func TestLinkedHitPaysTheControllersAmount(t *testing.T) {
	r, _ := newJackpotRig(t, settings.DefaultConfig(), machinetest.HasJackpot)
	before := r.m.Status().CreditsCents
	s := r.hitGame()
	o := r.outcome()
	if !r.hasEvent(EvJackpotHit) {
		t.Fatal("no jackpot_hit event")
	}
	if s.Reason != "JACKPOT — waiting for the controller" || s.CreditsCents != before-s.BetCents {
		t.Fatalf("waiting: %+v", s)
	}
	// While it waits the win is the outcome's own, with no guessed level amount, and
	// the same after a restart.
	if s.WinCents != o.Win {
		t.Fatalf("waiting: win %d, the outcome's own win is %d", s.WinCents, o.Win)
	}
	// Nothing but the controller's amount ends the wait: not the attendant, not a
	// power cut, not an amount for another game, hit or level.
	if err := r.do(Input{Kind: InAttendantKey}); !errors.Is(err, ErrRefused) {
		t.Fatalf("attendant key: %v", err)
	}
	r.restart()
	if s := r.m.Status(); s.State != JackpotPending || s.WinCents != o.Win {
		t.Fatalf("after restart: %+v", s)
	}
	p, ok := r.m.PendingJackpot()
	if !ok || p.Game != s.Game || len(p.Levels) != len(o.Jackpots) || len(p.Cents) != 0 {
		t.Fatalf("pending %+v %v", p, ok)
	}
	for _, in := range []Input{
		{Kind: InJackpotAmount, Game: s.Game + 1, Level: o.Jackpots[0], Cents: 600_000},
		{Kind: InJackpotAmount, Game: s.Game, Hit: 1, Level: o.Jackpots[0], Cents: 600_000},
		{Kind: InJackpotAmount, Game: s.Game, Level: "mystery", Cents: 600_000},
		{Kind: InJackpotAmount, Game: s.Game, Level: o.Jackpots[0], Cents: 0},
	} {
		if err := r.do(in); !errors.Is(err, ErrRefused) {
			t.Fatalf("%+v: %v", in, err)
		}
	}
	var amounts []int64
	for i, l := range o.Jackpots {
		c := int64(123_456 + 1000*i) // under the handpay limit
		amounts = append(amounts, c)
		r.must(Input{Kind: InJackpotAmount, Game: s.Game, Hit: i, Level: l, Cents: c})
	}
	var total int64
	for _, c := range amounts {
		total += c
	}
	bet := s.BetCents
	s = r.m.Status()
	if s.State != Idle || s.CreditsCents != before-bet+o.Win+total {
		t.Fatalf("after the amounts: %+v (before %d, win %d, jackpots %d)", s, before, o.Win, total)
	}
	rc := r.recall()[0]
	if rc.JackpotCents != total || rc.WinCents != o.Win+total {
		t.Fatalf("recall %+v", rc)
	}
	if got := r.meters().Get(meters.Jackpot); got != total {
		t.Fatalf("jackpot meter %d, want %d", got, total)
	}
	if !r.hasEvent(EvProgressiveWin) || !r.hasEvent(EvJackpotAmount) {
		t.Fatal("no progressive_win / jackpot_amount event")
	}
	// A late resend finds nothing waiting.
	if err := r.do(Input{Kind: InJackpotAmount, Game: s.Game, Level: o.Jackpots[0], Cents: amounts[0]}); !errors.Is(err, ErrRefused) {
		t.Fatalf("resend after payment: %v", err)
	}
}

func TestLinkedHitOverTheLimitIsAHandpay(t *testing.T) {
	r, _ := newJackpotRig(t, settings.DefaultConfig(), machinetest.HasJackpot)
	before := r.m.Status().CreditsCents
	s := r.hitGame()
	o := r.outcome()
	for i, l := range o.Jackpots {
		r.must(Input{Kind: InJackpotAmount, Game: s.Game, Hit: i, Level: l, Cents: 1_500_000})
	}
	if s := r.m.Status(); s.State != HandpayLockup {
		t.Fatalf("over the limit: %+v", s)
	}
	r.restart() // the amounts are in the game record: the same handpay after a power cut
	s2 := r.m.Status()
	total := int64(1_500_000 * len(o.Jackpots))
	if s2.State != HandpayLockup || s2.WinCents != o.Win+total {
		t.Fatalf("after restart: %+v", s2)
	}
	r.must(Input{Kind: InAttendantKey})
	m := r.meters()
	if m.Get(meters.Handpay) != o.Win+total || m.Get(meters.Jackpot) != total || r.m.Status().CreditsCents != before-s.BetCents {
		t.Fatalf("meters %v", m)
	}
	if !r.hasEvent(EvProgressiveHandpay) || !r.hasEvent(meters.EvHandpay) {
		t.Fatal("missing handpay events")
	}
}

// TestLinkedHitResumesCompleteAmounts: a power cut after the last amount was
// committed but before the payment pays at boot, with the committed amount.
func TestLinkedHitResumesCompleteAmounts(t *testing.T) {
	r, _ := newJackpotRig(t, settings.DefaultConfig(), machinetest.HasJackpot)
	s := r.hitGame()
	o := r.outcome()
	j := &jackpotData{Levels: o.Jackpots}
	for range o.Jackpots {
		j.Cents = append(j.Cents, 77_700)
	}
	if err := r.m.st.Update(func(tx *meters.Tx) error { return tx.SetGamePhase(PhaseJackpot, j.raw()) }); err != nil {
		t.Fatal(err)
	}
	r.restart()
	if st := r.m.Status(); st.State != Idle || r.recall()[0].JackpotCents != j.total() || r.recall()[0].Number != s.Game {
		t.Fatalf("after boot: %+v, recall %+v", st, r.recall()[0])
	}
}

func TestUnlinkedHitPaysResetValues(t *testing.T) {
	r, _ := newJackpotRig(t, settings.DefaultConfig(), machinetest.HasJackpot)
	r.m.SetJackpotsLinked(false)
	r.must(Input{Kind: InSpin})
	o := r.outcome()
	r.present()
	if s := r.m.Status(); s.State == JackpotPending {
		t.Fatalf("unlinked: %+v", s)
	}
	if s := r.m.Status(); s.State == HandpayLockup {
		r.must(Input{Kind: InAttendantKey})
	}
	if got, want := r.recall()[0].JackpotCents, JackpotCents(o.Jackpots); got != want || want == 0 {
		t.Fatalf("jackpot %d, want the reset values %d", got, want)
	}
}

func TestLinkedPlainGamesDoNotWait(t *testing.T) {
	r, _ := newJackpotRig(t, settings.DefaultConfig(), func(o *slot.Outcome) bool { return !machinetest.HasJackpot(o) })
	for range 30 {
		r.must(Input{Kind: InSpin})
		r.present()
		switch s := r.m.Status(); s.State {
		case GambleOffered:
			r.must(Input{Kind: InTakeWin})
		case HandpayLockup:
			r.must(Input{Kind: InAttendantKey})
		case Idle:
		default:
			t.Fatalf("linked plain game: %+v", s)
		}
	}
}
