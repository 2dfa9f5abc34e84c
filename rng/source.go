package rng

// Source is the one-method interface every game draws from. It yields uniformly
// distributed 64-bit values. Implementations in this package are Generator (the
// cabinet's DRBG, buffered) and Cycler (the same with background cycling).
type Source interface {
	Uint64() uint64
}
