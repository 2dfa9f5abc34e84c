package machine

import (
	"testing"

	"egm/meters"
)

// TestAutoplayInvariants plays a scripted session and checks, after every input,
// the credits invariant and that no meter went down; at the end, the game counts
// and recall.
func TestAutoplayInvariants(t *testing.T) {
	cfg := DefaultConfig()
	cfg.HandpayLimitCents = 20_000 // some handpays too
	cfg.Gamble.MaxWin = 20_000
	r := newRig(t, cfg, 30)
	var prev meters.Meters
	inputs := 0
	r.m.Subscribe(func(o Output) {
		if o.Kind != OutState {
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
	res, err := Autoplay(r.m, 600, 30)
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
