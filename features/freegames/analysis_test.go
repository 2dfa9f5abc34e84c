package freegames

import (
	"context"
	"math"
	"math/big"
	"testing"

	"egm/reels"
	"egm/reels/sim"
	"egm/rng"
)

// tinyExpand has free strips short enough to walk every stop combination.
func tinyExpand() reels.Config {
	c := expandConfig()
	c.Title = "tiny expand"
	c.Free = [][]string{
		reels.Strip("W M A K S Q K"),
		reels.Strip("M A S Q W K Q"),
		reels.Strip("A K Q M S W"),
		reels.Strip("K Q A M W S Q"),
		reels.Strip("Q K A M S W"),
	}
	return c
}

// TestGameMathMatchesBruteForce walks every stop combination of the free set
// through the very evaluation Play uses and compares E[X], E[X²], E[XK], q, E[K²]
// and the distribution of reels showing each symbol with Analyze, exactly.
func TestGameMathMatchesBruteForce(t *testing.T) {
	g := mustGame(t, tinyExpand())
	c := expandFeatureConfig()
	c.Retriggers = map[int]int{3: 1, 4: 2}
	c.Multiplier = 3
	f := mustFeature(t, g, c)
	a := f.Analyze()
	if len(a.Symbols) != 4 {
		t.Fatalf("%d symbols analysed", len(a.Symbols))
	}
	cyc := big.NewRat(int64(f.Set.Cycle()), 1)
	buf := make([]reels.LineWin, g.NumLines())
	for _, sm := range a.Symbols {
		x1, x2, xk, k1, k2 := new(big.Int), new(big.Int), new(big.Int), new(big.Int), new(big.Int)
		reelsShowing := make([]int64, g.Reels+1)
		stops := make([]int, g.Reels)
		var w reels.Window
		for {
			reels.SetStops(f.Set, stops, &w)
			gm := f.evaluate(&w, sm.ID, buf)
			x, k := big.NewInt(gm.Win), big.NewInt(int64(gm.Retrigger))
			x1.Add(x1, x)
			x2.Add(x2, new(big.Int).Mul(x, x))
			xk.Add(xk, new(big.Int).Mul(x, k))
			k1.Add(k1, k)
			k2.Add(k2, new(big.Int).Mul(k, k))
			n := 0
			for m := w.ReelsWith(sm.ID); m != 0; m &= m - 1 {
				n++
			}
			reelsShowing[n]++
			r := g.Reels - 1
			for ; r >= 0; r-- {
				if stops[r]++; stops[r] < f.Set.Len(r) {
					break
				}
				stops[r] = 0
			}
			if r < 0 {
				break
			}
		}
		q := func(x *big.Int) *big.Rat { return new(big.Rat).Quo(new(big.Rat).SetInt(x), cyc) }
		for _, cmp := range []struct {
			name      string
			got, want *big.Rat
		}{
			{"E[X]", sm.GameMean, q(x1)}, {"E[X²]", sm.GameSq, q(x2)}, {"E[XK]", sm.GameK, q(xk)},
			{"q", a.Q, q(k1)}, {"E[K²]", a.KSq, q(k2)},
		} {
			if cmp.got.Cmp(cmp.want) != 0 {
				t.Errorf("%s: %s = %s, brute force %s", sm.Symbol, cmp.name, cmp.got.FloatString(9), cmp.want.FloatString(9))
			}
		}
		for n, cnt := range reelsShowing {
			if want := q(big.NewInt(cnt)); sm.Reels[n].Cmp(want) != 0 {
				t.Errorf("%s: P(%d reels) = %s, brute force %s", sm.Symbol, n, sm.Reels[n].FloatString(9), want.FloatString(9))
			}
		}
		if sm.Expansion.Sign() <= 0 || a.Q.Sign() <= 0 || sm.GameK.Sign() <= 0 {
			t.Errorf("%s: degenerate fixture", sm.Symbol)
		}
	}
}

