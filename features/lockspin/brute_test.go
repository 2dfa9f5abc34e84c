package lockspin

import (
	"math/big"
	"testing"

	"egm/rng"
)

// brute is an independent exact evaluation by enumerating every outcome of the
// feature — every landing pattern, symbol and qualification — with big.Rat
// probabilities, applying the rules to explicit cell values as Play does. It is
// only feasible on tiny grids.
type brute struct {
	g     *Game
	probs []Prob
	// sums of probability × figure over all outcomes
	mean, m2, full, respins, locked, scaleUps *big.Rat
	final                                     []*big.Rat
	hits, none, symbols                       []*big.Rat
	// dist, when set, collects P(coin total = v) (TestTotalDistMatchesBruteForce)
	dist map[int64]*big.Rat
}

type bcell struct {
	used  bool
	value int64
}

type bstate struct {
	cells    []bcell
	hits     []int // qualified hits per level
	symbols  []int // landed symbols per level
	scaleUps int
	respins  int
}

func (s bstate) clone() bstate {
	return bstate{
		cells:    append([]bcell(nil), s.cells...),
		hits:     append([]int(nil), s.hits...),
		symbols:  append([]int(nil), s.symbols...),
		scaleUps: s.scaleUps, respins: s.respins,
	}
}

func newBrute(g *Game, q Qualify) *brute {
	probs, err := g.probs(q)
	if err != nil {
		panic(err)
	}
	nl := len(g.cfg.Jackpots)
	b := &brute{g: g, probs: probs, mean: rat(0), m2: rat(0), full: rat(0), respins: rat(0), locked: rat(0), scaleUps: rat(0)}
	for range g.cells + 1 {
		b.final = append(b.final, rat(0))
	}
	for range nl {
		b.hits, b.none, b.symbols = append(b.hits, rat(0)), append(b.none, rat(0)), append(b.symbols, rat(0))
	}
	return b
}

func frac(a, b uint64) *big.Rat {
	return new(big.Rat).SetFrac(new(big.Int).SetUint64(a), new(big.Int).SetUint64(b))
}

// outcomes calls f for every way symbol table t can settle (symbol and, for a
// jackpot, qualification), with its probability.
func (b *brute) outcomes(t []Weighted, f func(p *big.Rat, s Symbol, qualified bool)) {
	var total uint64
	for _, w := range t {
		total += w.Weight
	}
	for _, w := range t {
		p := frac(w.Weight, total)
		if w.Symbol.Kind != Jackpot {
			f(p, w.Symbol, false)
			continue
		}
		q := b.probs[b.g.level(w.Symbol.Level)].Rat()
		f(new(big.Rat).Mul(p, q), w.Symbol, true)
		f(new(big.Rat).Mul(p, new(big.Rat).Sub(rat(1), q)), w.Symbol, false)
	}
}

// place locks symbol s in cell i of st and returns the Scale Up factor.
func (b *brute) place(st *bstate, i int, s Symbol, qualified bool) int64 {
	st.cells[i].used = true
	switch s.Kind {
	case Coin:
		st.cells[i].value = s.Value
	case Jackpot:
		l := b.g.level(s.Level)
		st.symbols[l]++
		if qualified {
			st.hits[l]++
		} else {
			st.cells[i].value = b.g.cfg.Jackpots[l].Fallback
		}
	case ScaleUp:
		st.scaleUps++
		return s.Factor
	}
	return 1
}

func (b *brute) start(locked []int, weight *big.Rat) {
	c := b.g.cfg
	var cells []int
	for r, k := range locked {
		for row := range k {
			cells = append(cells, r*c.Rows+row)
		}
	}
	st := bstate{cells: make([]bcell, b.g.cells), hits: make([]int, len(c.Jackpots)), symbols: make([]int, len(c.Jackpots))}
	var fill func(i int, st bstate, p *big.Rat)
	fill = func(i int, st bstate, p *big.Rat) {
		if i == len(cells) {
			b.respin(st, Respins, p)
			return
		}
		b.outcomes(c.TriggerSymbols, func(ps *big.Rat, s Symbol, q bool) {
			st2 := st.clone()
			b.place(&st2, cells[i], s, q)
			fill(i+1, st2, new(big.Rat).Mul(p, ps))
		})
	}
	fill(0, st, weight)
}

