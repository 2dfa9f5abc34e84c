package uth

import "math/bits"

// eval5 ranks exactly five cards by counting ranks (a plain method independent of
// Eval, for the tests' brute force: the best of the 21 five-card subsets of seven).
func eval5(cs [5]Card) Value {
	var count [13]int
	flush := true
	for _, c := range cs {
		count[c.Rank()]++
		if c.Suit() != cs[0].Suit() {
			flush = false
		}
	}
	var set uint32
	groups := [5]uint32{} // groups[n]: ranks held n times
	for r, n := range count {
		if n > 0 {
			set |= 1 << r
			groups[n] |= 1 << r
		}
	}
	straight := uint32(0)
	if bits.OnesCount32(set) == 5 {
		switch {
		case set == 0x100f: // A-2-3-4-5
			straight = 1 << 3
		case highBit(set)>>4 == set&-set:
			straight = highBit(set)
		}
	}
	switch {
	case straight != 0 && flush && straight == 1<<12:
		return mkValue(RoyalFlush, straight, 0)
	case straight != 0 && flush:
		return mkValue(StraightFlush, straight, 0)
	case groups[4] != 0:
		return mkValue(Quads, groups[4], groups[1])
	case groups[3] != 0 && groups[2] != 0:
		return mkValue(FullHouse, groups[3], groups[2])
	case flush:
		return mkValue(Flush, 0, set)
	case straight != 0:
		return mkValue(Straight, straight, 0)
	case groups[3] != 0:
		return mkValue(Trips, groups[3], groups[1])
	case bits.OnesCount32(groups[2]) == 2:
		return mkValue(TwoPair, groups[2], groups[1])
	case groups[2] != 0:
		return mkValue(Pair, groups[2], groups[1])
	}
	return mkValue(HighCard, 0, set)
}

// bestOf7 is the best eval5 of the 21 five-card subsets of seven cards.
func bestOf7(cs [7]Card) Value {
	best := Value(-1)
	for i := 0; i < 7; i++ {
		for j := i + 1; j < 7; j++ {
			var h [5]Card
			n := 0
			for k := 0; k < 7; k++ {
				if k != i && k != j {
					h[n] = cs[k]
					n++
				}
			}
			best = max(best, eval5(h))
		}
	}
	return best
}
