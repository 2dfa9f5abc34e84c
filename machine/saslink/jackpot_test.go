package saslink

import (
	"context"
	"net"
	"path/filepath"
	"testing"

	"egm/floor"
	"egm/floor/jackpots"
	"egm/games/slot"
	"egm/jackpot"
	"egm/machine"
	"egm/machine/machinetest"
	"egm/machine/settings"
	"egm/meters"
	"egm/rng"
	"egm/sas"
)

// linkedEGM is a machine with its floor link at addr, served over a pipe.
type linkedEGM struct {
	t   testing.TB
	m   *machine.Machine
	b   *Bridge
	p   *floor.Poller
	dec *machinetest.HitDecider
}

func newLinkedEGM(t testing.TB, addr byte, want func(*slot.Outcome) bool) *linkedEGM {
	return newLinkedEGMOn(t, addr, want, nil)
}

// newLinkedEGMOn is newLinkedEGM on a given transport (nil: a pipe at addr).
func newLinkedEGMOn(t testing.TB, addr byte, want func(*slot.Outcome) bool, serve func(testing.TB, *Bridge) *floor.Poller) *linkedEGM {
	t.Helper()
	dec := &machinetest.HitDecider{Want: want}
	m, err := machine.Open(t.TempDir(), settings.DefaultConfig(), machine.Options{Decider: dec})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	b, err := New(m, "EGM-JP", func() ([]byte, error) { return []byte("program"), nil })
	if err != nil {
		t.Fatal(err)
	}
	var p *floor.Poller
	if serve != nil {
		p = serve(t, b)
	} else {
		x, y := net.Pipe()
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { (&sas.Link{Addr: addr, Handler: &sas.Responder{M: b}}).Serve(ctx, x); close(done) }()
		t.Cleanup(func() { cancel(); x.Close(); y.Close(); <-done })
		p = &floor.Poller{Addr: addr, Host: &sas.Host{Port: y}}
	}
	e := &linkedEGM{t: t, m: m, b: b, p: p, dec: dec}
	e.must(machine.Input{Kind: machine.InTick})
	s := m.Status()
	_, hi, _ := m.BetRange(s.Title, s.DenomCents)
	e.must(machine.Input{Kind: machine.InSetBet, Credits: hi})
	s = m.Status()
	dec.Aim(m.Titles(), s.Title, slot.Bet{LineCents: s.BetPerLine * s.DenomCents, Lines: s.Lines})
	return e
}

func (e *linkedEGM) must(in machine.Input) {
	e.t.Helper()
	if err := e.m.Handle(in); err != nil {
		e.t.Fatalf("%+v: %v", in, err)
	}
}

// play plays one game to its end or its wait for the controller.
func (e *linkedEGM) play() machine.Status {
	e.t.Helper()
	if s := e.m.Status(); s.CreditsCents < s.BetCents {
		e.must(machine.Input{Kind: machine.InDeposit, Wallet: "w1", Cents: 200_000})
	}
	e.must(machine.Input{Kind: machine.InSpin})
	for {
		switch s := e.m.Status(); s.State {
		case machine.GameInProgress:
			e.must(machine.Input{Kind: machine.InStepShown, Step: s.Step})
		case machine.GambleOffered:
			e.must(machine.Input{Kind: machine.InTakeWin})
		case machine.HandpayLockup:
			e.must(machine.Input{Kind: machine.InAttendantKey})
		default:
			return s
		}
	}
}

func (e *linkedEGM) cycle(l *jackpots.Linked) {
	e.t.Helper()
	m, err := e.p.Meters()
	if err != nil {
		e.t.Fatal(err)
	}
	if err := l.Cycle(e.p, m); err != nil {
		e.t.Fatal(err)
	}
}

