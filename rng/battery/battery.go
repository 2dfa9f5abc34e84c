package battery

import (
	"context"
	"fmt"
	"math"
	"math/bits"

	"egm/rng"
)

// Alpha is the per-test significance level: a test passes at 99% confidence when its
// p-value is at least Alpha.
const Alpha = 0.01

// ScaledRanges are the ranges whose scaled output is tested: coin flips, dice, card
// decks, common reel-strip lengths and a few awkward primes.
var ScaledRanges = []uint64{2, 3, 6, 7, 10, 13, 20, 22, 32, 37, 52, 64, 100, 255, 1000}

// TestResult is one statistical test's verdict and evidence.
type TestResult struct {
	Name      string  `json:"name"`
	Kind      string  `json:"kind"` // "raw" or "scaled"
	Statistic float64 `json:"statistic"`
	DF        int     `json:"df,omitempty"`
	PValue    float64 `json:"p_value"`
	Pass      bool    `json:"pass"`
}

// Report is the whole battery's verdict: every test, and whether the number of
// tests below Alpha is within what chance allows at 99% for that many tests.
type Report struct {
	Samples  int          `json:"samples"`
	Tests    []TestResult `json:"tests"`
	Failures int          `json:"failures"`
	Allowed  int          `json:"allowed_failures"`
	Pass     bool         `json:"pass"`
}

// battery is the list of tests; each draws samples values from src itself.
type batteryTest struct {
	name string
	kind string
	run  func(src rng.Source, samples int) TestResult
}

func batteryTests() []batteryTest {
	ts := []batteryTest{
		{"byte frequency", "raw", byteFrequency},
		{"monobit", "raw", monobit},
		{"bit runs", "raw", bitRuns},
		{"byte serial correlation", "raw", byteSerialCorrelation},
		{"pairs (top 4 bits of consecutive words)", "raw", pairs},
	}
	for _, n := range ScaledRanges {
		ts = append(ts, batteryTest{fmt.Sprintf("chi-square range %d", n), "scaled", scaledChiSquare(n)})
	}
	ts = append(ts,
		batteryTest{"gap (range 10, value 0)", "scaled", gapTest},
		batteryTest{"serial correlation of consecutive stops (range 52)", "scaled", stopCorrelation},
	)
	return ts
}

// TestCount is the number of tests in the battery (for progress displays).
func TestCount() int { return len(batteryTests()) }

// Run runs every test on samples draws each. progress, if not nil, is told
// after each test how many are done.
func Run(src rng.Source, samples int, progress func(done int)) (Report, error) {
	return RunContext(context.Background(), src, samples, progress)
}

// RunContext is Run stopped by ctx between two tests: the tests run
// until then (no verdict), with ctx's error.
func RunContext(ctx context.Context, src rng.Source, samples int, progress func(done int)) (Report, error) {
	if samples < 10000 {
		return Report{}, fmt.Errorf("battery: %d samples are too few for the battery (at least 10000)", samples)
	}
	r := Report{Samples: samples}
	for i, t := range batteryTests() {
		if err := ctx.Err(); err != nil {
			return r, err
		}
		res := t.run(src, samples)
		res.Name, res.Kind = t.name, t.kind
		res.Pass = res.PValue >= Alpha
		if !res.Pass {
			r.Failures++
		}
		r.Tests = append(r.Tests, res)
		if progress != nil {
			progress(i + 1)
		}
	}
	r.Allowed = AllowedFailures(len(r.Tests), Alpha)
	r.Pass = r.Failures <= r.Allowed
	return r, nil
}

// byteFrequency: chi-square of the 256 byte values over samples words (8 bytes each).
func byteFrequency(src rng.Source, samples int) TestResult {
	counts := make([]uint64, 256)
	for i := 0; i < samples; i++ {
		v := src.Uint64()
		for b := 0; b < 8; b++ {
			counts[byte(v>>(8*b))]++
		}
	}
	s := ChiSquareUniform(counts)
	return TestResult{Statistic: s, DF: 255, PValue: ChiSquareP(s, 255)}
}

// monobit: the proportion of one bits (NIST SP 800-22 2.1).
func monobit(src rng.Source, samples int) TestResult {
	ones := 0
	for i := 0; i < samples; i++ {
		ones += bits.OnesCount64(src.Uint64())
	}
	n := float64(samples) * 64
	z := (float64(ones) - n/2) / math.Sqrt(n/4)
	return TestResult{Statistic: z, PValue: NormalTwoSidedP(z)}
}