// TestGamesCountClosedForm: E[N] = L/(1−q) and Var N = L·Var K/(1−q)³.
func TestGamesCountClosedForm(t *testing.T) {
	g := mustGame(t, expandConfig())
	f := mustFeature(t, g, expandFeatureConfig())
	a := f.Analyze()
	for _, l := range []int{1, 10, 15} {
		mean, second := a.Games(l)
		om := new(big.Rat).Sub(big.NewRat(1, 1), a.Q)
		wantMean := new(big.Rat).Quo(big.NewRat(int64(l), 1), om)
		varK := new(big.Rat).Sub(a.KSq, new(big.Rat).Mul(a.Q, a.Q))
		wantVar := new(big.Rat).Quo(new(big.Rat).Mul(big.NewRat(int64(l), 1), varK), new(big.Rat).Mul(om, new(big.Rat).Mul(om, om)))
		gotVar := new(big.Rat).Sub(second, new(big.Rat).Mul(mean, mean))
		if mean.Cmp(wantMean) != 0 || gotVar.Cmp(wantVar) != 0 {
			t.Errorf("L=%d: E[N] %s Var %s, want %s %s", l, mean.FloatString(6), gotVar.FloatString(6), wantMean.FloatString(6), wantVar.FloatString(6))
		}
	}
}

