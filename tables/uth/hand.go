package uth

import (
	"fmt"
	"math/bits"
)

// Category is a poker hand's class, weakest first. A royal flush is its own category
// (the Blind and Trips tables pay it apart); it is also the best straight flush.
type Category int

// The categories, weakest first.
const (
	HighCard Category = iota
	Pair
	TwoPair
	Trips // three of a kind
	Straight
	Flush
	FullHouse
	Quads // four of a kind
	StraightFlush
	RoyalFlush
	NumCategories
)

var categoryNames = [NumCategories]string{"high card", "pair", "two pair", "three of a kind", "straight",
	"flush", "full house", "four of a kind", "straight flush", "royal flush"}

func (c Category) String() string {
	if c < 0 || c >= NumCategories {
		return fmt.Sprintf("category(%d)", int(c))
	}
	return categoryNames[c]
}

// Value orders poker hands: a higher Value beats a lower one, equal Values tie (suits
// never break a tie). It is category<<26 | hi<<13 | lo, where hi and lo are sets of
// ranks (bit r for rank r) in order of importance: the rank that makes the category
// (the quads, the trips of a full house, the pairs, the straight's top card) in hi,
// the kickers (or the full house's pair, or a flush's five cards) in lo. Sets of the
// same size compare as their highest differing rank, as poker does.
type Value int32

// Category is the hand's class.
func (v Value) Category() Category { return Category(v >> 26) }

func (v Value) String() string {
	ranks := func(m int32) string {
		s := ""
		for r := 12; r >= 0; r-- {
			if m&(1<<r) != 0 {
				s += string("23456789TJQKA"[r])
			}
		}
		return s
	}
	return fmt.Sprintf("%v [%s|%s]", v.Category(), ranks(int32(v)>>13&0x1fff), ranks(int32(v)&0x1fff))
}

func mkValue(c Category, hi, lo uint32) Value { return Value(uint32(c)<<26 | hi<<13 | lo) }

// PairOrBetter is the weakest pair (2-2 with 5-4-3): the dealer qualifies with it or
// anything better ("Diiler kvalifitseerub, kui tal on vähemalt üks paar või parem käsi").
var PairOrBetter = mkValue(Pair, 0, 0)

// Qualifies reports whether the dealer's hand qualifies: a pair or better.
func Qualifies(v Value) bool { return v >= PairOrBetter }

// topBits keeps the k highest set bits of m.
func topBits(m uint32, k int) uint32 {
	for bits.OnesCount32(m) > k {
		m &= m - 1
	}
	return m
}

// highBit is the highest set bit of m (m ≠ 0) as a one-bit set.
func highBit(m uint32) uint32 { return 1 << (31 - bits.LeadingZeros32(m)) }

// straightTop is the set holding the top rank of the best straight in the rank set m
// (the wheel 5-4-3-2-A has the five on top), or 0.
func straightTop(m uint32) uint32 {
	w := m<<1 | m>>12&1 // bit r+1 is rank r, bit 0 the ace played low
	s := w & (w >> 1) & (w >> 2) & (w >> 3) & (w >> 4)
	if s == 0 {
		return 0
	}
	// s bit j: ranks j−1 … j−5 in w's numbering, i.e. w bits j … j+4; the top is w bit j+4 = rank j+3.
	return highBit(s) << 3
}

// Eval is the value of the best five-card hand among the cards of m (five to seven
// cards; the rank/suit bitmask method: one 13-bit rank set per suit).
func Eval(m Mask) Value {
	s0, s1, s2, s3 := uint32(m)&0x1fff, uint32(m>>16)&0x1fff, uint32(m>>32)&0x1fff, uint32(m>>48)&0x1fff
	for _, f := range [4]uint32{s0, s1, s2, s3} {
		if bits.OnesCount32(f) >= 5 {
			if t := straightTop(f); t != 0 {
				if t == 1<<12 {
					return mkValue(RoyalFlush, t, 0)
				}
				return mkValue(StraightFlush, t, 0)
			}
			// A flush of 5–7 cards: no quads or full house can coexist with 5+ of a
			// suit among 7 cards, so the flush is the best hand.
			return mkValue(Flush, 0, topBits(f, 5))
		}
	}
	ranks := s0 | s1 | s2 | s3
	quads := s0 & s1 & s2 & s3
	if quads != 0 {
		return mkValue(Quads, quads, highBit(ranks&^quads))
	}
	three := s0&s1&s2 | s0&s1&s3 | s0&s2&s3 | s1&s2&s3
	two := s0&s1 | s0&s2 | s0&s3 | s1&s2 | s1&s3 | s2&s3 // ranks held twice or more
	if three != 0 {
		t := highBit(three)
		if p := two &^ t; p != 0 {
			return mkValue(FullHouse, t, highBit(p))
		}
	}
	if st := straightTop(ranks); st != 0 {
		return mkValue(Straight, st, 0)
	}
	if three != 0 {
		return mkValue(Trips, three, topBits(ranks&^three, 2))
	}
	if two != 0 {
		if bits.OnesCount32(two) >= 2 {
			p := topBits(two, 2)
			return mkValue(TwoPair, p, highBit(ranks&^p))
		}
		return mkValue(Pair, two, topBits(ranks&^two, 3))
	}
	return mkValue(HighCard, 0, topBits(ranks, 5))
}

// Eval7 is the value of the best five of the player's (or the dealer's) two cards and
// the five community cards.
func Eval7(hole [2]Card, board [5]Card) Value {
	return Eval(MaskOf(hole[0], hole[1], board[0], board[1], board[2], board[3], board[4]))
}
