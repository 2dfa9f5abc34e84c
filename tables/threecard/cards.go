package threecard

import (
	"fmt"

	"egm/rng"
)

// Card is 0–51: rank Card/4 (0 = two … 12 = ace), suit Card%4.
type Card uint8

// Suits: clubs and spades are black, diamonds and hearts red.
const (
	Clubs = iota
	Diamonds
	Hearts
	Spades
)

// Rank is 0 (two) … 12 (ace).
func (c Card) Rank() int { return int(c) / 4 }

// Suit is Clubs, Diamonds, Hearts or Spades.
func (c Card) Suit() int { return int(c) % 4 }

// Red reports whether the card is a diamond or a heart.
func (c Card) Red() bool { return c.Suit() == Diamonds || c.Suit() == Hearts }

func (c Card) String() string {
	if c > 51 {
		return fmt.Sprintf("card(%d)", int(c))
	}
	return string("23456789TJQKA"[c.Rank()]) + string("cdhs"[c.Suit()])
}

// NewCard is the card of rank r (0 = two … 12 = ace) and suit s.
func NewCard(r, s int) Card { return Card(4*r + s) }

// Round is one deal: the whole shuffled deck (the outcome that recall and power-loss
// resume replay) and the hands taken from its top.
type Round struct {
	Deck   [52]Card
	Player [3]Card
	Dealer [3]Card
}

// Deal shuffles one 52-card deck with a full Fisher–Yates shuffle (51 draws of
// rng.Intn) and deals the player the first three cards and the dealer the next three.
func Deal(src rng.Source) Round {
	var r Round
	for i := range r.Deck {
		r.Deck[i] = Card(i)
	}
	for i := len(r.Deck) - 1; i > 0; i-- {
		j := rng.Intn(src, i+1)
		r.Deck[i], r.Deck[j] = r.Deck[j], r.Deck[i]
	}
	copy(r.Player[:], r.Deck[0:3])
	copy(r.Dealer[:], r.Deck[3:6])
	return r
}
