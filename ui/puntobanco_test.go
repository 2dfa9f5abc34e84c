//go:build cgo && !noscreen

package ui

import (
	"testing"

	"egm/tables/puntobanco"
)

// TestPuntoBancoTableSettles: a chip on a box bets it, DEAL takes the stakes and
// pays exactly what puntobanco.Settle returns for the coup dealt; the next chip
// after a coup starts a new layout, and DEAL alone bets the same again.
func TestPuntoBancoTableSettles(t *testing.T) {
	g := NewPuntoBancoTable(3)
	banker := pbBoxes[3]
	if banker.bet != puntobanco.BetBanker {
		t.Fatal("the fourth box is not the Banker")
	}
	g.chip = 1 // 5 EUR
	g.click(banker.x+10, banker.y+10)
	g.click(banker.x+10, banker.y+10)
	if g.bets[puntobanco.BetBanker] != 1000 || g.staked() != 1000 {
		t.Fatalf("bets %v", g.bets)
	}
	for round := range 3 {
		before := g.credit
		g.deal()
		if g.coup == nil {
			t.Fatal("no coup dealt")
		}
		want, err := puntobanco.Settle(puntobanco.Commission, *g.coup, g.bets)
		if err != nil {
			t.Fatal(err)
		}
		if g.credit != before-want.Staked {
			t.Fatalf("round %d: the stake was not taken at DEAL", round)
		}
		g.t += (g.coup.Cards() + 1) * pbCardTicks
		g.payout()
		if g.res != want || g.credit != before-want.Staked+want.Returned {
			t.Fatalf("round %d: paid %+v, credit %d from %d; Settle %+v", round, g.res, g.credit, before, want)
		}
		if g.dealing() {
			t.Fatal("still dealing after the last card")
		}
	}
	g.click(banker.x+10, banker.y+10)
	if g.coup != nil || g.staked() != 500 {
		t.Fatalf("a chip after the coup: coup kept %v, staked %d", g.coup != nil, g.staked())
	}
}
