// Package dround is float64 arithmetic on non-negative numbers with directed
// rounding: in Down mode every result is at most the exact one, in Up mode at
// least. Each operation rounds to nearest (IEEE 754), finds its exact rounding
// error by an error-free transformation (TwoSum for sums, a fused multiply-add
// for products and quotients) and, when the rounded result lies on the wrong
// side, steps one unit in the last place in its direction (results near the
// underflow range always step). A computation built from + and ×
// (and ÷ by positive numbers) of non-negative bounds in one mode is then a bound
// of the exact value in that mode, however long — the rigour the cap's two-sided
// bounds need (games/slot), at about the cost of plain float64.
package dround

import "math"

// Dir is a rounding direction.
type Dir int8

// Directions.
const (
	Down Dir = -1
	Up   Dir = 1
)

// minNormal is the least positive normal float64: an underflowed product of
// positive numbers rounds up to it (avoiding denormals).
const minNormal = 0x1p-1022

// step moves a rounded non-negative result r one unit in d's direction; exact
// (true when r is known exact, e.g. 0 from 0 operands) leaves it.
func (d Dir) step(r float64) float64 {
	if r > math.MaxFloat64 {
		if d == Down {
			return math.MaxFloat64
		}
		return r
	}
	if d == Up {
		if r == 0 {
			return minNormal
		}
		return math.Float64frombits(math.Float64bits(r) + 1)
	}
	if r == 0 {
		return 0
	}
	return math.Float64frombits(math.Float64bits(r) - 1)
}

// tiny: below it results may have lost bits to underflow, and are stepped
// whether or not they are exact.
const tiny = 0x1p-960

// fix returns the rounded result r of an operation whose exact value is r + e
// (e from an error-free transformation): unchanged when that is already on d's
// side, else one step in d's direction.
func (d Dir) fix(r, e float64) float64 {
	if r < tiny {
		return d.step(r)
	}
	if (d == Up && e > 0) || (d == Down && e < 0) {
		return d.step(r)
	}
	return r
}

// Add is a + b (a, b ≥ 0).
func (d Dir) Add(a, b float64) float64 {
	if a == 0 {
		return b
	}
	if b == 0 {
		return a
	}
	s := a + b
	bv := s - a // TwoSum: s + e = a + b exactly
	e := (a - (s - bv)) + (b - bv)
	return d.fix(s, e)
}

// Mul is a · b (a, b ≥ 0).
func (d Dir) Mul(a, b float64) float64 {
	if a == 0 || b == 0 {
		return 0
	}
	p := a * b
	return d.fix(p, math.FMA(a, b, -p)) // p + e = a·b exactly
}

// Div is a / b (a ≥ 0, b > 0).
func (d Dir) Div(a, b float64) float64 {
	if a == 0 {
		return 0
	}
	q := a / b
	// a − q·b is exact (FMA); the exact quotient is q + (a − q·b)/b
	return d.fix(q, math.FMA(-q, b, a))
}

// Sub is a − b for a ≥ b ≥ 0 (0 when b ≥ a in the computed numbers).
func (d Dir) Sub(a, b float64) float64 {
	if b == 0 {
		return a
	}
	if a <= b {
		return 0
	}
	s := a - b
	bv := s - a // TwoSum of a and −b
	e := (a - (s - bv)) + (-b - bv)
	return d.fix(s, e)
}

// Of rounds an exactly known value x ≥ 0 computed to nearest (e.g. from a
// fraction) in d's direction.
func (d Dir) Of(x float64) float64 {
	if x == 0 {
		return 0
	}
	return d.step(x)
}

// Int is the integer n ≥ 0 as a float64 in d's direction (exact below 2^53).
func (d Dir) Int(n int64) float64 {
	x := float64(n)
	if n < 1<<53 {
		return x
	}
	return d.step(x)
}

// Pow is x^n (x ≥ 0, n ≥ 0) by repeated multiplication.
func (d Dir) Pow(x float64, n int) float64 {
	r := 1.0
	for range n {
		r = d.Mul(r, x)
	}
	return r
}

// Binom is the binomial coefficient C(n, k).
func (d Dir) Binom(n, k int) float64 {
	r := 1.0
	for i := 1; i <= k; i++ {
		r = d.Div(d.Mul(r, float64(n-k+i)), float64(i))
	}
	return r
}
