package cards

import (
	"fmt"
	"strings"

	"egm/rng"
)

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

// Ranks above nine.
const (
	Ten   = 8
	Jack  = 9
	Queen = 10
	King  = 11
	Ace   = 12
)

const (
	rankLetters = "23456789TJQKA"
	suitLetters = "cdhs"
)

// New is the card of rank r (0 = two … 12 = ace) and suit s.
func New(r, s int) Card { return Card(4*r + s) }

// Rank is 0 (two) … 12 (ace).
func (c Card) Rank() int { return int(c) / 4 }

// Suit is Clubs, Diamonds, Hearts or Spades.
func (c Card) Suit() int { return int(c) % 4 }

// Red reports whether the card is a diamond or a heart.
func (c Card) Red() bool { return c.Suit() == Diamonds || c.Suit() == Hearts }

// String is the card's two letters: "Ah", "Td", "7c".
func (c Card) String() string {
	if c > 51 {
		return fmt.Sprintf("card(%d)", int(c))
	}
	return string(rankLetters[c.Rank()]) + string(suitLetters[c.Suit()])
}

// Parse reads one card written as String writes it.
func Parse(s string) (Card, error) {
	if len(s) != 2 {
		return 0, fmt.Errorf("cards: card %q: want a rank 2-9, T, J, Q, K or A and a suit c, d, h or s", s)
	}
	r, su := strings.IndexByte(rankLetters, s[0]), strings.IndexByte(suitLetters, s[1])
	if r < 0 || su < 0 {
		return 0, fmt.Errorf("cards: card %q: want a rank 2-9, T, J, Q, K or A and a suit c, d, h or s", s)
	}
	return New(r, su), nil
}

// ParseList reads cards separated by spaces: "Ah Kd 7c".
func ParseList(s string) ([]Card, error) {
	var out []Card
	for _, f := range strings.Fields(s) {
		c, err := Parse(f)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// CheckDistinct checks that the cards of the groups are distinct cards of one deck;
// its errors start "game: ". It allocates nothing, so a deal path may call it on
// every round.
func CheckDistinct(game string, groups ...[]Card) error {
	var seen uint64
	for _, g := range groups {
		for _, c := range g {
			if c > 51 {
				return fmt.Errorf("%s: no card %d", game, int(c))
			}
			if seen&(1<<c) != 0 {
				return fmt.Errorf("%s: card %v dealt twice", game, c)
			}
			seen |= 1 << c
		}
	}
	return nil
}

// Shoe is the unshuffled shoe of n decks, deck after deck in card order.
func Shoe(n int) []Card {
	s := make([]Card, 52*n)
	for i := range s {
		s[i] = Card(i % 52)
	}
	return s
}

// Shuffle shuffles s in place with a full Fisher–Yates shuffle: len−1 draws of
// rng.Intn, each position's card chosen uniformly from those not yet placed, so
// every ordering of the physical cards is equally likely.
func Shuffle(src rng.Source, s []Card) {
	for i := len(s) - 1; i > 0; i-- {
		j := rng.Intn(src, i+1)
		s[i], s[j] = s[j], s[i]
	}
}

// ShuffledDeck is one 52-card deck in the order of a full Fisher–Yates shuffle
// from src (51 draws of rng.Intn).
func ShuffledDeck(src rng.Source) [52]Card {
	var d [52]Card
	for i := range d {
		d[i] = Card(i)
	}
	Shuffle(src, d[:])
	return d
}
