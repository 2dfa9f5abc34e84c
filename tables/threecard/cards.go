package threecard

import (
	"egm/rng"
	"egm/tables/cards"
)

// Card is a card of the deck (package cards: rank two … ace, four suits).
type Card = cards.Card

// Suits: clubs and spades are black, diamonds and hearts red.
const (
	Clubs    = cards.Clubs
	Diamonds = cards.Diamonds
	Hearts   = cards.Hearts
	Spades   = cards.Spades
)

// NewCard is the card of rank r (0 = two … 12 = ace) and suit s.
func NewCard(r, s int) Card { return cards.New(r, s) }

// Round is one deal: the whole shuffled deck (the outcome that recall and power-loss
// resume replay) and the hands taken from its top.
type Round struct {
	Deck   [52]Card
	Player [3]Card
	Dealer [3]Card
}

// Deal shuffles one 52-card deck with a full Fisher–Yates shuffle (51 draws of
// rng.Intn) and deals the player the first three cards and the dealer the next three.
func Deal(src rng.Source) Round { return RoundOf(cards.ShuffledDeck(src)) }

// RoundOf is the round dealt from deck: the player's three cards from its top, then
// the dealer's three.
func RoundOf(deck [52]Card) Round {
	r := Round{Deck: deck}
	copy(r.Player[:], r.Deck[0:3])
	copy(r.Dealer[:], r.Deck[3:6])
	return r
}
