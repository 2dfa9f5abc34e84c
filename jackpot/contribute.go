package jackpot

import (
	"fmt"
)

// Contribute counts one game's bet from a machine: every level receives its rate
// of the bet, and a mystery level that reaches its trigger is awarded to this
// machine (the Receipt's Awards). It is idempotent by (machine, game): a resend
// after a timeout returns the first answer with Duplicate set and counts nothing;
// a resend with a different bet is refused with ErrConflict.
func (c *Controller) Contribute(machine string, game uint64, betCents int64) (Receipt, error) {
	if err := checkMachine(machine); err != nil {
		return Receipt{}, err
	}
	if betCents <= 0 || betCents > MaxBetCents {
		return Receipt{}, fmt.Errorf("%w: machine %q game %d: bet %d cents not in [1, %d]", ErrBadBet, machine, game, betCents, int64(MaxBetCents))
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	// A resend is answered from a read transaction: no commit, no fsync.
	if r, done, err := c.resent(machine, game, betCents); done || err != nil {
		return r, err
	}
	var r Receipt
	err := c.commit(func(t txn, s *state) error {
		// Under the writer lock: another process may have counted the game
		// since the read above (its resend through another floor host).
		if old, ok, err := t.game(machine, game); err != nil {
			return err
		} else if ok {
			r, err = resentReceipt(machine, game, betCents, old)
			return err
		}
		m, err := c.machineFor(t, machine, game)
		if err != nil {
			return err
		}
		if err := c.rngErr(); err != nil {
			return err
		}
		g := gameRecord{Bet: betCents}
		for _, a := range s.contribute(betCents, c.src) {
			aw := Award{Seq: 0, Machine: machine, Game: game, Level: a.Level, Cents: a.Cents, Time: c.stamp()}
			g.Awards = append(g.Awards, aw)
		}
		// Number the awards in the order the levels made them.
		for i := range g.Awards {
			g.Awards[i].Seq = s.AwardSeq - uint64(len(g.Awards)-1-i)
		}
		m.Games++
		m.CoinInCents += betCents
		for _, a := range g.Awards {
			m.Awards++
			m.AwardedCents += a.Cents
		}
		if err := t.putMachine(m); err != nil {
			return err
		}
		// The game before its awards: on PostgreSQL an award refers to it.
		if err := t.putGame(machine, game, g, c.window); err != nil {
			return err
		}
		for _, a := range g.Awards {
			if err := t.logAward(a, -1, c.keep, c.window); err != nil {
				return err
			}
		}
		r = Receipt{Awards: g.Awards}
		return nil
	})
	if err != nil {
		return Receipt{}, err
	}
	return r, nil
}

// resent answers a contribution whose (machine, game) is already recorded.
func (c *Controller) resent(machine string, game uint64, betCents int64) (r Receipt, done bool, err error) {
	err = c.db.view(func(t txn) error {
		old, ok, err := t.game(machine, game)
		if err != nil || !ok {
			return err
		}
		r, err = resentReceipt(machine, game, betCents, old)
		done = err == nil
		return err
	})
	return r, done, wrap(err)
}

// resentReceipt is the answer to a resend of a game recorded as old.
func resentReceipt(machine string, game uint64, betCents int64, old gameRecord) (Receipt, error) {
	if old.Bet != betCents {
		return Receipt{}, fmt.Errorf("%w: machine %q game %d sent with bet %d, first with %d", ErrConflict, machine, game, betCents, old.Bet)
	}
	return Receipt{Awards: old.Awards, Duplicate: true}, nil
}