func (b *brute) respin(st bstate, counter int, p *big.Rat) {
	c := b.g.cfg
	n := 0
	for _, cl := range st.cells {
		if cl.used {
			n++
		}
	}
	if counter == 0 || n == b.g.cells {
		b.finish(st, n, p)
		return
	}
	var cells []int
	for i, cl := range st.cells {
		if !cl.used {
			cells = append(cells, i)
		}
	}
	var fill func(j int, st bstate, p *big.Rat, landed int, factor int64)
	fill = func(j int, st bstate, p *big.Rat, landed int, factor int64) {
		if j == len(cells) {
			st.respins++
			for i := range st.cells {
				st.cells[i].value *= factor
			}
			next := counter - 1
			if landed > 0 {
				next = Respins
			}
			b.respin(st, next, p)
			return
		}
		land := c.Land[cells[j]/c.Rows]
		W := land.Bonus + land.Blank
		fill(j+1, st.clone(), new(big.Rat).Mul(p, frac(land.Blank, W)), landed, factor)
		pb := new(big.Rat).Mul(p, frac(land.Bonus, W))
		b.outcomes(c.Symbols, func(ps *big.Rat, s Symbol, q bool) {
			st2 := st.clone()
			f := b.place(&st2, cells[j], s, q)
			fill(j+1, st2, new(big.Rat).Mul(pb, ps), landed+1, factor*f)
		})
	}
	fill(0, st, p, 0, 1)
}

func (b *brute) finish(st bstate, n int, p *big.Rat) {
	full := n == b.g.cells
	if full && b.g.cfg.FullGrid != "" {
		l := b.g.level(b.g.cfg.FullGrid)
		q := b.probs[l].Rat()
		won := st.clone()
		won.hits[l]++
		st.cells = append([]bcell(nil), st.cells...)
		b.finish1(won, n, new(big.Rat).Mul(p, q))
		b.finish1(st, n, new(big.Rat).Mul(p, new(big.Rat).Sub(rat(1), q)))
		return
	}
	b.finish1(st, n, p)
}

func (b *brute) finish1(st bstate, n int, p *big.Rat) {
	var v int64
	for _, cl := range st.cells {
		v += cl.value
	}
	add := func(acc *big.Rat, x int64) { acc.Add(acc, new(big.Rat).Mul(p, rat(x))) }
	add(b.mean, v)
	add(b.m2, v*v)
	if b.dist != nil {
		if b.dist[v] == nil {
			b.dist[v] = rat(0)
		}
		add(b.dist[v], 1)
	}
	add(b.respins, int64(st.respins))
	add(b.locked, int64(n))
	add(b.scaleUps, int64(st.scaleUps))
	add(b.final[n], 1)
	if n == b.g.cells {
		add(b.full, 1)
	}
	for l := range st.hits {
		add(b.hits[l], int64(st.hits[l]))
		add(b.symbols[l], int64(st.symbols[l]))
		if st.hits[l] == 0 {
			add(b.none[l], 1)
		}
	}
}

