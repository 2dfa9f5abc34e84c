//go:build cgo && !noscreen

package ui

import (
	"testing"

	"egm/tables/uth"
)

// TestHoldemTableSettles: DEAL fixes every card; each street's decision only
// shows more of them and takes its Play bet; the table pays what uth.Settle
// returns for the decisions taken; a decision a street does not offer is ignored.
func TestHoldemTableSettles(t *testing.T) {
	g := NewHoldemTable(4)
	if g.strategy == nil {
		t.Fatal("no house strategy")
	}
	for round := range 30 {
		before := g.credit
		g.press("DEAL")
		dealt := *g.round
		g.decide(uth.Bet1x) // not open before the river: ignored
		if len(g.ds) != 0 {
			t.Fatal("a decision the street does not offer was taken")
		}
		for g.deciding() {
			d, err := g.strategy.Decide(g.round.Player, g.board())
			if err != nil {
				t.Fatal(err)
			}
			g.decide(d)
		}
		if *g.round != dealt {
			t.Fatalf("round %d: a decision changed the cards", round)
		}
		want, err := uth.Settle(uth.Default, dealt, g.bets, g.ds)
		if err != nil {
			t.Fatal(err)
		}
		if g.res != want || g.credit != before-want.Staked {
			t.Fatalf("round %d: %+v, credit %d from %d; Settle %+v", round, g.res, g.credit, before, want)
		}
		g.t += 30
		g.Update(nil)
		if g.credit != before-want.Staked+want.Returned {
			t.Fatalf("round %d: credit %d after the payout, want %d", round, g.credit, before-want.Staked+want.Returned)
		}
	}
}
