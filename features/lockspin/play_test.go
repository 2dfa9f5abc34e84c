package lockspin

import (
	"encoding/json"
	"math/big"
	"reflect"
	"strings"
	"testing"

	"egm/rng"
)

// script is a Source that makes successive rng.Uint64n calls return chosen draws:
// each entry is {k, n} for "draw k of n".
type script struct {
	t     testing.TB
	draws [][2]uint64
}

func (s *script) Uint64() uint64 {
	if len(s.draws) == 0 {
		s.t.Fatal("script: out of draws")
	}
	d := s.draws[0]
	s.draws = s.draws[1:]
	return valueFor(d[0], d[1])
}

// valueFor returns v in the middle of [k·2^64/n, (k+1)·2^64/n), so that
// ⌊v·n/2^64⌋ = k and rng.Uint64n takes no rejection branch.
func valueFor(k, n uint64) uint64 {
	lo := new(big.Int).Lsh(new(big.Int).SetUint64(k), 64)
	lo.Div(lo, new(big.Int).SetUint64(n))
	hi := new(big.Int).Lsh(new(big.Int).SetUint64(k+1), 64)
	hi.Div(hi, new(big.Int).SetUint64(n))
	return new(big.Int).Rsh(new(big.Int).Add(lo, hi), 1).Uint64() + 1
}

