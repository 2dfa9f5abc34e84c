package jackpots

import (
	"egm/floor"
	"egm/jackpot"
	"egm/rng"
)

// OpenLinked opens the linked jackpot controller at path (levels: nil for the
// shipped ones) and links the machines at addrs: each one's coin-in is
// contributed, its hits answered and its mystery awards paid as bonuses; the
// levels are broadcast to all of them. log receives the hits and awards (nil:
// none). Close l.C after use.
func OpenLinked(path string, levels []jackpot.LevelConfig, st *floor.Store, addrs []byte, log func(string)) (*Linked, error) {
	g, err := rng.NewCabinet(rng.Settings{Mode: rng.ModeOS}, nil)
	if err != nil {
		return nil, err
	}
	c, err := jackpot.Open(path, jackpot.Options{RNG: g, Levels: levels})
	if err != nil {
		return nil, err
	}
	l := &Linked{C: c, Store: st, Log: log}
	for _, a := range addrs {
		if err := l.Register(a); err != nil {
			c.Close()
			return nil, err
		}
	}
	return l, nil
}
