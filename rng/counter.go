package rng

// Counter passes Src's draws on and counts them in N: the tests of the games'
// shuffles and spins check how many draws one deal takes (a full Fisher–Yates
// shuffle of n cards is n−1 draws of Intn, a spin one).
type Counter struct {
	Src Source
	N   int
}

// Uint64 draws from Src and counts the draw.
func (c *Counter) Uint64() uint64 { c.N++; return c.Src.Uint64() }
