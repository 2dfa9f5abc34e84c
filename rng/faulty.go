package rng

import "io"

// Faulty entropy sources, for the proofs that the health tests catch a broken
// source (this package's tests and the lab's checklist, item 5 in lab/checklist): never
// for a cabinet.

// StuckSource returns an entropy source that gives byte b forever (the
// repetition-count test's case).
func StuckSource(b byte) io.Reader { return stuckEntropy{b} }

// BiasedSource returns an entropy source that alternates a fixed byte with good's
// bytes: no long runs, so the repetition-count test stays quiet, but the fixed byte
// fills half of every window (the adaptive-proportion test's case).
func BiasedSource(good io.Reader) io.Reader { return &biasedEntropy{good: good} }

type stuckEntropy struct{ b byte }

func (s stuckEntropy) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = s.b
	}
	return len(p), nil
}

type biasedEntropy struct {
	good io.Reader
	n    int
}

func (b *biasedEntropy) Read(p []byte) (int, error) {
	if _, err := io.ReadFull(b.good, p); err != nil {
		return 0, err
	}
	for i := range p {
		if b.n%2 == 0 {
			p[i] = 0x41
		} else if p[i] == 0x41 {
			p[i] = 0x42
		}
		b.n++
	}
	return len(p), nil
}
