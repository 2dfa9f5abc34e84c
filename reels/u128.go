package reels

import (
	"math/big"
	"math/bits"
)

// U128 is an unsigned 128-bit integer, for exact sums of squared wins over a full
// cycle (which can exceed 64 bits). Arithmetic panics on overflow rather than wrap.
type U128 struct{ Hi, Lo uint64 }

// U128From returns x as a U128.
func U128From(x uint64) U128 { return U128{Lo: x} }

// Add returns a + b.
func (a U128) Add(b U128) U128 {
	lo, c := bits.Add64(a.Lo, b.Lo, 0)
	hi, c2 := bits.Add64(a.Hi, b.Hi, c)
	if c2 != 0 {
		panic("reels: 128-bit overflow")
	}
	return U128{hi, lo}
}

// Mul64 returns a × m.
func (a U128) Mul64(m uint64) U128 {
	h1, l1 := bits.Mul64(a.Lo, m)
	h2, l2 := bits.Mul64(a.Hi, m)
	hi, c := bits.Add64(h1, l2, 0)
	if h2 != 0 || c != 0 {
		panic("reels: 128-bit overflow")
	}
	return U128{hi, l1}
}

// Mul64x64 returns a × b as a U128.
func Mul64x64(a, b uint64) U128 {
	hi, lo := bits.Mul64(a, b)
	return U128{hi, lo}
}

// IsZero reports a == 0.
func (a U128) IsZero() bool { return a.Hi == 0 && a.Lo == 0 }

// Big returns a as a big.Int.
func (a U128) Big() *big.Int {
	x := new(big.Int).SetUint64(a.Hi)
	x.Lsh(x, 64)
	return x.Or(x, new(big.Int).SetUint64(a.Lo))
}

// String prints a in decimal.
func (a U128) String() string { return a.Big().String() }

// MarshalText writes a in decimal (JSON-safe beyond 2^53).
func (a U128) MarshalText() ([]byte, error) { return []byte(a.String()), nil }
