package campaign

import (
	"crypto/sha256"
	"fmt"
	"strings"
	"testing"

	"egm/meters"
)

// goodMemory is critical memory after n settled games of 100 cents won back as
// 50 from 10,000 cents in, with game n+1 in progress when inGame.
func goodMemory(n int64, inGame bool) Memory {
	var m meters.Meters
	m[meters.CoinIn], m[meters.WonToCredits] = 100*n, 50*n
	m[meters.GamesPlayed], m[meters.GamesWon] = n, n
	m[meters.WalletIn] = 10_000
	m[meters.CurrentCredits] = 10_000 - 50*n
	mem := Memory{Meters: m, Counters: map[string]int64{"c": n}, Games: []meters.GameMeter{{Title: "t", DenomCents: 1, GamesPlayed: n}}}
	credits := int64(10_000)
	for g := int64(1); g <= n; g++ {
		mem.Recall = append([]meters.RecallEntry{{Number: uint64(g), Title: "t", DenomCents: 1, BetCents: 100, WinCents: 50,
			CreditsBeforeCents: credits, CreditsAfterCents: credits - 50, Outcome: []byte(fmt.Sprint("outcome ", g))}}, mem.Recall...)
		credits -= 50
	}
	if inGame {
		mem.InGame = true
		mem.Meters[meters.GamesPlayed]++
		mem.Meters[meters.CoinIn] += 100
		mem.Meters[meters.CurrentCredits] -= 100
		mem.Game = meters.GameInProgress{Number: uint64(n + 1), Title: "t", DenomCents: 1, BetCents: 100, CreditsBeforeCents: credits,
			Outcome: []byte(fmt.Sprint("outcome ", n+1)), Step: 1}
	}
	return mem
}

// TestPowerfailCheckerPasses: a machine that plays on, killed mid-game and
// resuming the game with its outcome, passes every check.
func TestPowerfailCheckerPasses(t *testing.T) {
	if err := goodMemory(3, true).Meters.Invariant(); err != nil {
		t.Fatalf("the crafted memory is not good: %v", err)
	}
	c := NewPowerfailChecker()
	var rep PowerfailReport
	for i, mem := range []Memory{goodMemory(2, false), goodMemory(3, true), goodMemory(4, true), goodMemory(6, false)} {
		if vs := c.Check(mem, &rep); len(vs) > 0 {
			t.Fatalf("check %d: %v", i, vs)
		}
	}
	if rep.InGame != 2 || rep.Resumed != 2 || c.Unverified() != 0 || rep.InFeature != 2 || rep.GamesPlayed != 6 {
		t.Fatalf("tallies %+v, unverified %d", rep, c.Unverified())
	}
}

// TestPowerfailCheckerFails: each violation the checker exists for, crafted after
// a good check, is reported.
func TestPowerfailCheckerFails(t *testing.T) {
	for _, tc := range []struct {
		name string
		bad  func(m *Memory)
		want string
	}{
		{"credits equation broken", func(m *Memory) { m.Meters[meters.CurrentCredits] += 1 }, "meters:"},
		{"a meter went down", func(m *Memory) { m.Meters[meters.WalletIn] = 1; m.Meters[meters.CurrentCredits] -= 9_999 }, "wallet_in_cents went down"},
		{"a counter went down", func(m *Memory) { m.Counters["c"] = 0 }, "counter c went down"},
		{"a game meter went down", func(m *Memory) { m.Games[0].GamesPlayed = 0 }, "game meter t@1 went down"},
		{"a game settled twice", func(m *Memory) { m.Meters[meters.GamesWon]++ }, "games_played 4 but 5 settled"},
		{"a game lost", func(m *Memory) { m.Meters[meters.GamesPlayed]++ }, "newest recall entry is game 4, expected 5"},
		{"a recall gap", func(m *Memory) { m.Recall = append(m.Recall[:1], m.Recall[2:]...) }, "a duplicate or a gap"},
		{"recall credits wrong", func(m *Memory) { m.Recall[0].CreditsAfterCents++ }, "recall: game 4 credits"},
		{"an outcome redrawn", func(m *Memory) { m.Recall[1].Outcome = []byte("another") }, "redrawn"},
		{"the game in progress redrawn", func(m *Memory) {
			*m = goodMemory(3, true)
			m.Game.Outcome = []byte("another")
		}, "in-progress outcome differs"},
		{"the game in progress changed its bet", func(m *Memory) {
			*m = goodMemory(3, true)
			m.Game.BetCents = 200
		}, "in progress changed"},
		{"settled and in progress", func(m *Memory) {
			*m = goodMemory(3, true)
			m.Recall = append([]meters.RecallEntry{{Number: 4, Title: "t", DenomCents: 1, BetCents: 100, CreditsBeforeCents: 100, CreditsAfterCents: 0, Outcome: []byte("outcome 4")}}, m.Recall...)
		}, "both settled and in progress"},
		{"the event chain broken", func(m *Memory) { m.Events = []meters.Event{{Seq: 5}} }, "seq 5 follows 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := NewPowerfailChecker()
			var rep PowerfailReport
			if vs := c.Check(goodMemory(3, true), &rep); len(vs) > 0 {
				t.Fatalf("good memory: %v", vs)
			}
			mem := goodMemory(4, false)
			tc.bad(&mem)
			vs := c.Check(mem, &rep)
			if !strings.Contains(strings.Join(vs, "\n"), tc.want) {
				t.Fatalf("violations %q, want %q", vs, tc.want)
			}
		})
	}
}

// TestPowerfailChildSaid: the restarted child's resumed-game line is checked
// against critical memory: the same outcome resumes the game, another one is a
// redraw, an unknown game a violation.
func TestPowerfailChildSaid(t *testing.T) {
	c := NewPowerfailChecker()
	var rep PowerfailReport
	c.Check(goodMemory(3, true), &rep)
	sum := func(s string) string { return fmt.Sprintf("%x", sha256.Sum256([]byte(s))) }
	for _, tc := range []struct {
		line string
		want string
	}{
		{"resumed game 4 at step 1 phase \"feature\" outcome sha256 " + sum("another"), "other outcome bytes"},
		{"resumed game 9 at step 0 phase \"\" outcome sha256 " + sum("outcome 9"), "never showed in progress"},
		{"autoplay: 3 games", ""},
		{"resumed game 4 at step 1 phase \"feature\" outcome sha256 " + sum("outcome 4"), ""},
	} {
		vs := c.ChildSaid(tc.line+"\n", &rep)
		if got := strings.Join(vs, "\n"); (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%q: %q, want %q", tc.line, got, tc.want)
		}
	}
	if rep.Resumed != 1 || c.Unverified() != 0 {
		t.Fatalf("resumed %d, unverified %d", rep.Resumed, c.Unverified())
	}
}
