//go:build !linux

package rng

import "crypto/rand"

// osEntropy reads the operating system's generator (development hosts only; the
// cabinet is Linux and uses getrandom directly).
type osEntropy struct{}

func (osEntropy) Read(p []byte) (int, error) { return rand.Read(p) }
