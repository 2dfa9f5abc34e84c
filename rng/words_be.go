//go:build !(386 || amd64 || arm || arm64 || loong64 || mips64le || mipsle || ppc64le || riscv64 || wasm)

package rng

import "math/bits"

// wordsFromLittleEndian byte-swaps the buffer on big-endian machines so that every
// platform reads the DRBG's bytes as the same little-endian uint64s (golden streams
// agree everywhere).
func wordsFromLittleEndian(w *[bufferWords]uint64) {
	for i, v := range w {
		w[i] = bits.ReverseBytes64(v)
	}
}