func newLinked(t testing.TB, levels []jackpot.LevelConfig, addrs ...byte) *jackpots.Linked {
	t.Helper()
	c, err := jackpot.Open(filepath.Join(t.TempDir(), "jackpot.db"), jackpot.Options{Levels: levels, RNG: rng.NewSeeded(11)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	st, err := floor.OpenStore(filepath.Join(t.TempDir(), "floor.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	l := &jackpots.Linked{C: c, Store: st}
	if _, bench := t.(*testing.B); !bench {
		l.Log = func(s string) { t.Log(s) }
	}
	for _, a := range addrs {
		if err := l.Register(a); err != nil {
			t.Fatal(err)
		}
	}
	return l
}

func levelAmount(l *jackpots.Linked, name string) int64 {
	for _, x := range l.C.Levels() {
		if x.Name == name {
			return x.AmountCents
		}
	}
	return -1
}

// TestSimultaneousHitsOverSAS: two machines wait on a Major at once; the floor
// answers the first with the level's amount, the second with the reset value plus
// what accrued after the first; each machine pays exactly its answer.
func TestSimultaneousHitsOverSAS(t *testing.T) {
	l := newLinked(t, nil, 1, 2)
	e1, e2 := newLinkedEGM(t, 1, nil), newLinkedEGM(t, 2, nil)
	e1.cycle(l) // linked: the baselines
	e2.cycle(l)
	for range 20 { // some growth first, contributed by both
		e1.play()
		e2.play()
	}
	e1.cycle(l)
	e2.cycle(l)
	e1.dec.Want, e2.dec.Want = machinetest.OnlyMajor, machinetest.OnlyMajor
	for _, e := range []*linkedEGM{e1, e2} {
		if s := e.play(); s.State != machine.JackpotPending {
			t.Fatalf("machine %d: %+v", e.p.Addr, s)
		}
		g, hits, err := e.p.ProgressiveHits()
		if err != nil || g != ProgressiveGroup || len(hits) != 1 || hits[0] != (sas.ProgressiveHit{Level: LevelMajor}) {
			t.Fatalf("87: %d %+v %v", g, hits, err)
		}
	}
	amount := levelAmount(l, jackpot.Major)
	e1.cycle(l)
	e2.cycle(l)
	r1, r2 := lastRecall(t, e1.m), lastRecall(t, e2.m)
	if r1.JackpotCents != amount {
		t.Fatalf("first machine paid %d, the level held %d", r1.JackpotCents, amount)
	}
	if r2.JackpotCents < slot.MajorResetCents || r2.JackpotCents >= amount {
		t.Fatalf("second machine paid %d: want the reset %d plus what accrued after the first", r2.JackpotCents, int64(slot.MajorResetCents))
	}
	for _, e := range []*linkedEGM{e1, e2} {
		if s := e.m.Status(); s.State != machine.Idle {
			t.Fatalf("machine %d after the floor's answer: %+v", e.p.Addr, s)
		}
		_, hits, _ := e.p.ProgressiveHits()
		if len(hits) != 0 {
			t.Fatalf("queue after payment %+v", hits)
		}
	}
	g, lv, c, ok := e1.b.LastProgressiveWin()
	if !ok || g != ProgressiveGroup || lv != LevelMajor || int64(c) != amount {
		t.Fatalf("84: %d %d %d %v", g, lv, c, ok)
	}
	acc, err := l.C.Accounts()
	if err != nil {
		t.Fatal(err)
	}
	if err := acc.Check(); err != nil {
		t.Fatal(err)
	}
	for _, mc := range acc.Machines {
		want := map[string]int64{"sas-1": r1.JackpotCents, "sas-2": r2.JackpotCents}[mc.Machine]
		if mc.AwardedCents != want {
			t.Fatalf("%s awarded %d, the machine paid %d", mc.Machine, mc.AwardedCents, want)
		}
	}
	// The exceptions the floor saw: 56 at the hit, 54 at the payment to credits.
	ex, err := e1.p.Drain(64, zeroTime)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[byte]bool{}
	for _, x := range ex {
		seen[x.Code] = true
	}
	if !seen[sas.ExLevelHit] || !seen[sas.ExProgressiveWin] {
		t.Fatalf("exceptions %+v", ex)
	}
}

// TestHitWithoutController: with no controller the hit waits, across a power cut
// and a lost answer, and is paid once when the controller answers.
func TestHitWithoutController(t *testing.T) {
	e := newLinkedEGM(t, 1, machinetest.OnlyMajor)
	if s := e.play(); s.State != machine.JackpotPending || s.Reason != "JACKPOT — waiting for the controller" {
		t.Fatalf("%+v", s)
	}
	if err := e.m.Handle(machine.Input{Kind: machine.InAttendantKey}); err == nil {
		t.Fatal("the attendant cleared a waiting jackpot")
	}
	l := newLinked(t, nil, 1)
	// An award for another level is refused; the broadcast levels are not awards.
	if err := e.p.Award(ProgressiveGroup, LevelGrand, 600_000); err == nil {
		t.Fatal("an award for the Grand paid a Major hit")
	}
	if err := e.p.Broadcast(l.Levels()); err != nil {
		t.Fatal(err)
	}
	if s := e.m.Status(); s.State != machine.JackpotPending {
		t.Fatalf("a broadcast paid the hit: %+v", s)
	}
	e.cycle(l)
	e.cycle(l) // a second cycle finds nothing waiting: paid once
	rc := lastRecall(t, e.m)
	if rc.JackpotCents != slot.MajorResetCents {
		t.Fatalf("paid %d", rc.JackpotCents)
	}
	if got := machineMeters(t, e.m).Get(meters.Jackpot); got != rc.JackpotCents {
		t.Fatalf("jackpot meter %d", got)
	}
}

// machineMeters reads the machine's meters from critical memory.
func machineMeters(t testing.TB, m *machine.Machine) meters.Meters {
	t.Helper()
	var ms meters.Meters
	if err := m.View(func(v *meters.Snapshot) { ms = v.Meters() }); err != nil {
		t.Fatal(err)
	}
	return ms
}

func lastRecall(t testing.TB, m *machine.Machine) meters.RecallEntry {
	t.Helper()
	var rc []meters.RecallEntry
	if err := m.View(func(v *meters.Snapshot) { rc = v.Recall() }); err != nil {
		t.Fatal(err)
	}
	if len(rc) == 0 {
		t.Fatal("no recall")
	}
	return rc[0]
}

// TestHitAnsweredAfterAFloorCrash: the floor crashed after the controller committed
// the hit but before the machine had the amount; the restarted floor asks again
// (idempotent) and the machine is paid that same amount, not the level's amount
// at the second asking.
func TestHitAnsweredAfterAFloorCrash(t *testing.T) {
	l := newLinked(t, nil, 1, 2)
	e, other := newLinkedEGM(t, 1, machinetest.OnlyMajor), newLinkedEGM(t, 2, nil)
	e.cycle(l)
	other.cycle(l)
	s := e.play()
	if s.State != machine.JackpotPending {
		t.Fatalf("%+v", s)
	}
	a, err := l.C.HitAt(jackpots.MachineID(1), s.Game, jackpot.Major, 0) // the first floor's last act
	if err != nil {
		t.Fatal(err)
	}
	for range 10 { // the level grows meanwhile
		other.play()
	}
	other.cycle(l)
	if levelAmount(l, jackpot.Major) == a.Cents {
		t.Fatal("the level did not grow")
	}
	e.cycle(l)
	if got := lastRecall(t, e.m).JackpotCents; got != a.Cents {
		t.Fatalf("paid %d, the controller awarded %d", got, a.Cents)
	}
	acc, _ := l.C.Accounts()
	if err := acc.Check(); err != nil || acc.Levels[1].Awards != 1 {
		t.Fatalf("accounts %+v %v", acc.Levels[1], err)
	}
}
