package battery

import (
	"strings"
	"testing"

	"egm/rng"
)

// The DRBG passes the battery (seeded, so this test is deterministic and cannot flake).
func TestBatteryPassesDRBG(t *testing.T) {
	r, err := Run(rng.NewSeeded(2026), 200000, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Pass {
		for _, tr := range r.Tests {
			t.Logf("%-50s p=%.4f pass=%v", tr.Name, tr.PValue, tr.Pass)
		}
		t.Fatalf("the DRBG failed the battery: %d failures, %d allowed", r.Failures, r.Allowed)
	}
	if len(r.Tests) != TestCount() || r.Allowed < 1 {
		t.Fatalf("%d tests, %d allowed failures", len(r.Tests), r.Allowed)
	}
}

// biasedBits sets the top bit of 3 words in 5: monobit and byte frequency must fail.
type biasedBits struct {
	g *rng.Generator
	i int
}

func (b *biasedBits) Uint64() uint64 {
	b.i++
	v := b.g.Uint64()
	if b.i%5 < 3 {
		v |= 1 << 63
	}
	return v
}

// sticky repeats each value twice: serial tests must fail.
type sticky struct {
	g    *rng.Generator
	i    int
	last uint64
}

func (s *sticky) Uint64() uint64 {
	s.i++
	if s.i%2 == 1 {
		s.last = s.g.Uint64()
	}
	return s.last
}

// walk makes each byte the previous one plus a small random step.
type walk struct {
	g    *rng.Generator
	last byte
}

func (w *walk) Uint64() uint64 {
	var v uint64
	r := w.g.Uint64()
	for b := 0; b < 8; b++ {
		w.last += byte(r>>(8*b)) & 0x0f
		v |= uint64(w.last) << (8 * b)
	}
	return v
}

// lcgLow is a power-of-two LCG whose low bits cycle with tiny periods.
type lcgLow struct{ x uint64 }

func (l *lcgLow) Uint64() uint64 {
	l.x = l.x*6364136223846793005 + 1
	return l.x << 32 // only the weak low half
}

func TestBatteryCatchesBadSources(t *testing.T) {
	tests := []struct {
		name     string
		src      rng.Source
		mustFail []string
	}{
		{"biased top bit", &biasedBits{g: rng.NewSeeded(1)}, []string{"monobit", "byte frequency"}},
		{"repeated values", &sticky{g: rng.NewSeeded(1)}, []string{"pairs", "serial correlation of consecutive stops"}},
		{"byte random walk", &walk{g: rng.NewSeeded(1)}, []string{"byte serial correlation"}},
		{"weak LCG bits", &lcgLow{x: 1}, []string{"bit runs"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Run(tc.src, 100000, nil)
			if err != nil {
				t.Fatal(err)
			}
			if r.Pass {
				t.Fatal("a bad source passed the battery")
			}
			for _, want := range tc.mustFail {
				for _, tr := range r.Tests {
					if strings.HasPrefix(tr.Name, want) && tr.Pass {
						t.Errorf("%q passed (p=%g)", tr.Name, tr.PValue)
					}
				}
			}
		})
	}
}

func TestBatteryRefusesTooFewSamples(t *testing.T) {
	if _, err := Run(rng.NewSeeded(1), 10, nil); err == nil || !strings.HasPrefix(err.Error(), "battery: ") {
		t.Fatalf("got %v", err)
	}
}