// TestRoundMatchesSimulation plays rounds through Play on every core and checks the
// mean round win and the mean number of games against the exact figures, inside
// their 99% intervals (σ exact), and the measured σ within 5% of the exact one.
func TestRoundMatchesSimulation(t *testing.T) {
	g := mustGame(t, expandConfig())
	c := expandFeatureConfig()
	c.Multiplier = 2
	f := mustFeature(t, g, c)
	a := f.Analyze()
	if a.CapLostGames > 1e-12 {
		t.Fatalf("the cap is not negligible for this fixture: %g games", a.CapLostGames)
	}
	const L, rounds = 10, 60_000
	mean, second := a.Round(L)
	mu, _ := mean.Float64()
	m2, _ := second.Float64()
	sigma := math.Sqrt(m2 - mu*mu)
	gm, gs := a.Games(L)
	nmu, _ := gm.Float64()
	n2, _ := gs.Float64()
	nsigma := math.Sqrt(n2 - nmu*nmu)

	newPlayer := func() sim.PlayFunc {
		var r Round
		return func(src rng.Source) int64 {
			f.Play(src, L, &r)
			return r.Win
		}
	}
	res, err := sim.Run(context.Background(), sim.Options{Games: rounds, Seed: 7, Bet: 1, Chunk: 5_000}, newPlayer)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("round win: exact %.3f σ %.3f, measured %.3f σ %.3f (±%.3f)", mu, sigma, res.RTP(), res.Sigma(), res.HalfWidth99(sigma))
	if !res.Within99(mu, sigma) {
		t.Errorf("mean round win %.3f outside %.3f ± %.3f", res.RTP(), mu, res.HalfWidth99(sigma))
	}
	if d := res.Sigma()/sigma - 1; math.Abs(d) > 0.05 {
		t.Errorf("σ measured %.3f, exact %.3f", res.Sigma(), sigma)
	}
	games, err := sim.Run(context.Background(), sim.Options{Games: rounds, Seed: 8, Bet: 1, Chunk: 5_000}, func() sim.PlayFunc {
		var r Round
		return func(src rng.Source) int64 {
			f.Play(src, L, &r)
			return int64(len(r.Games))
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("games: exact %.4f σ %.4f, measured %.4f", nmu, nsigma, games.RTP())
	if !games.Within99(nmu, nsigma) {
		t.Errorf("mean games %.4f outside %.4f ± %.4f", games.RTP(), nmu, games.HalfWidth99(nsigma))
	}
}

func TestCapBoundGrowsAsTheCapShrinks(t *testing.T) {
	g := mustGame(t, expandConfig())
	var prev = -math.MaxFloat64
	for _, cap := range []int{250, 100, 40, 15} {
		c := expandFeatureConfig()
		c.MaxGames = cap
		a := mustFeature(t, g, c).Analyze()
		if a.CapLostGamesLog10 <= prev {
			t.Errorf("cap %d: log10 bound %.2f not above %.2f", cap, a.CapLostGamesLog10, prev)
		}
		prev = a.CapLostGamesLog10
	}
	c := expandFeatureConfig()
	c.Retriggers = nil
	if a := mustFeature(t, g, c).Analyze(); a.CapLostGames != 0 {
		t.Errorf("no retriggers: bound %g, want 0", a.CapLostGames)
	}
}

// TestBasePlusFreeGamesMatchesSimulation checks the way a title combines the base
// enumeration with the round (as in Example): a title-like Play (base spin, then
// the round its scatters award) simulated on every core lands its mean inside the
// 99% interval of the exact RTP, with σ from the exact second moment.
func TestBasePlusFreeGamesMatchesSimulation(t *testing.T) {
	g := mustGame(t, expandConfig())
	f := mustFeature(t, g, expandFeatureConfig())
	fa := f.Analyze()
	e := g.Enumerate(g.Base, nil)
	sum, sq := new(big.Rat), new(big.Rat)
	triggers := uint64(0)
	for _, c := range e.Classes {
		w := new(big.Rat).SetInt(new(big.Int).SetUint64(c.Weight))
		s1 := new(big.Rat).SetInt(c.Sum.Big())
		sum.Add(sum, s1)
		sq.Add(sq, new(big.Rat).SetInt(c.SumSq.Big()))
		if l := f.Award(c.Scatters); l > 0 {
			triggers += c.Weight
			m1, m2 := fa.Round(l)
			sum.Add(sum, new(big.Rat).Mul(w, m1))
			sq.Add(sq, new(big.Rat).Mul(big.NewRat(2, 1), new(big.Rat).Mul(s1, m1)))
			sq.Add(sq, new(big.Rat).Mul(w, m2))
		}
	}
	nl := int64(g.NumLines())
	den := new(big.Rat).SetInt64(int64(e.Cycle) * nl)
	rtp, _ := new(big.Rat).Quo(sum, den).Float64()
	m2, _ := new(big.Rat).Quo(sq, new(big.Rat).Mul(den, big.NewRat(nl, 1))).Float64()
	sigma := math.Sqrt(m2 - rtp*rtp)
	if triggers == 0 {
		t.Fatal("the fixture never triggers")
	}

	res, err := sim.Run(context.Background(), sim.Options{Games: 400_000, Seed: 3, Bet: nl, Chunk: 20_000}, func() sim.PlayFunc {
		var w reels.Window
		var r Round
		return func(src rng.Source) int64 {
			reels.Spin(src, g.Base, &w)
			ev := g.Evaluate(&w, nil)
			win := ev.Total
			if l := f.Award(ev.Scatters); l > 0 {
				f.Play(src, l, &r)
				win += r.Win
			}
			return win
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("RTP exact %.4f σ %.2f, measured %.4f ± %.4f (σ %.2f)", rtp, sigma, res.RTP(), res.HalfWidth99(sigma), res.Sigma())
	if !res.Within99(rtp, sigma) {
		t.Errorf("measured RTP %.4f outside %.4f ± %.4f", res.RTP(), rtp, res.HalfWidth99(sigma))
	}
}

// TestZeroRoundMatchesSimulation: the share of rounds that pay nothing lands in
// the binomial 99% interval around ZeroRound, with and without an expanding symbol.
func TestZeroRoundMatchesSimulation(t *testing.T) {
	g := mustGame(t, expandConfig())
	for _, tc := range []struct {
		name      string
		expanding []Weighted
		l         int
	}{
		{"no expanding symbol, one game", nil, 1},
		{"no expanding symbol, three games", nil, 3},
		{"expanding symbols, one game", expandFeatureConfig().Expanding, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := expandFeatureConfig()
			c.Expanding = tc.expanding
			f := mustFeature(t, g, c)
			p := f.ZeroRound(tc.l)
			res, err := sim.Run(context.Background(), sim.Options{Games: 200_000, Seed: 21, Bet: 1, Chunk: 10_000}, func() sim.PlayFunc {
				var r Round
				return func(src rng.Source) int64 {
					f.Play(src, tc.l, &r)
					if r.Win == 0 {
						return 1
					}
					return 0
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			hw := sim.Z99 * math.Sqrt(p*(1-p)/float64(res.Games))
			t.Logf("P(round pays nothing) %.5f, measured %.5f ± %.5f", p, res.RTP(), hw)
			if p <= 0 || p >= 1 {
				t.Fatalf("degenerate probability %g", p)
			}
			if math.Abs(res.RTP()-p) > hw {
				t.Errorf("measured %.5f outside %.5f ± %.5f", res.RTP(), p, hw)
			}
		})
	}
}

// TestRoundMomentsByPendingWalk recomputes E[T] and E[T²] of a round without the
// branching recursion: the joint law of (X, K) per free game from every stop
// combination of a tiny free set, then a walk over the number of pending games
// carrying the mass and the first two moments of the win so far, until the mass
// left is negligible. It must agree with Analysis.Round to 1e-9.
func TestRoundMomentsByPendingWalk(t *testing.T) {
	g := mustGame(t, tinyExpand())
	c := expandFeatureConfig()
	c.Retriggers = map[int]int{4: 2}
	c.Multiplier = 2
	c.Expanding = []Weighted{{"M", 1}, {"K", 2}}
	f := mustFeature(t, g, c)
	a := f.Analyze()
	q, _ := a.Q.Float64()
	t.Logf("q = %.4f", q)
	if q < 0.05 || q > 0.9 {
		t.Fatalf("fixture q = %.3f: want retriggers that matter", q)
	}
	buf := make([]reels.LineWin, g.NumLines())
	for _, L := range []int{1, 4} {
		var mean, second float64
		for _, sm := range a.Symbols {
			// Law of (X, K) for this symbol.
			type xk struct{ x, k int64 }
			law := map[xk]float64{}
			stops := make([]int, g.Reels)
			var w reels.Window
			n := float64(f.Set.Cycle())
			for {
				reels.SetStops(f.Set, stops, &w)
				gm := f.evaluate(&w, sm.ID, buf)
				law[xk{gm.Win, int64(gm.Retrigger)}] += 1 / n
				r := g.Reels - 1
				for ; r >= 0; r-- {
					if stops[r]++; stops[r] < f.Set.Len(r) {
						break
					}
					stops[r] = 0
				}
				if r < 0 {
					break
				}
			}
			// Walk over pending games: m[p], s1[p] = E[T; p], s2[p] = E[T²; p].
			const maxP = 200
			m, s1, s2 := make([]float64, maxP), make([]float64, maxP), make([]float64, maxP)
			m[L] = 1
			var e1, e2, dropped float64
			for step := 0; step < 5000; step++ {
				nm, n1, n2 := make([]float64, maxP), make([]float64, maxP), make([]float64, maxP)
				left := 0.0
				for p := 1; p < maxP; p++ {
					if m[p] == 0 {
						continue
					}
					for o, pr := range law {
						q := p - 1 + int(o.k)
						x := float64(o.x)
						if q >= maxP {
							dropped += pr * m[p]
							continue
						}
						nm[q] += pr * m[p]
						n1[q] += pr * (s1[p] + x*m[p])
						n2[q] += pr * (s2[p] + 2*x*s1[p] + x*x*m[p])
					}
				}
				e1 += n1[0]
				e2 += n2[0]
				nm[0], n1[0], n2[0] = 0, 0, 0
				for p := range nm {
					left += nm[p]
				}
				m, s1, s2 = nm, n1, n2
				if left < 1e-16 {
					break
				}
			}
			if dropped > 1e-15 {
				t.Fatalf("%s: %.3g of the mass ran beyond %d pending games", sm.Symbol, dropped, maxP)
			}
			share := float64(sm.Weight) / float64(a.weightTotal)
			mean += share * e1
			second += share * e2
		}
		wm, ws := a.Round(L)
		fm, _ := wm.Float64()
		fs, _ := ws.Float64()
		if math.Abs(mean-fm) > 1e-9*fm || math.Abs(second-fs) > 1e-9*fs {
			t.Errorf("L=%d: walk E[T] %.12g E[T²] %.12g, analysis %.12g %.12g", L, mean, second, fm, fs)
		}
	}
}
