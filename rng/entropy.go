package rng

import (
	"fmt"
	"io"
)

// Entropy is a raw entropy source: Read fills p completely or returns an error.
// The cabinet's is the kernel's getrandom; tests inject stuck and biased sources.
type Entropy interface {
	Read(p []byte) (int, error)
}

// checkedEntropy reads from a source and passes every sample through the health tests.
type checkedEntropy struct {
	src    Entropy
	health healthTester
}

// startup runs the start-up health test on StartupSamples samples before first use.
func (c *checkedEntropy) startup() error {
	buf := make([]byte, StartupSamples)
	return c.read(buf)
}

func (c *checkedEntropy) read(p []byte) error {
	if _, err := io.ReadFull(c.src, p); err != nil {
		return fmt.Errorf("rng: entropy source: %w", err)
	}
	return c.health.check(p)
}
