package puntobanco

import (
	"fmt"

	"egm/rng"
)

// Card is 0–51: rank Card/4 (0 = ace, 1 = two … 8 = nine, 9 = ten, 10 = jack,
// 11 = queen, 12 = king), suit Card%4 (clubs, diamonds, hearts, spades).
type Card uint8

// NewCard is the card of rank r (0 = ace … 12 = king) and suit s (0–3).
func NewCard(r, s int) Card { return Card(4*r + s) }

// Rank is 0 (ace) … 12 (king). Two cards of one rank are a pair ("Paaripanused").
func (c Card) Rank() int { return int(c) / 4 }

// Suit is 0 (clubs) … 3 (spades); it never matters to the game.
func (c Card) Suit() int { return int(c) % 4 }

// Value is the card's points, "Kaartide Väärtused": "10-d ja pildikaardid (J, Q, K)
// loevad null. Äss loeb 1. Kõik ülejäänud kaardid loevad oma nimiväärtuse." (tens and
// pictures count zero, the ace one, the others their face value).
func (c Card) Value() int {
	if r := c.Rank(); r < 9 {
		return r + 1
	}
	return 0
}

func (c Card) String() string {
	if c > 51 {
		return fmt.Sprintf("card(%d)", int(c))
	}
	return string("A23456789TJQK"[c.Rank()]) + string("cdhs"[c.Suit()])
}

// Decks is the number of 52-card decks in the shoe: "Punto Banco / Baccarat mängitakse
// kaheksa kaardipakiga, mille segab krupjee ja mille lõikab mängija" (played with eight
// decks, shuffled by the croupier and cut by a player; Estonian house rules, the
// section's opening line).
const Decks = 8

// ShoeSize is the number of cards in the shoe.
const ShoeSize = 52 * Decks

// Shoe is the shoe in dealing order: Shoe[0] is dealt first.
type Shoe [ShoeSize]Card

// NewShoe is the unshuffled shoe: the eight decks one after another.
func NewShoe() Shoe {
	var s Shoe
	for d := 0; d < Decks; d++ {
		for c := 0; c < 52; c++ {
			s[52*d+c] = Card(c)
		}
	}
	return s
}

// Shuffle shuffles the whole shoe with a full Fisher–Yates shuffle: ShoeSize−1 = 415
// draws of rng.Intn, every one of the 416!/(8!)^52 orders of the eight decks equally
// likely. The croupier's shuffle and the player's cut of the house rules become this
// one uniform shuffle (a cut of a uniformly shuffled shoe is again uniform).
func (s *Shoe) Shuffle(src rng.Source) {
	for i := len(s) - 1; i > 0; i-- {
		j := rng.Intn(src, i+1)
		s[i], s[j] = s[j], s[i]
	}
}

// Round is one coup: the whole shuffled shoe (the outcome that recall and power-loss
// resume replay) and the coup dealt from its top.
type Round struct {
	Shoe Shoe
	Coup Coup
}

// Deal shuffles a full eight-deck shoe (Shuffle) and deals one coup from its top by
// the tableau (DealFrom). Every coup has its own freshly shuffled shoe, so coups are
// independent (R-RNG-2) and each is distributed exactly as the first coup of a shoe,
// which is what Exact computes.
func Deal(src rng.Source) Round {
	r := Round{Shoe: NewShoe()}
	r.Shoe.Shuffle(src)
	c, err := DealFrom(r.Shoe[:])
	if err != nil {
		panic(err) // impossible: 416 valid cards are more than any coup needs
	}
	r.Coup = c
	return r
}

// Composition is a shoe's content: how many cards of each rank (0 = ace … 12 = king).
// Exact works on a composition; suits do not matter to any bet.
type Composition [13]int64

// DecksComposition is n full decks: 4n cards of every rank.
func DecksComposition(n int) Composition {
	var c Composition
	for r := range c {
		c[r] = int64(4 * n)
	}
	return c
}

// CompositionOf counts the ranks of the given cards.
func CompositionOf(cards []Card) (Composition, error) {
	var c Composition
	for _, x := range cards {
		if x > 51 {
			return c, fmt.Errorf("puntobanco: no card %d", int(x))
		}
		c[x.Rank()]++
	}
	return c, nil
}

// Cards is the number of cards.
func (c Composition) Cards() int64 {
	var n int64
	for _, k := range c {
		n += k
	}
	return n
}

// values is the composition by point value 0–9: tens and pictures are one class of
// value 0.
func (c Composition) values() [10]int64 {
	var v [10]int64
	for r, k := range c {
		v[NewCard(r, 0).Value()] += k
	}
	return v
}
