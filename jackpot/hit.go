package jackpot

import (
	"fmt"
)

// Hit awards a progressive level to machine for its game: the level's amount at
// the moment the controller handles the hit, in whole cents; the level resets. It
// is idempotent by (machine, game, level): a resend returns the first award.
//
// Hits are serialised: of two machines hitting the same level at the same time,
// the first one handled gets the amount, the second the reset value plus whatever
// accrued between the two (the fraction of a cent left by the first award, the
// reserve, and any contributions counted in between).
func (c *Controller) Hit(machine string, game uint64, level string) (Award, error) {
	return c.HitAt(machine, game, level, 0)
}

// HitAt is Hit for the n-th hit (from 0) of one game: a game whose Lock & Spin
// collects the same level twice wins it twice — the level's amount, then its reset
// value plus what accrued since — and each hit is its own idempotent award, keyed
// (machine, game, level, n).
func (c *Controller) HitAt(machine string, game uint64, level string, n int) (Award, error) {
	if n < 0 || n > 255 {
		return Award{}, fmt.Errorf("jackpot: hit index %d not in 0..255", n)
	}
	if err := checkMachine(machine); err != nil {
		return Award{}, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	i, ok := c.st.level(level)
	if !ok {
		return Award{}, fmt.Errorf("%w %q", ErrUnknownLevel, level)
	}
	if c.st.Levels[i].Kind != Progressive {
		return Award{}, fmt.Errorf("jackpot: level %q is a mystery level, awarded by the controller, not hit by a machine", level)
	}
	// A resend is answered from a read transaction: no commit, no fsync.
	var out Award
	var done bool
	err := c.db.view(func(t txn) error {
		var err error
		out, done, err = t.hit(machine, game, level, n)
		return err
	})
	if done || err != nil {
		return out, wrap(err)
	}
	err = c.commit(func(t txn, s *state) error {
		// Under the writer lock: another process may have answered it since.
		if old, ok, err := t.hit(machine, game, level, n); ok || err != nil {
			out = old
			return err
		}
		m, err := c.machineFor(t, machine, game)
		if err != nil {
			return err
		}
		a := s.hit(i, c.src)
		out = Award{Seq: s.AwardSeq, Machine: machine, Game: game, Level: a.Level, Cents: a.Cents, Time: c.stamp()}
		m.Awards++
		m.AwardedCents += a.Cents
		if err := t.putMachine(m); err != nil {
			return err
		}
		return t.logAward(out, n, c.keep, c.window)
	})
	if err != nil {
		return Award{}, err
	}
	return out, nil
}
