package slot

import (
	"encoding/json"
	"slices"
	"testing"

	"egm/jurisdiction"
	"egm/rng"
)

// kzLimits is the Kazakh profile's bet range: the euro's × 500, in tiyn.
func kzLimits() Limits {
	l := jurisdiction.KZ.Limits
	return Limits{MinBet: l.MinBet, MaxBet: l.MaxBet}
}

// The profiles' ranges: EE is R-GAME-11's constants, KZ the same × 500.
func TestProfileLimits(t *testing.T) {
	ee := jurisdiction.EE.Limits
	if (Limits{ee.MinBet, ee.MaxBet}) != EURLimits {
		t.Fatalf("EE range %d..%d, the package's %v", ee.MinBet, ee.MaxBet, EURLimits)
	}
	kz := kzLimits()
	if kz.MinBet != 500*EURLimits.MinBet || kz.MaxBet != 500*EURLimits.MaxBet {
		t.Fatalf("KZ range %v is not the euro's × 500", kz)
	}
	for _, l := range []Limits{EURLimits, kz} {
		if err := l.Validate(); err != nil {
			t.Fatal(err)
		}
	}
	if (Limits{MinBet: 0, MaxBet: 5}).Validate() == nil || (Limits{MinBet: 6, MaxBet: 5}).Validate() == nil {
		t.Fatal("a bad range passed")
	}
}

// The same denomination index gives the same credits per line in both
// currencies, and the same titles are offered at it.
func TestBetRangeScales(t *testing.T) {
	ee, kz := jurisdiction.EE.Limits.Denominations, jurisdiction.KZ.Limits.Denominations
	for _, lines := range []int{5, 10, 20, 25, 40} {
		for i := range ee {
			elo, ehi, eok := EURLimits.BetRange(lines, ee[i])
			klo, khi, kok := kzLimits().BetRange(lines, kz[i])
			if elo != klo || ehi != khi || eok != kok {
				t.Errorf("%d lines, denomination %d: EE %d..%d %v, KZ %d..%d %v", lines, i, elo, ehi, eok, klo, khi, kok)
			}
		}
		if kzLimits().MaxTotal(lines) != 500*MaxTotalCents(lines) {
			t.Errorf("%d lines: the KZ maximum total is not the euro's × 500", lines)
		}
		if len(kzLimits().Offered(lines, kz)) != len(Offered(lines, ee)) {
			t.Errorf("%d lines: offered at different denominations", lines)
		}
	}
}

// A game in tenge is the game in euros: from the same seed, a bet 500 times the
// euro bet gives the same symbols, features and jackpots, every amount × 500.
// So the return to player and every ratio of the math are the same.
func TestPlayInTengeIsThePlayInEuros(t *testing.T) {
	kz := kzLimits()
	for _, r := range testRecipes() {
		ti := mustTitle(t, r)
		lines := int64(ti.Lines())
		for _, eur := range []Bet{{LineCents: MaxBetCents / lines, Lines: ti.Lines()}, {LineCents: (MinBetCents + lines - 1) / lines, Lines: ti.Lines()}} {
			kzt := Bet{LineCents: eur.LineCents * 500, Lines: eur.Lines}
			if ti.CheckBetIn(kzt, EURLimits) == nil && kzt.TotalCents() > MaxBetCents {
				t.Fatal("a tenge bet passed the euro range")
			}
			var inEUR, inKZT int64
			for seed := uint64(1); seed <= 400; seed++ {
				var a, b Outcome
				if err := ti.Play(rng.NewSeeded(seed), eur, &a); err != nil {
					t.Fatal(err)
				}
				if err := ti.PlayIn(rng.NewSeeded(seed), kzt, kz, &b); err != nil {
					t.Fatal(err)
				}
				wa, _ := json.Marshal(a.Window)
				wb, _ := json.Marshal(b.Window)
				if string(wa) != string(wb) || !slices.Equal(a.Jackpots, b.Jackpots) || (a.LockSpin == nil) != (b.LockSpin == nil) {
					t.Fatalf("%s seed %d: the games differ", r.ID, seed)
				}
				if b.Win != 500*a.Win || b.BaseWin != 500*a.BaseWin || b.LockSpinWin != 500*a.LockSpinWin || b.FreeGamesWin != 500*a.FreeGamesWin || b.ColorsWin != 500*a.ColorsWin {
					t.Fatalf("%s seed %d: win %d tiyn, %d cents", r.ID, seed, b.Win, a.Win)
				}
				inEUR += a.Win
				inKZT += b.Win
			}
			if inKZT != 500*inEUR || inEUR == 0 {
				t.Fatalf("%s: returns %d tiyn, %d cents", r.ID, inKZT, inEUR)
			}
		}
	}
}
