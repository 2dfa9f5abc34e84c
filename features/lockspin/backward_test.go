package lockspin

import (
	"math/big"
	"testing"
)

// TestAnalyseStartsMatchesForward checks every start's backward-pass figures
// against the forward analysis of that start alone, and that the weighted
// average of the start means is the mixture's mean.
func TestAnalyseStartsMatchesForward(t *testing.T) {
	type tc struct {
		name   string
		g      *Game
		starts []Start
		q      Qualify
	}
	var cases []tc
	for _, b := range bruteConfigs() {
		g, err := New(b.cfg)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, tc{b.name, g, b.starts, b.q})
	}
	for _, e := range []struct {
		reels, rows    int
		scaleUp, equal bool
	}{{3, 3, true, false}, {3, 3, false, true}, {4, 2, true, true}} {
		g, starts := exampleLand(t, e.reels, e.rows, e.scaleUp, e.equal)
		if len(starts) > 12 {
			starts = starts[len(starts)-12:]
		}
		cases = append(cases, tc{"example", g, starts, g.All(Prob{2, 7})})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			each, err := c.g.AnalyseStarts(c.starts, c.q)
			if err != nil {
				t.Fatal(err)
			}
			mix, sum := new(big.Rat), new(big.Rat)
			for i, s := range c.starts {
				one, err := c.g.Analyse([]Start{{s.Locked, rat(1)}}, c.q)
				if err != nil {
					t.Fatal(err)
				}
				e := each[i]
				ok := e.Mean.Cmp(one.Mean) == 0 && e.Final.Cmp(one.Locked) == 0 && e.PFull.Cmp(one.PFull) == 0
				for l := range e.Hits {
					ok = ok && e.Hits[l].Cmp(one.Jackpots[l].Hits) == 0
				}
				if !ok {
					t.Errorf("start %v: backward mean %s final %s full %s, forward %s %s %s", s.Locked,
						e.Mean.RatString(), e.Final.RatString(), e.PFull.RatString(),
						one.Mean.RatString(), one.Locked.RatString(), one.PFull.RatString())
				}
				mix.Add(mix, new(big.Rat).Mul(s.Weight, e.Mean))
				sum.Add(sum, s.Weight)
			}
			all, err := c.g.Analyse(c.starts, c.q)
			if err != nil {
				t.Fatal(err)
			}
			if mix.Quo(mix, sum).Cmp(all.Mean) != 0 {
				t.Errorf("weighted start means %s, mixture mean %s", mix.RatString(), all.Mean.RatString())
			}
		})
	}
}

func BenchmarkAnalyseStarts5x4ScaleUp(b *testing.B) {
	g, starts := example(b, 5, 4, true)
	q := g.All(Prob{1, 4})
	for b.Loop() {
		if _, err := g.AnalyseStarts(starts, q); err != nil {
			b.Fatal(err)
		}
	}
}
