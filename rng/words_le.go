//go:build 386 || amd64 || arm || arm64 || loong64 || mips64le || mipsle || ppc64le || riscv64 || wasm

package rng

// wordsFromLittleEndian is a no-op on little-endian machines: the bytes the DRBG wrote
// already read as little-endian uint64s.
func wordsFromLittleEndian(*[bufferWords]uint64) {}
