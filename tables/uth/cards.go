package uth

import (
	"fmt"

	"egm/rng"
	"egm/tables/cards"
)

// Card is a card of the deck (package cards: rank two … ace, four suits).
type Card = cards.Card

// NewCard is the card of rank r (0 = two … 12 = ace) and suit s.
func NewCard(r, s int) Card { return cards.New(r, s) }

// bit is the card's place in a Mask: 16 bits per suit, the rank's bit in its suit.
func bit(c Card) Mask { return 1 << (16*uint(c.Suit()) + uint(c.Rank())) }

// Mask is a set of cards, one 16-bit lane per suit with bit r for rank r.
type Mask uint64

// MaskOf is the set of the given cards.
func MaskOf(cs ...Card) Mask {
	var m Mask
	for _, c := range cs {
		m |= bit(c)
	}
	return m
}

// ParseCards reads cards written "Ah Kd 7c" (for tests and tools).
func ParseCards(s string) ([]Card, error) {
	cs, err := cards.ParseList(s)
	if err != nil {
		return nil, fmt.Errorf("uth: %w", err)
	}
	return cs, nil
}

// Round is one deal: the whole shuffled deck (the outcome that recall and power-loss
// resume replay) and the cards taken from its top in order — the player's two, the
// five community cards (flop, turn, river) and the dealer's two.
type Round struct {
	Deck   [52]Card
	Player [2]Card
	Board  [5]Card
	Dealer [2]Card
}

// Deal shuffles one 52-card deck with a full Fisher–Yates shuffle (51 draws of
// rng.Intn) and deals from its top: the player's two cards (Deck[0:2]), the board
// (Deck[2:7]: flop, turn, river) and the dealer's two (Deck[7:9]). Every card is fixed
// by the shuffle before the player decides anything, so a decision never redraws one.
func Deal(src rng.Source) Round { return RoundOf(cards.ShuffledDeck(src)) }

// RoundOf is the round dealt from deck, as Deal deals it from the top.
func RoundOf(deck [52]Card) Round {
	r := Round{Deck: deck}
	copy(r.Player[:], r.Deck[0:2])
	copy(r.Board[:], r.Deck[2:7])
	copy(r.Dealer[:], r.Deck[7:9])
	return r
}

// checkCards checks that the nine cards are distinct cards of one deck.
func checkCards(r Round) error {
	return cards.CheckDistinct("uth", r.Player[:], r.Board[:], r.Dealer[:])
}
