//go:build cgo && !noscreen

package ui

import (
	"testing"

	"egm/features/gamble"
	"egm/tables/cards"
	"egm/tables/threecard"
)

// TestThreeCardTableSettles: DEAL takes the stakes and decides every card; PLAY
// takes the Ante again and never changes a card; the table pays exactly what
// threecard.Settle returns; FOLD leaves the Pair Plus and Prime to be settled.
func TestThreeCardTableSettles(t *testing.T) {
	for _, d := range []threecard.Decision{threecard.Play, threecard.Fold} {
		g := NewThreeCardTable(5)
		before := g.credit
		g.press("DEAL", tcIdle)
		if g.round == nil || g.phase() != tcDealing {
			t.Fatal("DEAL dealt no round")
		}
		dealt := *g.round
		for g.phase() == tcDealing {
			g.t++
		}
		name := "PLAY"
		if d == threecard.Fold {
			name = "FOLD"
		}
		g.press(name, g.phase())
		if *g.round != dealt {
			t.Fatal("a decision changed the cards")
		}
		want, err := threecard.Settle(threecard.Default, dealt, g.bets, d)
		if err != nil {
			t.Fatal(err)
		}
		g.t += tcShowTicks
		g.payout()
		if g.res != want || g.credit != before-want.Staked+want.Returned {
			t.Fatalf("%v: paid %+v, credit %d from %d; Settle: %+v", d, g.res, g.credit, before, want)
		}
	}
}

func TestPlayingCardArt(t *testing.T) {
	for c := cards.Card(0); c < 52; c++ {
		p := playingCard(c)
		if p.Rank < 1 || p.Rank > 13 {
			t.Fatalf("%v: rank %d", c, p.Rank)
		}
		if (p.Colour() == gamble.Red) != c.Red() {
			t.Errorf("%v drawn as %v", c, p.Suit)
		}
	}
	if p := playingCard(cards.New(cards.Ace, cards.Spades)); p.Rank != 1 {
		t.Errorf("ace drawn as rank %d", p.Rank)
	}
	if p := playingCard(cards.New(0, cards.Clubs)); p.Rank != 2 {
		t.Errorf("two drawn as rank %d", p.Rank)
	}
}
