package lockspin

import (
	"math/big"
	"math/bits"
)

// divisor divides non-negative big.Ints exactly by a product of small factors,
// without a hardware divide: the odd part goes one word-sized factor at a time by
// multiplication with its inverse modulo the word size (exact division, as in
// Jebelean's method), and the power of two by a shift. The analysis divides
// thousands of times by the same D, so this is its hot path.
type divisor struct {
	odd   []big.Word // odd factors, each fitting a word
	inv   []big.Word // their inverses modulo 2^wordsize
	shift uint       // power of two
}

// newDivisor returns the divisor Π factors[i]^times (factors ≥ 1).
func newDivisor(factors []uint64, times int) *divisor {
	dv := &divisor{}
	word := uint(1)
	flush := func() {
		if word > 1 {
			dv.odd = append(dv.odd, big.Word(word))
			dv.inv = append(dv.inv, big.Word(inverse(word)))
		}
		word = 1
	}
	for _, f := range factors {
		tz := bits.TrailingZeros64(f)
		o := f >> tz
		for range times {
			dv.shift += uint(tz)
			// o may not fit a 32-bit word; split it into two factors then.
			for _, part := range splitWord(o) {
				if hi, _ := bits.Mul(word, part); hi != 0 {
					flush()
				}
				word *= part
			}
		}
	}
	flush()
	return dv
}

// splitWord writes odd o as a product of word-sized odd factors.
func splitWord(o uint64) []uint {
	if uint64(uint(o)) == o {
		return []uint{uint(o)}
	}
	// 32-bit words: o is odd, so find an odd factor split (any factorisation does;
	// trial division by small odd numbers, falling back to o itself being prime
	// over two words, which newDivisor cannot use).
	for p := uint64(3); p*p <= o; p += 2 {
		if o%p == 0 {
			return append(splitWord(p), splitWord(o/p)...)
		}
	}
	panic("lockspin: landing weight too large for this platform's word size")
}

// inverse returns d⁻¹ modulo 2^wordsize for odd d (Newton's iteration: each step
// doubles the correct low bits, starting from 3).
func inverse(d uint) uint {
	x := d
	for range 6 {
		x *= 2 - d*x
	}
	return x
}

// div sets x = x/D in place and reports whether the division was exact.
func (dv *divisor) div(x *big.Int) bool {
	if x.Sign() < 0 {
		return false
	}
	for i, d := range dv.odd {
		w := x.Bits()
		var borrow big.Word
		for j, xj := range w {
			t := xj - borrow
			var b big.Word
			if xj < borrow {
				b = 1
			}
			q := t * dv.inv[i]
			w[j] = q
			hi, _ := bits.Mul(uint(q), uint(d))
			borrow = big.Word(hi) + b
		}
		if borrow != 0 {
			return false
		}
		x.SetBits(w)
	}
	if dv.shift > 0 && x.Sign() != 0 {
		if x.TrailingZeroBits() < dv.shift {
			return false
		}
		x.Rsh(x, dv.shift)
	}
	return true
}
