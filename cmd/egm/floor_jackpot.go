package main

import (
	"fmt"
	"io"

	"egm/floor"
	"egm/jackpot"
	"egm/rng"
)

// openLinked opens the floor's linked jackpot controller (`egm floor --jackpot`)
// and links the machines: each one's coin-in is contributed, its hits answered and
// its mystery awards paid as bonuses (floor.Linked); the levels are broadcast to
// all of them.
func openLinked(path string, st *floor.Store, ms []*floorMachine, stdout io.Writer) (*floor.Linked, error) {
	g, err := rng.NewCabinet(rng.Settings{Mode: rng.ModeOS}, nil)
	if err != nil {
		return nil, err
	}
	c, err := jackpot.Open(path, jackpot.Options{RNG: g})
	if err != nil {
		return nil, err
	}
	l := &floor.Linked{C: c, Store: st, Log: func(s string) { fmt.Fprintln(stdout, s) }}
	for _, fm := range ms {
		if err := l.Register(fm.addr); err != nil {
			c.Close()
			return nil, err
		}
	}
	return l, nil
}
