//go:build cgo && !noscreen

package ui

import (
	"testing"

	"egm/features/gamble"
	"egm/tables/cards"
	"egm/ui/internal/tablescene"
)

func TestPlayingCardArt(t *testing.T) {
	for c := cards.Card(0); c < 52; c++ {
		p := tablescene.PlayingCard(c)
		if p.Rank < 1 || p.Rank > 13 {
			t.Fatalf("%v: rank %d", c, p.Rank)
		}
		if (p.Colour() == gamble.Red) != c.Red() {
			t.Errorf("%v drawn as %v", c, p.Suit)
		}
	}
	if p := tablescene.PlayingCard(cards.New(cards.Ace, cards.Spades)); p.Rank != 1 {
		t.Errorf("ace drawn as rank %d", p.Rank)
	}
	if p := tablescene.PlayingCard(cards.New(0, cards.Clubs)); p.Rank != 2 {
		t.Errorf("two drawn as rank %d", p.Rank)
	}
}
