package lockspin

import (
	"math/big"
	"testing"

	"egm/rng"
)

func TestDivisorExact(t *testing.T) {
	src := rng.NewSeeded(3)
	for _, tc := range []struct {
		factors []uint64
		times   int
	}{
		{[]uint64{10, 12, 14, 16, 18}, 3},
		{[]uint64{25, 7, 1 << 20, 3}, 5},
		{[]uint64{1}, 1},
		{[]uint64{4096}, 7},
		{[]uint64{1<<32 + 15, 99991}, 4},
	} {
		D := big.NewInt(1)
		for _, f := range tc.factors {
			D.Mul(D, new(big.Int).Exp(new(big.Int).SetUint64(f), big.NewInt(int64(tc.times)), nil))
		}
		dv := newDivisor(tc.factors, tc.times)
		for i := 0; i < 200; i++ {
			words := int(rng.Uint64n(src, 40))
			a := new(big.Int)
			for range words {
				a.Lsh(a, 64)
				a.Or(a, new(big.Int).SetUint64(src.Uint64()))
			}
			x := new(big.Int).Mul(a, D)
			if !dv.div(x) || x.Cmp(a) != 0 {
				t.Fatalf("%v^%d: (a·D)/D = %v, want %v", tc.factors, tc.times, x, a)
			}
			if D.Cmp(big.NewInt(1)) == 0 {
				continue
			}
			y := new(big.Int).Mul(a, D)
			y.Add(y, big.NewInt(1+int64(rng.Uint64n(src, 1000))))
			if r := new(big.Int).Rem(y, D); r.Sign() != 0 && dv.div(y) {
				t.Fatalf("%v^%d: inexact division not detected", tc.factors, tc.times)
			}
		}
	}
}