func bruteConfigs() []struct {
	name   string
	cfg    Config
	starts []Start
	q      Qualify
} {
	grandMajor := []Level{{Name: "grand", Fallback: 3}, {Name: "major", Fallback: 0}}
	return []struct {
		name   string
		cfg    Config
		starts []Start
		q      Qualify
	}{
		{
			name: "2x2 scale up, jackpots, full-grid major",
			cfg: Config{
				Reels: 2, Rows: 2, Trigger: 1,
				Land: []Land{{Bonus: 1, Blank: 2}, {Bonus: 1, Blank: 1}},
				Symbols: []Weighted{
					{Symbol{Kind: Coin, Value: 1}, 3}, {Symbol{Kind: Coin, Value: 2}, 1},
					{Symbol{Kind: ScaleUp, Factor: 2}, 1}, {Symbol{Kind: Jackpot, Level: "grand"}, 1},
				},
				TriggerSymbols: []Weighted{
					{Symbol{Kind: Coin, Value: 1}, 2}, {Symbol{Kind: Coin, Value: 5}, 1},
					{Symbol{Kind: Jackpot, Level: "major"}, 1},
				},
				Jackpots: grandMajor, FullGrid: "major",
			},
			starts: []Start{{[]int{2, 0}, rat(2)}, {[]int{1, 1}, rat(1)}, {[]int{2, 1}, frac(1, 3)}},
			q:      Qualify{"grand": {1, 3}, "major": {1, 2}},
		},
		{
			name: "2x2 no scale up, jackpots with fallbacks, full-grid grand",
			cfg: Config{
				Reels: 2, Rows: 2, Trigger: 2,
				Land: []Land{{Bonus: 2, Blank: 3}, {Bonus: 1, Blank: 4}},
				Symbols: []Weighted{
					{Symbol{Kind: Coin, Value: 1}, 3}, {Symbol{Kind: Coin, Value: 5}, 1},
					{Symbol{Kind: Jackpot, Level: "grand"}, 1}, {Symbol{Kind: Jackpot, Level: "major"}, 1},
				},
				TriggerSymbols: []Weighted{
					{Symbol{Kind: Coin, Value: 2}, 3}, {Symbol{Kind: Coin, Value: 3}, 1},
					{Symbol{Kind: Jackpot, Level: "major"}, 1},
				},
				Jackpots: grandMajor, FullGrid: "grand",
			},
			starts: []Start{{[]int{2, 0}, rat(5)}, {[]int{1, 1}, rat(3)}, {[]int{0, 2}, rat(1)}, {[]int{2, 1}, frac(1, 2)}},
			q:      Qualify{"grand": {2, 3}, "major": {3, 4}},
		},
		{
			name: "3x1 coins only",
			cfg: Config{
				Reels: 3, Rows: 1, Trigger: 1,
				Land:           []Land{{Bonus: 1, Blank: 3}, {Bonus: 2, Blank: 3}, {Bonus: 1, Blank: 1}},
				Symbols:        []Weighted{{Symbol{Kind: Coin, Value: 1}, 5}, {Symbol{Kind: Coin, Value: 10}, 1}},
				TriggerSymbols: []Weighted{{Symbol{Kind: Coin, Value: 2}, 1}},
			},
			starts: []Start{{[]int{1, 0, 0}, rat(1)}, {[]int{0, 0, 1}, rat(1)}},
			q:      Qualify{},
		},
		{
			name: "1x3 two scale ups, unqualified fallback",
			cfg: Config{
				Reels: 1, Rows: 3, Trigger: 1,
				Land: []Land{{Bonus: 2, Blank: 3}},
				Symbols: []Weighted{
					{Symbol{Kind: Coin, Value: 4}, 2}, {Symbol{Kind: ScaleUp, Factor: 3}, 1},
					{Symbol{Kind: ScaleUp, Factor: 2}, 1}, {Symbol{Kind: Jackpot, Level: "grand"}, 1},
				},
				TriggerSymbols: []Weighted{{Symbol{Kind: Coin, Value: 1}, 1}, {Symbol{Kind: Jackpot, Level: "grand"}, 1}},
				Jackpots:       []Level{{Name: "grand", Fallback: 7}},
				FullGrid:       "grand",
			},
			starts: []Start{{[]int{1}, rat(3)}, {[]int{2}, rat(1)}},
			q:      Qualify{"grand": {2, 5}},
		},
	}
}

func TestAnalysisMatchesBruteForce(t *testing.T) {
	for _, tc := range bruteConfigs() {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			g, err := New(tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := g.Analyse(tc.starts, tc.q)
			if err != nil {
				t.Fatal(err)
			}
			b := newBrute(g, tc.q)
			sum := rat(0)
			for _, s := range tc.starts {
				sum.Add(sum, s.Weight)
			}
			for _, s := range tc.starts {
				b.start(s.Locked, new(big.Rat).Quo(s.Weight, sum))
			}
			check := func(name string, got, want *big.Rat) {
				t.Helper()
				if got.Cmp(want) != 0 {
					t.Errorf("%s: analysis %s (%.6g), brute force %s (%.6g)", name, got.RatString(), Float(got), want.RatString(), Float(want))
				}
			}
			check("mean", rep.Mean, b.mean)
			check("second moment", rep.SecondMoment, b.m2)
			check("P(full)", rep.PFull, b.full)
			check("respins", rep.Respins, b.respins)
			check("locked", rep.Locked, b.locked)
			check("scale ups", rep.ScaleUps, b.scaleUps)
			for n := range b.final {
				check("final", rep.Final[n], b.final[n])
			}
			for l, j := range rep.Jackpots {
				check(j.Level+" hits", j.Hits, b.hits[l])
				check(j.Level+" symbols", j.Symbols, b.symbols[l])
				check(j.Level+" P(≥1)", j.AtLeastOne, new(big.Rat).Sub(rat(1), b.none[l]))
			}
			if rep.Mean.Sign() == 0 || rep.Variance.Sign() <= 0 {
				t.Errorf("degenerate case: mean %v variance %v", rep.Mean, rep.Variance)
			}
		})
	}
}

