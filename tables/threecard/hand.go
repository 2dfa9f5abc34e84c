package threecard

import "fmt"

// Category is a hand's class, in the ascending order of "Käte tugevused".
type Category int

// The categories, weakest first. The rules' list starts at "Kõrgeim emand (Queen
// High)", the dealer's qualifying hand; any hand without a pair is a high-card hand.
const (
	HighCard Category = iota
	Pair
	Flush
	Straight
	Trips
	StraightFlush
	NumCategories
)

var categoryNames = [NumCategories]string{"high card", "pair", "flush", "straight", "three of a kind", "straight flush"}

func (c Category) String() string {
	if c < 0 || c >= NumCategories {
		return fmt.Sprintf("category(%d)", int(c))
	}
	return categoryNames[c]
}

// Value orders three-card hands: a higher Value beats a lower one, equal Values tie
// (suits never break ties: "mõlemal on võrdne käsi" is a stand-off). It is
// category<<12 | r1<<8 | r2<<4 | r3 with ranks 0–12 in order of importance.
type Value int32

// Category is the hand's class.
func (v Value) Category() Category { return Category(v >> 12) }

// Evaluate ranks three distinct cards. Aces are high, and low only in 3-2-A, "the
// lowest straight and straight flush"; A-K-Q is the highest.
func Evaluate(h [3]Card) Value {
	a, b, c := h[0].Rank(), h[1].Rank(), h[2].Rank()
	if a < b {
		a, b = b, a
	}
	if b < c {
		b, c = c, b
	}
	if a < b {
		a, b = b, a
	}
	flush := h[0].Suit() == h[1].Suit() && h[1].Suit() == h[2].Suit()
	var cat Category
	r1, r2, r3 := a, b, c
	switch {
	case a == b && b == c:
		cat, r2, r3 = Trips, 0, 0
	case a == b:
		cat, r1, r2, r3 = Pair, a, c, 0
	case b == c:
		cat, r1, r2, r3 = Pair, b, a, 0
	case a == b+1 && b == c+1:
		cat, r2, r3 = Straight, 0, 0
	case a == 12 && b == 1 && c == 0: // 3-2-A: its top card is the three
		cat, r1, r2, r3 = Straight, 1, 0, 0
	default:
		cat = HighCard
	}
	if flush {
		switch cat {
		case Straight:
			cat = StraightFlush
		case HighCard:
			cat = Flush
		}
	}
	return Value(int(cat)<<12 | r1<<8 | r2<<4 | r3)
}

// QueenHigh is the weakest hand with which the dealer qualifies: Q-3-2 ("Diiler
// kvalifitseerub, kui tal on vähemalt emand kõrge (Queen High)").
var QueenHigh = Value(10<<8 | 1<<4 | 0)

// Qualifies reports whether the dealer's hand qualifies: queen high or better.
func Qualifies(v Value) bool { return v >= QueenHigh }

// Q64 is the hand Q-6-4 high: playing it and everything better, folding the rest, is
// the optimal Ante strategy (computed in exact.go, TestOptimalStrategyIsQ64).
var Q64 = Value(10<<8 | 4<<4 | 2)
