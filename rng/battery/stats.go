package battery

import "math"

// Statistics for the test battery. These are probabilities, not money, so float64 is
// the right tool.

// ChiSquareP is the upper tail P(X² ≥ stat) of a chi-square with df degrees of freedom.
func ChiSquareP(stat float64, df int) float64 {
	if stat <= 0 {
		return 1
	}
	return gammaQ(float64(df)/2, stat/2)
}

// NormalTwoSidedP is P(|Z| ≥ |z|) for a standard normal Z.
func NormalTwoSidedP(z float64) float64 {
	return math.Erfc(math.Abs(z) / math.Sqrt2)
}

// gammaQ is the regularized upper incomplete gamma function Q(a, x), by its series
// for x < a+1 and its continued fraction (modified Lentz) otherwise.
func gammaQ(a, x float64) float64 {
	if x < 0 || a <= 0 {
		return math.NaN()
	}
	if x == 0 {
		return 1
	}
	lg, _ := math.Lgamma(a)
	front := math.Exp(-x + a*math.Log(x) - lg)
	if x < a+1 {
		sum, term := 1/a, 1/a
		for n := 1; n < 10000; n++ {
			term *= x / (a + float64(n))
			sum += term
			if math.Abs(term) < math.Abs(sum)*1e-15 {
				break
			}
		}
		return 1 - front*sum
	}
	const tiny = 1e-300
	b := x + 1 - a
	c := 1 / tiny
	d := 1 / b
	h := d
	for i := 1; i < 10000; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < 1e-15 {
			break
		}
	}
	return front * h
}

// chiSquare is Σ (observed − expected)² / expected over equal-probability cells.
func ChiSquareUniform(counts []uint64) float64 {
	var total uint64
	for _, c := range counts {
		total += c
	}
	e := float64(total) / float64(len(counts))
	s := 0.0
	for _, c := range counts {
		d := float64(c) - e
		s += d * d / e
	}
	return s
}

// AllowedFailures is the number of tests that may fall below α among m independent
// tests at 99% confidence: the smallest k with P(Binomial(m, α) ≤ k) ≥ 0.99.
func AllowedFailures(m int, alpha float64) int {
	cdf := 0.0
	for k := 0; k <= m; k++ {
		lc, _ := math.Lgamma(float64(m + 1))
		l1, _ := math.Lgamma(float64(k + 1))
		l2, _ := math.Lgamma(float64(m - k + 1))
		cdf += math.Exp(lc - l1 - l2 + float64(k)*math.Log(alpha) + float64(m-k)*math.Log1p(-alpha))
		if cdf >= 0.99 {
			return k
		}
	}
	return m
}
