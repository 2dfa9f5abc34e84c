package rng

import (
	"fmt"
	"math"
)

// Health tests of SP 800-90B section 4.4, run on every raw entropy sample (one byte is
// one sample). The claimed min-entropy per sample is deliberately below what getrandom
// delivers, which lowers the false-alarm rate far under the tests' α = 2^-20 while still
// catching a stuck or a grossly biased source at once.
const (
	// ClaimedEntropyBits is H, the min-entropy claimed per 8-bit sample.
	ClaimedEntropyBits = 4
	// healthAlphaLog2 is −log2(α), the false-positive rate of each test.
	healthAlphaLog2 = 20
	// aptWindow is W for non-binary samples (90B 4.4.2).
	aptWindow = 512
	// StartupSamples are tested before the first output (90B 4.3, item 7).
	StartupSamples = 1024
)

var (
	// rctCutoff is C = 1 + ⌈20/H⌉: that many identical samples in a row fail.
	rctCutoff = 1 + (healthAlphaLog2+ClaimedEntropyBits-1)/ClaimedEntropyBits
	// aptCutoff is C = 1 + CRITBINOM(W, 2^−H, 1−α): the first sample of a window
	// appearing that many times in the window fails.
	aptCutoff = 1 + critBinom(aptWindow, math.Exp2(-ClaimedEntropyBits), 1-math.Exp2(-healthAlphaLog2))
)

// HealthError is the sticky failure of an entropy health test. A machine that sees it
// must stop play with an "RNG failure" tilt.
type HealthError struct {
	Test   string // "repetition count" or "adaptive proportion"
	Sample byte   // the offending value
	Count  int    // how often it was seen
	Cutoff int    // the test's cutoff
}

func (e *HealthError) Error() string {
	return fmt.Sprintf("rng: entropy health test failed: %s test saw 0x%02x %d times (cutoff %d)",
		e.Test, e.Sample, e.Count, e.Cutoff)
}

// healthTester keeps the running state of both tests across all samples ever seen.
type healthTester struct {
	rctLast  byte
	rctCount int
	aptFirst byte
	aptCount int
	aptSeen  int // samples in the current window; 0 = no window open
	samples  uint64
}

// check feeds samples through both tests and returns the first failure.
func (h *healthTester) check(samples []byte) error {
	for _, s := range samples {
		h.samples++
		// Repetition count test.
		if h.samples > 1 && s == h.rctLast {
			h.rctCount++
			if h.rctCount >= rctCutoff {
				return &HealthError{Test: "repetition count", Sample: s, Count: h.rctCount, Cutoff: rctCutoff}
			}
		} else {
			h.rctLast, h.rctCount = s, 1
		}
		// Adaptive proportion test.
		if h.aptSeen == 0 {
			h.aptFirst, h.aptCount, h.aptSeen = s, 1, 1
			continue
		}
		if s == h.aptFirst {
			h.aptCount++
			if h.aptCount >= aptCutoff {
				return &HealthError{Test: "adaptive proportion", Sample: s, Count: h.aptCount, Cutoff: aptCutoff}
			}
		}
		h.aptSeen++
		if h.aptSeen == aptWindow {
			h.aptSeen = 0
		}
	}
	return nil
}

// critBinom is the smallest k with P(X ≤ k) ≥ q for X ~ Binomial(n, p).
func critBinom(n int, p, q float64) int {
	cdf := 0.0
	for k := 0; k <= n; k++ {
		lg := lgamma(float64(n+1)) - lgamma(float64(k+1)) - lgamma(float64(n-k+1))
		cdf += math.Exp(lg + float64(k)*math.Log(p) + float64(n-k)*math.Log1p(-p))
		if cdf >= q {
			return k
		}
	}
	return n
}

func lgamma(x float64) float64 {
	v, _ := math.Lgamma(x)
	return v
}
