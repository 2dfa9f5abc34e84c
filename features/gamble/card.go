package gamble

import "fmt"

// Colour is a card colour.
type Colour uint8

// Card colours.
const (
	Red Colour = iota + 1
	Black
)

func (c Colour) String() string {
	switch c {
	case Red:
		return "red"
	case Black:
		return "black"
	}
	return fmt.Sprintf("Colour(%d)", uint8(c))
}

// MarshalText writes the colour's name.
func (c Colour) MarshalText() ([]byte, error) {
	if c != Red && c != Black {
		return nil, fmt.Errorf("gamble: no colour %d", uint8(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads a colour's name.
func (c *Colour) UnmarshalText(b []byte) error {
	switch string(b) {
	case "red":
		*c = Red
	case "black":
		*c = Black
	default:
		return fmt.Errorf("gamble: unknown colour %q", b)
	}
	return nil
}

// Suit is a card suit.
type Suit uint8

// Suits in deck order. Hearts and diamonds are red, clubs and spades black.
const (
	Hearts Suit = iota + 1
	Diamonds
	Clubs
	Spades
)

var suitNames = [...]string{Hearts: "hearts", Diamonds: "diamonds", Clubs: "clubs", Spades: "spades"}

func (s Suit) valid() bool { return s >= Hearts && s <= Spades }

func (s Suit) String() string {
	if !s.valid() {
		return fmt.Sprintf("Suit(%d)", uint8(s))
	}
	return suitNames[s]
}

// Colour returns the suit's colour.
func (s Suit) Colour() Colour {
	if s == Hearts || s == Diamonds {
		return Red
	}
	return Black
}

// MarshalText writes the suit's name.
func (s Suit) MarshalText() ([]byte, error) {
	if !s.valid() {
		return nil, fmt.Errorf("gamble: no suit %d", uint8(s))
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads a suit's name.
func (s *Suit) UnmarshalText(b []byte) error {
	for i, n := range suitNames {
		if n != "" && n == string(b) {
			*s = Suit(i)
			return nil
		}
	}
	return fmt.Errorf("gamble: unknown suit %q", b)
}

// DeckSize is the number of cards a step draws from.
const DeckSize = 52

// Card is one card of the 52-card deck. Rank runs 1 (ace) to 13 (king).
type Card struct {
	Suit Suit `json:"suit"`
	Rank int  `json:"rank"`
}

// CardAt returns card i (0 ≤ i < 52) of the deck: suits in order, ranks ace to king
// within each suit.
func CardAt(i int) Card {
	if i < 0 || i >= DeckSize {
		panic(fmt.Sprintf("gamble: card index %d outside the deck", i))
	}
	return Card{Suit: Suit(i/13) + Hearts, Rank: i%13 + 1}
}

// Colour returns the card's colour.
func (c Card) Colour() Colour { return c.Suit.Colour() }

var rankNames = [...]string{"", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}

func (c Card) String() string {
	if c.Rank < 1 || c.Rank > 13 || !c.Suit.valid() {
		return fmt.Sprintf("Card(%d,%d)", c.Suit, c.Rank)
	}
	return rankNames[c.Rank] + " of " + c.Suit.String()
}
