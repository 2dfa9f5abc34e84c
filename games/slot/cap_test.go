package slot

import (
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