// small is a 2×2 game whose every draw a test can script: land draws are k of 4
// (0 lands, 1..3 blank), symbol draws k of 10, qualification k of 2.
func small(t testing.TB) *Game {
	g, err := New(Config{
		Reels: 2, Rows: 2, Trigger: 1,
		Land: []Land{{Bonus: 1, Blank: 3}, {Bonus: 1, Blank: 3}},
		Symbols: []Weighted{
			{Symbol{Kind: Coin, Value: 1}, 5},          // draws 0..4
			{Symbol{Kind: Coin, Value: 4}, 2},          // 5, 6
			{Symbol{Kind: ScaleUp, Factor: 3}, 2},      // 7, 8
			{Symbol{Kind: Jackpot, Level: "grand"}, 1}, // 9
		},
		TriggerSymbols: []Weighted{{Symbol{Kind: Coin, Value: 2}, 1}},
		Jackpots:       []Level{{Name: "grand", Fallback: 6}},
		FullGrid:       "grand",
	})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

var (
	blank   = [2]uint64{1, 4}
	lands   = [2]uint64{0, 4}
	coin1   = [2]uint64{0, 10}
	coin4   = [2]uint64{5, 10}
	scale3  = [2]uint64{7, 10}
	grand   = [2]uint64{9, 10}
	qualify = [2]uint64{0, 2}
	noQual  = [2]uint64{1, 2}
)

func seq(parts ...[][2]uint64) [][2]uint64 {
	var out [][2]uint64
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func blanks(n int) [][2]uint64 {
	out := make([][2]uint64, n)
	for i := range out {
		out[i] = blank
	}
	return out
}

func TestRespinCounter(t *testing.T) {
	start := []Lock{{Reel: 0, Row: 0, Symbol: Symbol{Kind: Coin, Value: 2}}}
	half := Qualify{"grand": {1, 2}}
	tests := []struct {
		name     string
		draws    [][2]uint64
		counters [][2]int // before, after per respin
		full     bool
		total    int64
		hits     int
	}{
		{
			name:     "three blanks end it",
			draws:    blanks(9),
			counters: [][2]int{{3, 2}, {2, 1}, {1, 0}},
			total:    2,
		},
		{
			name: "a landing on the last respin resets to 3",
			draws: seq(blanks(6), [][2]uint64{lands, coin1, blank, blank},
				blanks(6)),
			counters: [][2]int{{3, 2}, {2, 1}, {1, 3}, {3, 2}, {2, 1}, {1, 0}},
			total:    3,
		},
		{
			name: "full grid ends it at once, full-grid grand qualifies",
			draws: seq([][2]uint64{lands, coin1, lands, coin4, lands, coin1},
				[][2]uint64{qualify}),
			counters: [][2]int{{3, 3}},
			full:     true, total: 8, hits: 1,
		},
		{
			name: "scale up multiplies the grid including the same respin's coins",
			// respin 1: (0,1) coin 1, (1,0) scale ×3, (1,1) blank → (2+1)·3 = 9
			// respin 2: (1,1) coin 4 → 13, grid full, full-grid grand not qualified
			draws: seq([][2]uint64{lands, coin1, lands, scale3, blank},
				[][2]uint64{lands, coin4}, [][2]uint64{noQual}),
			counters: [][2]int{{3, 3}, {3, 3}},
			full:     true, total: 13,
		},
		{
			name: "grand qualified is a hit worth nothing, unqualified a fallback coin",
			draws: seq([][2]uint64{lands, grand, qualify, blank, blank},
				[][2]uint64{blank, lands, grand, noQual}, blanks(3)),
			counters: [][2]int{{3, 3}, {3, 3}, {3, 2}, {2, 1}, {1, 0}},
			total:    8, hits: 1,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := small(t)
			src := &script{t: t, draws: tc.draws}
			out, err := g.Play(src, start, half)
			if err != nil {
				t.Fatal(err)
			}
			if len(src.draws) != 0 {
				t.Errorf("%d scripted draws unused", len(src.draws))
			}
			var got [][2]int
			for _, r := range out.Respins {
				got = append(got, [2]int{r.CounterBefore, r.CounterAfter})
			}
			if !reflect.DeepEqual(got, tc.counters) {
				t.Errorf("counters %v, want %v", got, tc.counters)
			}
			if out.Full != tc.full || out.Total != tc.total || len(out.Jackpots) != tc.hits {
				t.Errorf("full %v total %d hits %d, want %v %d %d", out.Full, out.Total, len(out.Jackpots), tc.full, tc.total, tc.hits)
			}
			var sum int64
			for _, c := range out.Grid {
				sum += c.Value
			}
			if sum != out.Total || (len(out.Respins) > 0 && out.Respins[len(out.Respins)-1].Total != out.Total) {
				t.Errorf("grid sums to %d, last respin total %d, outcome total %d", sum, out.Respins[len(out.Respins)-1].Total, out.Total)
			}
		})
	}
}

func TestPlayRejects(t *testing.T) {
	g := small(t)
	coin := Symbol{Kind: Coin, Value: 2}
	tests := []struct {
		name string
		init []Lock
		q    Qualify
		want string
	}{
		{"outside grid", []Lock{{Reel: 2, Row: 0, Symbol: coin}}, Qualify{"grand": Always}, "outside"},
		{"twice", []Lock{{0, 0, coin}, {0, 0, coin}}, Qualify{"grand": Always}, "two triggering"},
		{"below trigger", nil, Qualify{"grand": Always}, "trigger is 1"},
		{"scale up at trigger", []Lock{{0, 0, Symbol{Kind: ScaleUp, Factor: 2}}}, Qualify{"grand": Always}, "not allowed"},
		{"missing level", []Lock{{0, 0, coin}}, Qualify{}, "no qualification"},
		{"unknown level", []Lock{{0, 0, coin}}, Qualify{"grand": Always, "mini": Always}, "unknown level"},
		{"probability above 1", []Lock{{0, 0, coin}}, Qualify{"grand": {3, 2}}, "outside [0,1]"},
		{"zero denominator", []Lock{{0, 0, coin}}, Qualify{"grand": {0, 0}}, "outside [0,1]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := g.Play(rng.NewSeeded(1), tc.init, tc.q)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "lockspin: ") {
				t.Fatalf("err = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestOutcomeJSONRoundTrip(t *testing.T) {
	g, _ := example(t, 5, 3, true)
	src := rng.NewSeeded(42)
	q := g.All(Prob{1, 2})
	for i := 0; i < 50; i++ {
		init := make([]Lock, 0, 6)
		for r := 0; r < 5; r++ {
			init = append(init, Lock{Reel: r, Row: 1, Symbol: g.DrawTriggerSymbol(src)})
		}
		init = append(init, Lock{Reel: 2, Row: 0, Symbol: g.DrawTriggerSymbol(src)})
		out, err := g.Play(src, init, q)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(out)
		if err != nil {
			t.Fatal(err)
		}
		var back Outcome
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(&back, out) {
			t.Fatalf("round trip changed the outcome:\n%s", b)
		}
	}
}

func TestSameSeedSameOutcome(t *testing.T) {
	g, _ := example(t, 5, 3, true)
	init := []Lock{{0, 0, Symbol{Kind: Coin, Value: 1}}, {1, 1, Symbol{Kind: Coin, Value: 2}}, {2, 2, Symbol{Kind: Jackpot, Level: "major"}},
		{3, 0, Symbol{Kind: Coin, Value: 5}}, {4, 1, Symbol{Kind: Coin, Value: 1}}, {4, 2, Symbol{Kind: Coin, Value: 10}}}
	a, _ := g.Play(rng.NewSeeded(9), init, g.All(Prob{3, 8}))
	b, _ := g.Play(rng.NewSeeded(9), init, g.All(Prob{3, 8}))
	if !reflect.DeepEqual(a, b) {
		t.Fatal("same seed, different outcomes")
	}
}

func TestFullAtTrigger(t *testing.T) {
	g := small(t)
	coin := Symbol{Kind: Coin, Value: 2}
	init := []Lock{{0, 0, coin}, {0, 1, coin}, {1, 0, coin}, {1, 1, Symbol{Kind: Jackpot, Level: "grand"}}}
	// the triggering grand's qualification, then the full-grid award's
	out, err := g.Play(&script{t: t, draws: [][2]uint64{noQual, qualify}}, init, Qualify{"grand": {1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	if !out.Full || len(out.Respins) != 0 || out.Total != 12 || len(out.Jackpots) != 1 || !out.Jackpots[0].FullGrid {
		t.Fatalf("outcome %+v", out)
	}
	rep, err := g.Analyse([]Start{{[]int{2, 2}, rat(1)}}, Qualify{"grand": {1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.PFull.Cmp(rat(1)) != 0 || rep.Respins.Sign() != 0 || rep.Mean.Cmp(rat(8)) != 0 {
		t.Fatalf("report: P(full) %v respins %v mean %v", rep.PFull, rep.Respins, rep.Mean)
	}
}

// TestRefusedPlayDrawsNothing checks that a bad start is refused before any draw.
func TestRefusedPlayDrawsNothing(t *testing.T) {
	g := small(t)
	src := &script{t: t} // any draw fails the test
	_, err := g.Play(src, []Lock{
		{0, 0, Symbol{Kind: Jackpot, Level: "grand"}},
		{5, 0, Symbol{Kind: Coin, Value: 1}},
	}, Qualify{"grand": {1, 2}})
	if err == nil {
		t.Fatal("bad start accepted")
	}
}
