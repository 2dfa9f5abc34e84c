package dround

import (
	"math"
	"math/big"
	"testing"
)

// Directed results bracket the exact ones, checked in big.Rat.
func TestBrackets(t *testing.T) {
	vals := []float64{0, 1e-300, 0.1, 1.0 / 3, 0.7, 1, 3, 1e10, 123456789.123}
	for _, a := range vals {
		for _, b := range vals {
			ra, rb := new(big.Rat).SetFloat64(a), new(big.Rat).SetFloat64(b)
			for _, op := range []struct {
				name string
				f    func(Dir, float64, float64) float64
				ex   *big.Rat
				ok   bool
			}{
				{"add", Dir.Add, new(big.Rat).Add(ra, rb), true},
				{"mul", Dir.Mul, new(big.Rat).Mul(ra, rb), true},
				{"div", Dir.Div, func() *big.Rat {
					if b == 0 {
						return nil
					}
					return new(big.Rat).Quo(ra, rb)
				}(), b != 0},
				{"sub", Dir.Sub, new(big.Rat).Sub(ra, rb), a >= b},
			} {
				if !op.ok {
					continue
				}
				lo, hi := op.f(Down, a, b), op.f(Up, a, b)
				if math.IsInf(hi, 1) || math.IsInf(lo, 1) || op.ex == nil {
					continue // beyond the float range
				}
				if new(big.Rat).SetFloat64(lo).Cmp(op.ex) > 0 || new(big.Rat).SetFloat64(hi).Cmp(op.ex) < 0 {
					t.Errorf("%s(%g, %g): %g..%g does not bracket %s", op.name, a, b, lo, hi, op.ex.FloatString(30))
				}
			}
		}
	}
	// an underflowed product rounds up to a positive number
	if Up.Mul(1e-200, 1e-200) <= 0 || Down.Mul(1e-200, 1e-200) != 0 {
		t.Error("underflow")
	}
}

// Exact results are left as they are; inexact ones move to their side.
func TestExactStays(t *testing.T) {
	for _, d := range []Dir{Down, Up} {
		if d.Add(1, 2) != 3 || d.Sub(5000, 0.5) != 4999.5 || d.Mul(3, 0.25) != 0.75 || d.Div(6, 3) != 2 {
			t.Errorf("%d: exact results moved", d)
		}
	}
	if Down.Div(1, 3) >= Up.Div(1, 3) || Down.Add(1, 1e-17) != 1 || Up.Add(1, 1e-17) <= 1 {
		t.Error("inexact results not on their sides")
	}
}
