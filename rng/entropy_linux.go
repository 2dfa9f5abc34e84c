package rng

import "golang.org/x/sys/unix"

// osEntropy reads the kernel's getrandom(2), blocking until the pool is initialised.
type osEntropy struct{}

func (osEntropy) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		m, err := unix.Getrandom(p[n:], 0)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return n, err
		}
		n += m
	}
	return n, nil
}
