package uth

import "slices"

// suitPerms are the 24 permutations of the four suits: a hand's figures are the same
// after any of them, so flops (and the player's two cards) are grouped into classes.
var suitPerms = func() [24][4]int {
	var out [24][4]int
	n := 0
	for a := 0; a < 4; a++ {
		for b := 0; b < 4; b++ {
			for c := 0; c < 4; c++ {
				d := 6 - a - b - c
				if a != b && a != c && b != c && d != a && d != b && d != c {
					out[n] = [4]int{a, b, c, d}
					n++
				}
			}
		}
	}
	return out
}()

func permute(c Card, p [4]int) Card { return NewCard(c.Rank(), p[c.Suit()]) }

// flopKey encodes three cards in ascending order as one number.
func flopKey(cs [3]Card) int {
	s := cs
	slices.Sort(s[:])
	return int(s[0])<<12 | int(s[1])<<6 | int(s[2])
}

// canonicalFlop is the least key of the flop's 24 suit images and a permutation
// mapping the flop onto it.
func canonicalFlop(f [3]Card) (key int, perm [4]int) {
	key = 1 << 30
	for _, p := range suitPerms {
		k := flopKey([3]Card{permute(f[0], p), permute(f[1], p), permute(f[2], p)})
		if k < key {
			key, perm = k, p
		}
	}
	return key, perm
}

// flopClass is one class of the 22,100 flops under the suit permutations.
type flopClass struct {
	cards  [3]Card // the representative: the least key
	weight int64   // the flops in the class
}

// flopClasses are the 1,755 flop classes, in ascending key order, and each class's
// index by its key.
var flopClasses, flopIndex = func() ([]flopClass, map[int]int) {
	weight := map[int]int64{}
	for a := 0; a < 52; a++ {
		for b := a + 1; b < 52; b++ {
			for c := b + 1; c < 52; c++ {
				k, _ := canonicalFlop([3]Card{Card(a), Card(b), Card(c)})
				weight[k]++
			}
		}
	}
	keys := make([]int, 0, len(weight))
	for k := range weight {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	cls := make([]flopClass, len(keys))
	idx := make(map[int]int, len(keys))
	for i, k := range keys {
		cls[i] = flopClass{cards: [3]Card{Card(k >> 12), Card(k >> 6 & 63), Card(k & 63)}, weight: weight[k]}
		idx[k] = i
	}
	return cls, idx
}()

// pairIndex numbers the 1,326 two-card holdings: a < b.
var pairIndex = func() (t [52][52]int16) {
	n := int16(0)
	for a := 0; a < 52; a++ {
		for b := a + 1; b < 52; b++ {
			t[a][b], t[b][a] = n, n
			n++
		}
	}
	return t
}()

const numPairs = 1326

// HoleClass is one of the 169 classes of two-card holdings (pairs, suited, offsuit),
// numbered hi*13+lo for suited and lo*13+hi for offsuit hands (hi > lo), r*13+r for pairs.
func HoleClass(a, b Card) int {
	hi, lo := a.Rank(), b.Rank()
	if hi < lo {
		hi, lo = lo, hi
	}
	if hi == lo || a.Suit() == b.Suit() {
		return hi*13 + lo
	}
	return lo*13 + hi
}

// HoleClassName is "AKs", "T9o", "77".
func HoleClassName(c int) string {
	const r = "23456789TJQKA"
	x, y := c/13, c%13
	switch {
	case x == y:
		return string(r[x]) + string(r[x])
	case x > y:
		return string(r[x]) + string(r[y]) + "s"
	}
	return string(r[y]) + string(r[x]) + "o"
}
