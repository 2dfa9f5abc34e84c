package blackjack

import (
	"fmt"

	"egm/rng"
	"egm/tables/cards"
)

// Decks is the number of 52-card decks in the shoe: "Külgpanuste maja eelis (6
// kaardipakki)" and "6 kaardipakki: 4,7% kuni 0,47%" in the Estonian section "Maja Eelis
// (House Edge) – Blackjack", the only place either document states it (the Kazakh §29
// names no number of decks).
const Decks = 6

// Card is a card of the shoe (package cards: rank two … ace, four suits); a shoe
// of several decks holds each card several times.
type Card = cards.Card

// Ranks the game reads apart: a ten and the pictures count 10, an ace 1 or 11.
const (
	Ten = cards.Ten
	Ace = cards.Ace
)

// Points is a card's blackjack value with an ace as 1: "Ässad loetakse väärtuseks 1
// või 11, pildikaardid (kuningas, emand, soldat) väärtuseks 10, ning kõik teised kaardid
// oma nimiväärtuses" (the ace's 11 is Value's business).
func Points(c Card) int {
	switch r := c.Rank(); {
	case r == Ace:
		return 1
	case r >= Ten:
		return 10
	default:
		return r + 2
	}
}

// ParseCard reads "Ah", "Td", "7c".
func ParseCard(s string) (Card, error) {
	c, err := cards.Parse(s)
	if err != nil {
		return 0, fmt.Errorf("blackjack: %w", err)
	}
	return c, nil
}

// NewShoe is the unshuffled shoe of n decks, deck after deck in card order.
func NewShoe(n int) []Card { return cards.Shoe(n) }

// Shuffle shuffles the shoe in place with a full Fisher–Yates shuffle (cards.Shuffle).
func Shuffle(src rng.Source, shoe []Card) { cards.Shuffle(src, shoe) }

// Deal is a new round's shoe: the house's Decks decks shuffled from src. Every round
// is dealt from a freshly shuffled full shoe (no penetration, no cards carried over),
// and the shuffled shoe is the round's whole outcome: the cards are taken from its
// top in order (the player's first card, the dealer's up card, the player's second
// card, then every card any decision calls for, then the dealer's), so the same shoe
// and the same decisions replay the same hand, and a decision never redraws a card.
func Deal(src rng.Source) []Card {
	s := NewShoe(Decks)
	Shuffle(src, s)
	return s
}
