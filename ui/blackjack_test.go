//go:build cgo && !noscreen

package ui

import (
	"slices"
	"testing"

	"egm/tables/blackjack"
)

// TestBlackjackTableSettles: DEAL takes the stakes and fixes the round's whole
// shoe; every decision (the house strategy's) takes the next card of that shoe and
// any extra stake it calls for; the table pays what blackjack.Game.Settle returns,
// after the dealer's last card is shown.
func TestBlackjackTableSettles(t *testing.T) {
	f, err := blackjack.HouseFigures()
	if err != nil {
		t.Fatal(err)
	}
	g := NewBlackjackTable(11)
	for round := range 20 {
		before := g.credit
		g.press("DEAL")
		if g.game == nil {
			t.Fatal("no round dealt")
		}
		shoe := slices.Clone(g.game.Shoe)
		for g.playing() {
			g.apply(f.Strategy.Decide(g.game))
		}
		if !slices.Equal(shoe, g.game.Shoe) {
			t.Fatalf("round %d: a decision changed the shoe", round)
		}
		want, err := g.game.Settle()
		if err != nil {
			t.Fatal(err)
		}
		if g.credit != before-want.Staked {
			t.Fatalf("round %d: credit %d from %d, staked %d", round, g.credit, before, want.Staked)
		}
		for !g.settled() {
			g.t++
		}
		g.Update(nil)
		if g.credit != before-want.Staked+want.Returned {
			t.Fatalf("round %d: credit %d after the payout, want %d", round, g.credit, before-want.Staked+want.Returned)
		}
	}
}
