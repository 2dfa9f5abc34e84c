package autoplay

import (
	"context"
	"testing"
	"time"

	"egm/machine"
	"egm/machine/machinetest"
	"egm/machine/settings"
	"egm/meters"
	"egm/rng"
	"egm/tables/play"
)

// TestAutoplayInvariants plays a scripted session and checks, after every input,
// the credits invariant and that no meter went down; at the end, the game counts
// and recall.
func TestAutoplayInvariants(t *testing.T) {
	cfg := settings.DefaultConfig()
	cfg.HandpayLimitCents = 20_000 // some handpays too
	cfg.Gamble.MaxWin = 20_000
	r := newRig(t, cfg, 30)
	var prev meters.Meters
	inputs := 0
	r.m.Subscribe(func(o machine.Output) {
		if o.Kind != machine.OutState {
			return
		}
		inputs++
		m := r.meters()
		if err := m.Invariant(); err != nil {
			t.Fatal(err)
		}
		for i := range m {
			if meters.Meter(i) != meters.CurrentCredits && m[i] < prev[i] {
				t.Fatalf("%s went down from %d to %d", meters.Meter(i), prev[i], m[i])
			}
		}
		prev = m
	})
	res, err := Play(r.m, 600, 30)
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != 600 || res.Deposits == 0 || res.Cashouts == 0 || res.GambleSteps == 0 || res.Handpays == 0 {
		t.Fatalf("autoplay did not vary enough: %+v", res)
	}
	m := r.meters()
	inGame := int64(0)
	if r.m.Status().Game != 0 {
		inGame = 1
	}
	if m.Get(meters.GamesPlayed) != 600 || m.Get(meters.GamesWon)+m.Get(meters.GamesLost)+m.Get(meters.GamesVoided)+inGame != 600 {
		t.Fatalf("game counts: %v", m)
	}
	rc := r.recall()
	if len(rc) != meters.RecallDepth {
		t.Fatalf("recall holds %d games", len(rc))
	}
	for i := 1; i < len(rc); i++ {
		if rc[i-1].Number != rc[i].Number+1 {
			t.Fatalf("recall: %d follows %d", rc[i-1].Number, rc[i].Number)
		}
	}
	t.Logf("%+v over %d inputs", res, inputs)
}

// TestTables: the scripted player mixes table rounds with slot games and
// critical memory's invariant holds throughout.
func TestTables(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 21)
	res, err := PlayWith(r.m, Options{Games: 300, Seed: 4, Tables: 50})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.meters().Invariant(); err != nil {
		t.Fatal(err)
	}
	tables := 0
	for _, e := range r.recall() {
		if play.IsTable(e.Title) {
			tables++
		}
	}
	if res.Games != 300 || tables == 0 {
		t.Fatalf("%d games, %d table rounds in recall", res.Games, tables)
	}
}

// TestStopsWithContext: a context that has ended stops the player before its
// first input, with Stopped set and nothing played.
func TestStopsWithContext(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 5)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	seq := r.m.Seq()
	res, err := PlayContext(ctx, r.m, Options{Games: 10, Seed: 1})
	if err != nil || !res.Stopped || res.Games != 0 || r.m.Seq() != seq {
		t.Fatalf("%+v, %v; seq %d -> %d", res, err, seq, r.m.Seq())
	}
}

type rig struct {
	t *testing.T
	m *machine.Machine
}

// newRig opens a machine on a fresh state directory with a seeded decider and a
// clock moved by hand.
func newRig(t *testing.T, cfg settings.Config, seed uint64) *rig {
	t.Helper()
	m, err := machine.Open(t.TempDir(), cfg, machine.Options{Clock: machinetest.NewClock(), Decider: machine.Seeded{G: rng.NewSeeded(seed)}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return &rig{t: t, m: m}
}

func (r *rig) meters() meters.Meters {
	r.t.Helper()
	var ms meters.Meters
	if err := r.m.View(func(v *meters.Snapshot) { ms = v.Meters() }); err != nil {
		r.t.Fatal(err)
	}
	return ms
}

func (r *rig) recall() []meters.RecallEntry {
	r.t.Helper()
	var rc []meters.RecallEntry
	if err := r.m.View(func(v *meters.Snapshot) { rc = v.Recall() }); err != nil {
		r.t.Fatal(err)
	}
	return rc
}

// TestGameTime: a player with a pace plays its games (a short pace), and one
// stopped while it waits before a game stops there, with Stopped set and no game
// started.
func TestGameTime(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 5)
	res, err := PlayContext(context.Background(), r.m, Options{Games: 3, Seed: 1, GameTime: time.Millisecond})
	if err != nil || res.Games != 3 || res.Stopped {
		t.Fatalf("paced: %+v, %v", res, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan Result)
	go func() {
		res, err := PlayContext(ctx, r.m, Options{Games: 3, Seed: 2, GameTime: time.Hour})
		if err != nil {
			t.Error(err)
		}
		done <- res
	}()
	cancel()
	if res := <-done; !res.Stopped || res.Games != 0 {
		t.Fatalf("stopped while waiting: %+v", res)
	}
}