// bitRuns: the number of runs of identical bits (NIST SP 800-22 2.3).
func bitRuns(src rng.Source, samples int) TestResult {
	ones, runs := 0, 1
	var prev uint64
	for i := 0; i < samples; i++ {
		v := src.Uint64()
		ones += bits.OnesCount64(v)
		// Transitions inside the word, and from the previous word's last bit.
		runs += bits.OnesCount64((v ^ (v >> 1)) & (1<<63 - 1))
		if i > 0 && (prev>>63) != (v&1) {
			runs++
		}
		prev = v
	}
	n := float64(samples) * 64
	pi := float64(ones) / n
	stat := math.Abs(float64(runs)-2*n*pi*(1-pi)) / (2 * math.Sqrt(2*n) * pi * (1 - pi))
	return TestResult{Statistic: float64(runs), PValue: math.Erfc(stat)}
}

// byteSerialCorrelation: lag-1 correlation of successive bytes; r·√n is standard normal.
func byteSerialCorrelation(src rng.Source, samples int) TestResult {
	var sx, sxx, sxy float64
	var first, prev float64
	n := 0
	for i := 0; i < samples; i++ {
		v := src.Uint64()
		for b := 0; b < 8; b++ {
			x := float64(byte(v >> (8 * b)))
			if n == 0 {
				first = x
			} else {
				sxy += prev * x
			}
			sx += x
			sxx += x * x
			prev = x
			n++
		}
	}
	sxy += prev * first // circular, as the classic test does
	fn := float64(n)
	r := (fn*sxy - sx*sx) / (fn*sxx - sx*sx)
	z := r * math.Sqrt(fn)
	return TestResult{Statistic: r, PValue: NormalTwoSidedP(z)}
}

// pairs: chi-square over 256 cells of (top nibble of word i, top nibble of word i+1),
// non-overlapping pairs.
func pairs(src rng.Source, samples int) TestResult {
	counts := make([]uint64, 256)
	for i := 0; i+1 < samples; i += 2 {
		a, b := src.Uint64()>>60, src.Uint64()>>60
		counts[a<<4|b]++
	}
	s := ChiSquareUniform(counts)
	return TestResult{Statistic: s, DF: 255, PValue: ChiSquareP(s, 255)}
}

// scaledChiSquare: chi-square of rng.Uint64n(src, n) over n cells.
func scaledChiSquare(n uint64) func(rng.Source, int) TestResult {
	return func(src rng.Source, samples int) TestResult {
		counts := make([]uint64, n)
		for i := 0; i < samples; i++ {
			counts[rng.Uint64n(src, n)]++
		}
		s := ChiSquareUniform(counts)
		df := int(n) - 1
		return TestResult{Statistic: s, DF: df, PValue: ChiSquareP(s, df)}
	}
}

// gapTest (Knuth 3.3.2 D): lengths of the gaps between occurrences of 0 in draws of
// range 10 are geometric with p = 1/10; chi-square over gap lengths 0..29 and ≥ 30.
func gapTest(src rng.Source, samples int) TestResult {
	const p, cells = 0.1, 31
	counts := make([]float64, cells)
	gaps, gap := 0, 0
	for i := 0; i < samples; i++ {
		if rng.Uint64n(src, 10) == 0 {
			counts[min(gap, cells-1)]++
			gaps++
			gap = 0
		} else {
			gap++
		}
	}
	s := 0.0
	for k := 0; k < cells; k++ {
		pk := p * math.Pow(1-p, float64(k))
		if k == cells-1 {
			pk = math.Pow(1-p, float64(k))
		}
		e := pk * float64(gaps)
		d := counts[k] - e
		s += d * d / e
	}
	return TestResult{Statistic: s, DF: cells - 1, PValue: ChiSquareP(s, cells-1)}
}

// stopCorrelation: lag-1 correlation of consecutive draws of range 52 (successive reel
// stops or cards must be independent).
func stopCorrelation(src rng.Source, samples int) TestResult {
	var sx, sxx, sxy, prev float64
	for i := 0; i < samples; i++ {
		x := float64(rng.Uint64n(src, 52))
		if i > 0 {
			sxy += prev * x
		}
		sx += x
		sxx += x * x
		prev = x
	}
	n := float64(samples)
	mean := sx / n
	varx := sxx/n - mean*mean
	r := (sxy/(n-1) - mean*mean) / varx
	z := r * math.Sqrt(n)
	return TestResult{Statistic: r, PValue: NormalTwoSidedP(z)}
}
