package campaign

import (
	"encoding/json"
	"strings"
	"testing"

	"egm/machine"
	"egm/meters"
	"egm/rng"
	"egm/tables/play"
)

// handMemory is critical memory with a blackjack hand in progress as game 1
// (dealt from seed 2, with the decisions ds committed), no game settled.
func handMemory(t *testing.T, ds ...play.Decision) Memory {
	t.Helper()
	r, err := play.Deal(rng.NewSeeded(2), play.Blackjack, play.Bets{Spots: map[string]int64{play.SpotMain: 1000}})
	if err != nil {
		t.Fatal(err)
	}
	deal, _ := r.Marshal()
	for _, d := range ds {
		if _, err := r.Apply(d); err != nil {
			t.Fatalf("%s: %v (open %v)", d, err, r.Legal())
		}
	}
	var m meters.Meters
	m[meters.WalletIn], m[meters.GamesPlayed], m[meters.CoinIn] = 10_000, 1, r.Staked()
	m[meters.CurrentCredits] = 10_000 - r.Staked()
	mem := Memory{Meters: m, InGame: true, Games: []meters.GameMeter{{Title: play.Blackjack, DenomCents: play.Chip, GamesPlayed: 1, CoinInCents: r.Staked()}}}
	mem.Game = meters.GameInProgress{Number: 1, Title: play.Blackjack, DenomCents: play.Chip, BetCents: 1000, CreditsBeforeCents: 10_000, Outcome: deal}
	if len(ds) > 0 {
		mem.Game.Phase = machine.PhaseTable
		mem.Game.Data, _ = json.Marshal(map[string]any{"decisions": r.Decisions, "staked_cents": r.Staked()})
	}
	return mem
}

// TestPowerfailCheckerHands: a hand seen again with its decisions passes; a
// hand whose decisions changed, or whose stored decisions do not replay, fails.
func TestPowerfailCheckerHands(t *testing.T) {
	c := NewPowerfailChecker()
	var rep PowerfailReport
	for i, mem := range []Memory{handMemory(t), handMemory(t, play.Hit)} {
		if vs := c.Check(mem, &rep); len(vs) > 0 {
			t.Fatalf("check %d: %v", i, vs)
		}
	}
	if rep.InTable != 2 || rep.InTableDecided != 1 || rep.TableResumed != 1 {
		t.Fatalf("tallies %+v", rep)
	}
	for name, tc := range map[string]struct {
		mem  func() Memory
		want string
	}{
		"a decision changed": {func() Memory { return handMemory(t, play.Stand) }, "do not continue"},
		"a decision lost":    {func() Memory { return handMemory(t) }, "do not continue"},
		"a decision that does not replay": {func() Memory {
			m := handMemory(t, play.Hit)
			m.Game.Data = []byte(`{"decisions":["split"],"staked_cents":1000}`)
			return m
		}, "does not rebuild"},
	} {
		c := NewPowerfailChecker()
		var rep PowerfailReport
		c.Check(handMemory(t, play.Hit), &rep)
		vs := c.Check(tc.mem(), &rep)
		if !strings.Contains(strings.Join(vs, "; "), tc.want) {
			t.Errorf("%s: violations %v, want %q", name, vs, tc.want)
		}
	}
}
