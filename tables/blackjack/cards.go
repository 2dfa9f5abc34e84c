package blackjack

import (
	"fmt"

	"egm/rng"
)

// Decks is the number of 52-card decks in the shoe: "Külgpanuste maja eelis (6
// kaardipakki)" and "6 kaardipakki: 4,7% kuni 0,47%" in the Estonian section "Maja Eelis
// (House Edge) – Blackjack", the only place either document states it (the Kazakh §29
// names no number of decks).
const Decks = 6

// Card is 0–51: rank Card/4 (0 = two … 8 = ten, 9 = jack, 10 = queen, 11 = king,
// 12 = ace), suit Card%4. A shoe of several decks holds each card several times.
type Card uint8

// Suits: clubs and spades are black, diamonds and hearts red.
const (
	Clubs = iota
	Diamonds
	Hearts
	Spades
)

// Ranks of the three side bets' poker reading (2 … ace).
const (
	Ten  = 8
	Jack = 9
	King = 11
	Ace  = 12
)

// NewCard is the card of rank r (0 = two … 12 = ace) and suit s.
func NewCard(r, s int) Card { return Card(4*r + s) }

// Rank is 0 (two) … 12 (ace).
func (c Card) Rank() int { return int(c) / 4 }

// Suit is Clubs, Diamonds, Hearts or Spades.
func (c Card) Suit() int { return int(c) % 4 }

// Red reports whether the card is a diamond or a heart.
func (c Card) Red() bool { return c.Suit() == Diamonds || c.Suit() == Hearts }

// Points is the card's blackjack value with an ace as 1: "Ässad loetakse väärtuseks 1
// või 11, pildikaardid (kuningas, emand, soldat) väärtuseks 10, ning kõik teised kaardid
// oma nimiväärtuses" (the ace's 11 is Value's business).
func (c Card) Points() int {
	switch r := c.Rank(); {
	case r == Ace:
		return 1
	case r >= Ten:
		return 10
	default:
		return r + 2
	}
}

func (c Card) String() string {
	if c > 51 {
		return fmt.Sprintf("card(%d)", int(c))
	}
	return string("23456789TJQKA"[c.Rank()]) + string("cdhs"[c.Suit()])
}

// ParseCard reads "Ah", "Td", "7c".
func ParseCard(s string) (Card, error) {
	if len(s) != 2 {
		return 0, fmt.Errorf("blackjack: card %q", s)
	}
	r, su := -1, -1
	for i := range 13 {
		if "23456789TJQKA"[i] == s[0] {
			r = i
		}
	}
	for i := range 4 {
		if "cdhs"[i] == s[1] {
			su = i
		}
	}
	if r < 0 || su < 0 {
		return 0, fmt.Errorf("blackjack: card %q", s)
	}
	return NewCard(r, su), nil
}

// NewShoe is the unshuffled shoe of n decks, deck after deck in card order.
func NewShoe(n int) []Card {
	s := make([]Card, 52*n)
	for i := range s {
		s[i] = Card(i % 52)
	}
	return s
}

// Shuffle shuffles the shoe in place with a full Fisher–Yates shuffle: len−1 draws of
// rng.Intn, each position's card chosen uniformly from those not yet placed, so every
// ordering of the physical cards is equally likely.
func Shuffle(src rng.Source, shoe []Card) {
	for i := len(shoe) - 1; i > 0; i-- {
		j := rng.Intn(src, i+1)
		shoe[i], shoe[j] = shoe[j], shoe[i]
	}
}

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
