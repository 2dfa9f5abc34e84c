package rng

import "math/bits"

// Uint64n returns a uniform value in [0, n) for n ≥ 1. This is the machine's one
// range mapping; every reel stop, symbol pick and card draw goes through it.
// n = 0 panics: a game asking for a draw from nothing is a program error.
func Uint64n(s Source, n uint64) uint64 {
	// The w = 64 case of lemire, written out without the width arithmetic
	// (TestUint64nIsLemire64 holds the two to the same results).
	var x uint64
	if g, ok := s.(*Generator); ok {
		x = g.Uint64() // the cabinet's and the simulator's generator: its buffered draw inlines
	} else {
		x = s.Uint64()
	}
	hi, lo := bits.Mul64(x, n)
	if lo < n || n == 0 {
		return lemireReject(s, n, 64, ^uint64(0), hi, lo)
	}
	return hi
}

// Intn is Uint64n for int bounds (n ≥ 1).
func Intn(s Source, n int) int {
	if n <= 0 {
		n = 0 // Uint64n panics on it
	}
	return int(Uint64n(s, uint64(n)))
}

// lemire is Lemire's multiply-and-reject ("Fast random integer generation in an
// interval", 2019) on w-bit draws (1 ≤ w ≤ 64, n ≤ 2^w). The w-bit draw x times n is
// split at bit w into hi (the result) and lo; draws whose lo falls below
// t = 2^w mod n are rejected, which leaves exactly ⌊2^w / n⌋ accepted draws for each
// result. The production path always has w = 64; the tests run the same code with
// w = 8 over all 256 draws to prove the counts equal for every n.
func lemire(s Source, n uint64, w uint) uint64 {
	mask := ^uint64(0) >> (64 - w)
	h, l := bits.Mul64(s.Uint64()&mask, n)
	if l&mask < n {
		return lemireReject(s, n, w, mask, h<<(64-w)|l>>w, l&mask)
	}
	return h<<(64-w) | l>>w
}

// lemireReject is lemire's rare branch, out of line so the common path inlines.
func lemireReject(s Source, n uint64, w uint, mask, hi, lo uint64) uint64 {
	if n == 0 {
		panic("rng: draw from an empty range")
	}
	t := (mask - n + 1) & mask % n // (2^w − n) mod n = 2^w mod n
	for lo < t {
		hi, lo = split(s.Uint64()&mask, n, w, mask)
	}
	return hi
}

// split returns x·n divided at bit w: (x·n) >> w and (x·n) mod 2^w.
func split(x, n uint64, w uint, mask uint64) (hi, lo uint64) {
	h, l := bits.Mul64(x, n)
	return h<<(64-w) | l>>w, l & mask
}
