package jackpot

import (
	"bytes"
	"fmt"

	bolt "go.etcd.io/bbolt"
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
	err := c.commit(func(tx *bolt.Tx, s *state) error {
		key := gameKey(machine, game)
		games := tx.Bucket(bGames)
		if games.Get(key) != nil {
			return fmt.Errorf("jackpot: machine %q game %d recorded during its own operation", machine, game)
		}
		m, err := c.machineFor(tx, machine, game)
		if err != nil {
			return err
		}
		if err := c.rngErr(); err != nil {
			return err
		}
		g := gameRecord{Bet: betCents}
		for _, a := range s.contribute(betCents, c.src) {
			aw := Award{Seq: 0, Machine: machine, Game: game, Level: a.Level, Cents: a.Cents, Time: c.now().UTC()}
			g.Awards = append(g.Awards, aw)
		}
		// Number the awards in the order the levels made them.
		for i := range g.Awards {
			g.Awards[i].Seq = s.AwardSeq - uint64(len(g.Awards)-1-i)
			if err := c.logAward(tx, g.Awards[i]); err != nil {
				return err
			}
		}
		m.Games++
		m.CoinInCents += betCents
		for _, a := range g.Awards {
			m.Awards++
			m.AwardedCents += a.Cents
		}
		if err := putMachine(tx, m); err != nil {
			return err
		}
		if err := games.Put(key, encodeGame(g)); err != nil {
			return err
		}
		r = Receipt{Awards: g.Awards}
		return prune(games, machine, game, c.window)
	})
	if err != nil {
		return Receipt{}, err
	}
	return r, nil
}

// resent answers a contribution whose (machine, game) is already recorded.
func (c *Controller) resent(machine string, game uint64, betCents int64) (r Receipt, done bool, err error) {
	err = c.db.View(func(tx *bolt.Tx) error {
		old := tx.Bucket(bGames).Get(gameKey(machine, game))
		if old == nil {
			return nil
		}
		g, err := decodeGame(old)
		if err != nil {
			return fmt.Errorf("%w: %v", ErrCorrupt, err)
		}
		if g.Bet != betCents {
			return fmt.Errorf("%w: machine %q game %d sent with bet %d, first with %d", ErrConflict, machine, game, betCents, g.Bet)
		}
		r, done = Receipt{Awards: g.Awards, Duplicate: true}, true
		return nil
	})
	return r, done, wrap(err)
}

// prune deletes machine's records of games older than the window below game.
func prune(b *bolt.Bucket, machine string, game, window uint64) error {
	if game <= window {
		return nil
	}
	cut := game - window
	prefix := append([]byte(machine), 0)
	cur := b.Cursor()
	for {
		k, _ := cur.Seek(prefix)
		if k == nil || !bytes.HasPrefix(k, prefix) || len(k) < len(prefix)+8 || beU64(k[len(prefix):len(prefix)+8]) >= cut {
			return nil
		}
		if err := b.Delete(k); err != nil {
			return err
		}
	}
}

// gameKey is machine \0 game (big endian), so a machine's games sort in order.
func gameKey(machine string, game uint64) []byte {
	k := make([]byte, 0, len(machine)+9)
	k = append(k, machine...)
	k = append(k, 0)
	return append(k, u64be(game)...)
}