// TestAnalysisMatchesBruteForceRandom compares the analysis with brute force on
// random small configurations (seeded, so a failure reproduces).
func TestAnalysisMatchesBruteForceRandom(t *testing.T) {
	src := rng.NewSeeded(77)
	draw := func(lo, hi int) int { return lo + rng.Intn(src, hi-lo+1) }
	grids := [][3]int{{1, 3, 1}, {3, 1, 1}, {2, 2, 3}, {1, 4, 2}}
	for i := 0; i < 12; i++ {
		gr := grids[i%len(grids)]
		cfg := Config{Reels: gr[0], Rows: gr[1], Trigger: gr[2],
			Jackpots: []Level{{Name: "grand", Fallback: int64(draw(0, 4))}, {Name: "major", Fallback: int64(draw(0, 2))}}}
		if draw(0, 1) == 1 {
			cfg.FullGrid = cfg.Jackpots[draw(0, 1)].Name
		}
		equal := i%3 == 0
		for range cfg.Reels {
			if equal && len(cfg.Land) > 0 {
				cfg.Land = append(cfg.Land, cfg.Land[0])
				continue
			}
			cfg.Land = append(cfg.Land, Land{Bonus: uint64(draw(1, 3)), Blank: uint64(draw(1, 4))})
		}
		kinds := []Symbol{
			{Kind: Coin, Value: int64(draw(1, 9))}, {Kind: Coin, Value: int64(draw(1, 3))},
			{Kind: Jackpot, Level: "grand"}, {Kind: Jackpot, Level: "major"},
			{Kind: ScaleUp, Factor: int64(draw(2, 3))},
		}
		for _, k := range kinds {
			if k.Kind == Coin || draw(0, 2) > 0 {
				cfg.Symbols = append(cfg.Symbols, Weighted{k, uint64(draw(1, 4))})
			}
		}
		for _, k := range kinds[:4] {
			if k.Kind == Coin || draw(0, 2) == 0 {
				cfg.TriggerSymbols = append(cfg.TriggerSymbols, Weighted{k, uint64(draw(1, 4))})
			}
		}
		g, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var starts []Start
		forEachState(cfg.Reels, cfg.Rows, func(k []int) {
			n := 0
			for _, x := range k {
				n += x
			}
			if n >= cfg.Trigger && draw(0, 2) > 0 {
				starts = append(starts, Start{append([]int(nil), k...), rat(int64(draw(1, 5)))})
			}
		})
		if len(starts) == 0 {
			continue
		}
		q := Qualify{"grand": {uint64(draw(0, 3)), 3}, "major": {uint64(draw(1, 4)), 4}}
		rep, err := g.Analyse(starts, q)
		if err != nil {
			t.Fatal(err)
		}
		b := newBrute(g, q)
		sum := rat(0)
		for _, s := range starts {
			sum.Add(sum, s.Weight)
		}
		for _, s := range starts {
			b.start(s.Locked, new(big.Rat).Quo(s.Weight, sum))
		}
		same := rep.Mean.Cmp(b.mean) == 0 && rep.SecondMoment.Cmp(b.m2) == 0 && rep.PFull.Cmp(b.full) == 0 &&
			rep.Respins.Cmp(b.respins) == 0 && rep.ScaleUps.Cmp(b.scaleUps) == 0
		for l, j := range rep.Jackpots {
			same = same && j.Hits.Cmp(b.hits[l]) == 0 && j.AtLeastOne.Cmp(new(big.Rat).Sub(rat(1), b.none[l])) == 0
		}
		if !same {
			t.Errorf("case %d (%+v): analysis mean %s m2 %s, brute force %s %s", i, cfg, rep.Mean.RatString(), rep.SecondMoment.RatString(), b.mean.RatString(), b.m2.RatString())
		}
	}
}
