package jackpots

import (
	"fmt"

	"egm/floor"
	"egm/jackpot"
	"egm/rng"
)

// InFloorDB is the --jackpot value that keeps the linked jackpot controller in
// the floor's own PostgreSQL database (--db postgres://…): one wide-area
// controller shared by every floor host on that database, its Grand, Major and
// mystery each one amount for all their machines.
const InFloorDB = "db"

// OpenLinked opens the linked jackpot controller at where — a bbolt file of its
// own, or InFloorDB: the one in st's PostgreSQL database — (levels: nil for the
// shipped ones) and links the machines at addrs: each one's coin-in is
// contributed, its hits answered and its mystery awards paid as bonuses; the
// levels are broadcast to all of them. log receives the hits and awards (nil:
// none). Close l.C after use.
func OpenLinked(where string, levels []jackpot.LevelConfig, st *floor.Store, addrs []byte, log func(string)) (*Linked, error) {
	g, err := rng.NewCabinet(rng.Settings{Mode: rng.ModeOS}, nil)
	if err != nil {
		return nil, err
	}
	opt := jackpot.Options{RNG: g, Levels: levels}
	var c *jackpot.Controller
	switch {
	case where != InFloorDB:
		c, err = jackpot.Open(where, opt)
	case !st.OnPostgres():
		return nil, fmt.Errorf("floor: --jackpot %s keeps the controller in the floor's database, which must be PostgreSQL (--db postgres://…); on a bbolt floor give the controller a file: --jackpot FILE", InFloorDB)
	default:
		c, err = jackpot.OpenPostgres(st, opt)
	}
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
