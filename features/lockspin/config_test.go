package lockspin

import (
	"encoding/json"
	"math/big"
	"strings"
	"testing"
)

func validConfig() Config {
	return Config{
		Reels: 3, Rows: 3, Trigger: 3,
		Land:           []Land{{1, 9}, {1, 9}, {1, 9}},
		Symbols:        []Weighted{{Symbol{Kind: Coin, Value: 1}, 10}, {Symbol{Kind: Jackpot, Level: "grand"}, 1}, {Symbol{Kind: ScaleUp, Factor: 2}, 1}},
		TriggerSymbols: []Weighted{{Symbol{Kind: Coin, Value: 1}, 10}},
		Jackpots:       []Level{{Name: "grand", Fallback: 5}, {Name: "major"}},
		FullGrid:       "grand",
	}
}

func TestConfigValidation(t *testing.T) {
	tests := []struct {
		name string
		edit func(c *Config)
		want string
	}{
		{"valid", func(c *Config) {}, ""},
		{"trigger larger than grid", func(c *Config) { c.Trigger = 10 }, "trigger 10 outside 1..9"},
		{"trigger zero", func(c *Config) { c.Trigger = 0 }, "trigger 0"},
		{"no rows", func(c *Config) { c.Rows = 0 }, "grid 3×0"},
		{"grid too large", func(c *Config) { c.Reels, c.Rows = 9, 5 }, "too large"},
		{"too many rows", func(c *Config) { c.Reels, c.Rows = 1, 9 }, "at most 8 rows"},
		{"land tables missing", func(c *Config) { c.Land = c.Land[:2] }, "2 landing tables for 3 reels"},
		{"zero bonus weight", func(c *Config) { c.Land[1].Bonus = 0 }, "reel 2 landing weights"},
		{"zero blank weight", func(c *Config) { c.Land[2].Blank = 0 }, "reel 3 landing weights"},
		{"land overflow", func(c *Config) { c.Land[0] = Land{1 << 63, 1 << 63} }, "overflow"},
		{"empty symbols", func(c *Config) { c.Symbols = nil }, "symbols table is empty"},
		{"empty trigger symbols", func(c *Config) { c.TriggerSymbols = nil }, "trigger symbols table is empty"},
		{"zero symbol weight", func(c *Config) { c.Symbols[0].Weight = 0 }, "weight 0"},
		{"coin worth nothing", func(c *Config) { c.Symbols[0].Symbol.Value = 0 }, "coin value 0"},
		{"negative coin", func(c *Config) { c.TriggerSymbols[0].Symbol.Value = -3 }, "coin value -3"},
		{"unknown level", func(c *Config) { c.Symbols[1].Symbol.Level = "mini" }, "unknown level \"mini\""},
		{"factor 1", func(c *Config) { c.Symbols[2].Symbol.Factor = 1 }, "factor 1"},
		{"scale up at trigger", func(c *Config) { c.TriggerSymbols[0].Symbol = Symbol{Kind: ScaleUp, Factor: 2} }, "not allowed"},
		{"unknown kind", func(c *Config) { c.Symbols[0].Symbol.Kind = 0 }, "unknown symbol kind"},
		{"repeated level", func(c *Config) { c.Jackpots[1].Name = "grand" }, "repeated"},
		{"negative fallback", func(c *Config) { c.Jackpots[0].Fallback = -1 }, "negative fallback"},
		{"full grid level unknown", func(c *Config) { c.FullGrid = "mega" }, "full-grid award"},
		{"overflowing totals", func(c *Config) { c.Symbols[2].Symbol.Factor = 200 }, "overflows"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := validConfig()
			tc.edit(&c)
			_, err := New(c)
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "lockspin: ") {
				t.Fatalf("err = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestTriggerStarts(t *testing.T) {
	g, err := New(validConfig())
	if err != nil {
		t.Fatal(err)
	}
	// Reel weights: k=0: 6, k=1: 3, k=2: 1, k=3: 0 (total 10 per reel).
	counts := [][]uint64{{6, 3, 1, 0}, {6, 3, 1, 0}, {6, 3, 1, 0}}
	starts, p, err := g.TriggerStarts(counts)
	if err != nil {
		t.Fatal(err)
	}
	// P(sum ≥ 3) by hand: 1 − P(sum ≤ 2). Generating polynomial per reel
	// (6 + 3x + x²)/10; cubed, coefficients of x⁰, x¹, x²: 216, 324, 54·3+108 = 270.
	want := new(big.Rat).SetFrac64(1000-216-324-270, 1000)
	if p.Cmp(want) != 0 {
		t.Fatalf("P(trigger) = %s, want %s", p.RatString(), want.RatString())
	}
	sum := new(big.Rat)
	for _, s := range starts {
		n := 0
		for _, k := range s.Locked {
			n += k
			if k == 3 {
				t.Fatalf("start %v uses a zero-count row", s.Locked)
			}
		}
		if n < 3 {
			t.Fatalf("start %v below the trigger", s.Locked)
		}
		sum.Add(sum, s.Weight)
	}
	if sum.Cmp(new(big.Rat).SetInt64(190)) != 0 {
		t.Fatalf("start weights sum to %s, want 190", sum.RatString())
	}

	// A shorter list (as reels.TagCounts gives when no stop shows 3) is zero-padded.
	short, ps, err := g.TriggerStarts([][]uint64{{6, 3, 1}, {6, 3, 1, 0}, {6, 3, 1}})
	if err != nil || ps.Cmp(p) != 0 || len(short) != len(starts) {
		t.Fatalf("short counts: %v, P %v, %d starts", err, ps, len(short))
	}

	for _, bad := range []struct {
		name   string
		counts [][]uint64
	}{
		{"reels", counts[:2]},
		{"rows", [][]uint64{{1, 1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}}},
		{"all zero", [][]uint64{{0, 0, 0, 0}, {1, 1, 1, 1}, {1, 1, 1, 1}}},
		{"never triggers", [][]uint64{{1, 0, 0, 0}, {1, 0, 0, 0}, {1, 1, 0, 0}}},
	} {
		if _, _, err := g.TriggerStarts(bad.counts); err == nil || !strings.HasPrefix(err.Error(), "lockspin: ") {
			t.Errorf("%s: err = %v", bad.name, err)
		}
	}
}

func TestAnalyseRejects(t *testing.T) {
	g, err := New(validConfig())
	if err != nil {
		t.Fatal(err)
	}
	q := g.All(Always)
	one := new(big.Rat).SetInt64(1)
	for _, tc := range []struct {
		name   string
		starts []Start
		q      Qualify
	}{
		{"no starts", nil, q},
		{"wrong reels", []Start{{[]int{1, 1}, one}}, q},
		{"too many on a reel", []Start{{[]int{4, 0, 0}, one}}, q},
		{"below trigger", []Start{{[]int{1, 1, 0}, one}}, q},
		{"negative weight", []Start{{[]int{1, 1, 1}, new(big.Rat).SetInt64(-1)}}, q},
		{"nil weight", []Start{{[]int{1, 1, 1}, nil}}, q},
		{"zero total", []Start{{[]int{1, 1, 1}, new(big.Rat)}}, q},
		{"bad q", []Start{{[]int{1, 1, 1}, one}}, Qualify{"grand": {2, 1}, "major": Always}},
	} {
		if _, err := g.Analyse(tc.starts, tc.q); err == nil || !strings.HasPrefix(err.Error(), "lockspin: ") {
			t.Errorf("%s: err = %v", tc.name, err)
		}
	}
}

// TestQualificationScalesJackpots checks the property titles rely on: the expected
// qualified hits are proportional to q, so hits·(jackpot)/bet is the same at every
// bet when q = bet/maxBet.
func TestQualificationScalesJackpots(t *testing.T) {
	g, starts := example(t, 3, 3, false)
	full, err := g.Analyse(starts, g.All(Always))
	if err != nil {
		t.Fatal(err)
	}
	quarter, err := g.Analyse(starts, g.All(Prob{1, 4}))
	if err != nil {
		t.Fatal(err)
	}
	for l := range full.Jackpots {
		want := new(big.Rat).Quo(full.Jackpots[l].Hits, new(big.Rat).SetInt64(4))
		if quarter.Jackpots[l].Hits.Cmp(want) != 0 {
			t.Errorf("%s: hits at q=1/4 %s, want %s", full.Jackpots[l].Level, quarter.Jackpots[l].Hits.RatString(), want.RatString())
		}
	}
	if full.Respins.Cmp(quarter.Respins) != 0 || full.PFull.Cmp(quarter.PFull) != 0 {
		t.Error("qualification changed the respin process")
	}
	if quarter.Mean.Cmp(full.Mean) <= 0 {
		t.Error("unqualified fallbacks did not raise the coin mean")
	}
	b, err := json.Marshal(quarter)
	if err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Mean.Cmp(quarter.Mean) != 0 || back.Jackpots[1].AtLeastOne.Cmp(quarter.Jackpots[1].AtLeastOne) != 0 {
		t.Fatal("report JSON round trip changed figures")
	}
}

func TestMaxTotal(t *testing.T) {
	tests := []struct {
		name string
		edit func(c *Config)
		want int64
	}{
		// 3 triggering coins of 1, six landers: coins of 1 or scale ups ×2, or the
		// grand's fallback 5: best is 5 scale ups and 1 fallback: (3 + 5)·2⁵
		// (4 scale ups give (3 + 10)·16 = 208, 6 give 3·64 = 192).
		{"scale up and fallback", func(c *Config) {}, 256},
		{"no scale up", func(c *Config) { c.Symbols = c.Symbols[:2] }, 3 + 6*5},
		{"fallback 0", func(c *Config) { c.Jackpots[0].Fallback = 0; c.Symbols = c.Symbols[:2] }, 9},
	}
	for _, tc := range tests {
		c := validConfig()
		tc.edit(&c)
		g, err := New(c)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.MaxTotal(); got != tc.want {
			t.Errorf("%s: MaxTotal = %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestNoFallbackMeanIndependentOfQ checks the doc's claim: without fallbacks only
// the jackpot figures depend on q, and hits are proportional to it.
func TestNoFallbackMeanIndependentOfQ(t *testing.T) {
	c := validConfig()
	c.Jackpots[0].Fallback = 0
	g, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	starts := []Start{{[]int{1, 1, 1}, new(big.Rat).SetInt64(3)}, {[]int{3, 0, 1}, new(big.Rat).SetInt64(1)}}
	a, err := g.Analyse(starts, g.All(Always))
	if err != nil {
		t.Fatal(err)
	}
	b, err := g.Analyse(starts, g.All(Prob{1, 5}))
	if err != nil {
		t.Fatal(err)
	}
	if a.Mean.Cmp(b.Mean) != 0 || a.Variance.Cmp(b.Variance) != 0 || a.PFull.Cmp(b.PFull) != 0 {
		t.Error("coin figures depend on q without fallbacks")
	}
	for l := range a.Jackpots {
		if want := new(big.Rat).Quo(a.Jackpots[l].Hits, new(big.Rat).SetInt64(5)); b.Jackpots[l].Hits.Cmp(want) != 0 {
			t.Errorf("%s hits not proportional to q", a.Jackpots[l].Level)
		}
	}
}

func TestGameKeepsItsOwnConfig(t *testing.T) {
	c := validConfig()
	g, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	c.Symbols[0].Weight = 0
	c.Land[0].Bonus = 0
	got := g.Config()
	if got.Symbols[0].Weight == 0 || got.Land[0].Bonus == 0 {
		t.Fatal("the caller's edit reached the game")
	}
	got.Jackpots[0].Fallback = 99
	if g.Config().Jackpots[0].Fallback == 99 {
		t.Fatal("an edit of Config() reached the game")
	}
}
