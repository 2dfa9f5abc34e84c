package main

import (
	"fmt"
	"io"

	"egm/floor"
	"egm/jackpot"
	"egm/rng"
)

// linkedJackpots is the floor's jackpot controller in `egm floor --jackpot`: each poll
// cycle the machine's coin-in since the last cycle is contributed (the games-played
// meter is the contribution's sequence number, so a resend is counted once), and
// the levels are broadcast to the machine with long poll 86.
type linkedJackpots struct {
	c        *jackpot.Controller
	id       string
	coinIn   uint64
	baseline bool
}

// broadcastLevel numbers the controller's levels as the machines read them.
var broadcastLevel = map[string]byte{"grand": 1, "major": 2, jackpot.MysteryName: 3}

func openLinkedJackpots(path string, st *floor.Store, addr byte) (*linkedJackpots, error) {
	g, err := rng.NewCabinet(rng.Settings{Mode: rng.ModeOS}, nil)
	if err != nil {
		return nil, err
	}
	c, err := jackpot.Open(path, jackpot.Options{RNG: g})
	if err != nil {
		return nil, err
	}
	l := &linkedJackpots{c: c, id: fmt.Sprintf("sas-%d", addr)}
	if err := c.Register(l.id); err != nil {
		c.Close()
		return nil, err
	}
	// Coin-in the floor has already seen is not contributed again.
	if r, ok, err := st.LatestMeters(addr); err == nil && ok {
		l.coinIn, l.baseline = r.Meters.CoinIn, true
	}
	return l, nil
}

func (l *linkedJackpots) close() { l.c.Close() }

// cycle contributes the new coin-in and broadcasts the levels.
func (l *linkedJackpots) cycle(p *floor.Poller, m floor.Meters, stdout io.Writer) error {
	if !l.baseline {
		l.coinIn, l.baseline = m.CoinIn, true
	}
	if m.CoinIn > l.coinIn {
		rc, err := l.c.Contribute(l.id, m.GamesPlayed, int64(m.CoinIn-l.coinIn))
		if err != nil {
			return err
		}
		for _, a := range rc.Awards {
			fmt.Fprintf(stdout, "MYSTERY JACKPOT %s to machine %d (game %d): paid by the attendant until bonus transfers exist\n",
				euros(uint64(a.Cents)), p.Addr, a.Game)
		}
	}
	l.coinIn = m.CoinIn
	var lv []floor.LevelAmount
	for _, x := range l.c.Levels() {
		n := broadcastLevel[x.Name]
		if n != 0 {
			lv = append(lv, floor.LevelAmount{Level: n, Cents: uint64(x.AmountCents)})
		}
	}
	return p.Broadcast(lv)
}
