package slot

import (
	"math"
	"testing"

	"egm/rng"
)

// The cap cuts one game's total award and says so; below it Play pays the parts'
// sum. A cap of 3× bet makes capped games common in a small sample.
func TestPlayCutsTheAwardAtTheCap(t *testing.T) {
	r := testRecipes()[0]
	s, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	if s.MaxWinX != Medium.MaxWinX || s.MaxWinX < 5_000 || s.MaxWinX > 10_000 {
		t.Fatalf("cap %d× bet, want the profile's, within 5,000..10,000", s.MaxWinX)
	}
	s.MaxWinX = 3
	ti, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	src := rng.NewSeeded(14)
	bet := Bet{LineCents: 5, Lines: ti.Lines()}
	var o Outcome
	capped := 0
	for range 20_000 {
		if err := ti.Play(src, bet, &o); err != nil {
			t.Fatal(err)
		}
		sum := o.BaseWin + o.ColorsWin + o.FreeGamesWin + o.LockSpinWin
		c := 3 * bet.TotalCents()
		switch {
		case sum > c:
			capped++
			if !o.Capped || o.Win != c || o.UncappedWin != sum {
				t.Fatalf("parts %d over the cap %d: win %d, capped %v, uncapped %d", sum, c, o.Win, o.Capped, o.UncappedWin)
			}
		case o.Capped || o.Win != sum || o.UncappedWin != 0:
			t.Fatalf("parts %d under the cap %d: win %d, capped %v", sum, c, o.Win, o.Capped)
		}
	}
	if capped == 0 {
		t.Fatal("no game reached a 3× cap")
	}
}

// The PAR's max win is the cap when the rules allow more, and the volatility
// label follows σ by the stated rule.
func TestPARMaxWinAndVolatility(t *testing.T) {
	for _, r := range testRecipes() {
		p, err := mustTitle(t, r).PAR()
		if err != nil {
			t.Fatal(err)
		}
		if p.MaxWinCap <= 0 || p.MaxWin > float64(p.MaxWinCap) || p.MaxWin > p.MaxWinUncapped ||
			(p.MaxWinUncapped > float64(p.MaxWinCap) && p.MaxWin != float64(p.MaxWinCap)) {
			t.Errorf("%s: max win %v, cap %d, uncapped %v", r.ID, p.MaxWin, p.MaxWinCap, p.MaxWinUncapped)
		}
		if p.Volatility != VolatilityOf(p.Sigma) || p.VolatilityRule == "" {
			t.Errorf("%s: volatility %q at σ %.2f", r.ID, p.Volatility, p.Sigma)
		}
		if len(p.ByBet) != 2 || p.ByBet[0].BetCents >= p.ByBet[1].BetCents || p.ByBet[0].SigmaLinked < p.ByBet[1].SigmaLinked || p.ByBet[1].SigmaLinked < p.Sigma {
			t.Errorf("%s: σ by bet %+v", r.ID, p.ByBet)
		}
	}
}

// The cap's cost and odds on the PAR bracket what Play does: with small caps
// (so that a sample reaches them often), the mean award cut by the cap and the
// share of games at the cap, measured over seeded games, fall within the PAR's
// bounds (±4 standard errors); a cap no game can reach costs exactly nothing.
func TestCapFiguresMatchPlay(t *testing.T) {
	const games = 200_000
	for _, r := range testRecipes() {
		s, err := r.Build()
		if err != nil {
			t.Fatal(err)
		}
		for _, capX := range []int64{3, 40, 1 << 40} {
			s.MaxWinX = capX
			ti, err := New(s)
			if err != nil {
				t.Fatal(err)
			}
			p, err := ti.PAR()
			if err != nil {
				t.Fatal(err)
			}
			c := p.Cap
			never := capX == 1<<40
			if never {
				if c.Binds || c.CostHigh != 0 || c.RTPLow != p.RTP || c.RTPHigh != p.RTP || c.PCapHigh != 0 {
					t.Errorf("%s: a cap no game reaches: %+v", r.ID, c)
				}
				if ti.Free == nil && (c.TrueMax <= 0 || c.TrueMax > p.MaxWinUncapped || c.PTrueMax <= 0 || c.PTrueMax > 1) {
					t.Errorf("%s: true maximum %v (probability %g), bound %v", r.ID, c.TrueMax, c.PTrueMax, p.MaxWinUncapped)
				}
			} else if !c.Binds || c.CostHigh <= 0 {
				t.Fatalf("%s cap %d×: the cap binds: %+v", r.ID, capX, c)
			}
			src := rng.NewSeeded(uint64(capX) * 77)
			bet := Bet{LineCents: 10, Lines: ti.Lines()}
			tot := float64(bet.TotalCents())
			var o Outcome
			var s1, s2, hits float64
			for range games {
				if err := ti.Play(src, bet, &o); err != nil {
					t.Fatal(err)
				}
				x := float64(o.BaseWin+o.ColorsWin+o.FreeGamesWin+o.LockSpinWin) / tot
				if never && c.TrueMax > 0 && x > c.TrueMax+1e-9 {
					t.Fatalf("%s: an award of %v× above the true maximum %v×", r.ID, x, c.TrueMax)
				}
				ex := max(0, x-float64(capX))
				s1 += ex
				s2 += ex * ex
				if x >= float64(capX) {
					hits++
				}
			}
			if never {
				continue
			}
			m := s1 / games
			se := math.Sqrt((s2/games-m*m)/games) + 1e-12
			ph := hits / games
			pse := math.Sqrt(ph*(1-ph)/games) + 1e-12
			t.Logf("%s cap %d×: cost %.6f..%.6f, measured %.6f ± %.6f; P(W ≥ cap) %.5f..%.5f, measured %.5f", r.ID, capX, c.CostLow, c.CostHigh, m, se, c.PCapLow, c.PCapHigh, ph)
			if m < c.CostLow-4*se || m > c.CostHigh+4*se {
				t.Errorf("%s cap %d×: measured cost %.6f ± %.6f outside %.6f..%.6f", r.ID, capX, m, se, c.CostLow, c.CostHigh)
			}
			if ph < c.PCapLow-4*pse || ph > c.PCapHigh+4*pse {
				t.Errorf("%s cap %d×: measured P(W ≥ cap) %.5f outside %.5f..%.5f", r.ID, capX, ph, c.PCapLow, c.PCapHigh)
			}
		}
	}
}
