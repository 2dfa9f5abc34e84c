package jackpot

import (
	"fmt"
	"math"
	"reflect"
	"slices"
)

// Copied counts what Copy wrote.
type Copied struct {
	Machines, Games, Awards int
}

// Copy writes the whole of from — its levels' money and hidden triggers, the
// machines' accounts, the idempotency records of their latest games and hits,
// the award log — into to, a controller of the same levels with no machine and
// nothing counted yet (its state is replaced), in one transaction of to's; then
// reads to's accounts back and compares them with from's. It moves a
// controller from its bbolt file onto the floor's PostgreSQL database (egm-floor
// migrate). Nothing may write from meanwhile (its floor stopped).
func Copy(from, to *Controller) (Copied, error) {
	var st *state
	var ms []MachineAccount
	var gs []keptGame
	var hs []keptHit
	var log []Award
	err := from.db.view(func(t txn) error {
		var err error
		if st, err = stored(t); err != nil {
			return err
		}
		if ms, err = t.machines(); err != nil {
			return err
		}
		if gs, err = t.games(); err != nil {
			return err
		}
		if hs, err = t.hits(); err != nil {
			return err
		}
		log, err = t.awards(math.MaxInt64)
		return err
	})
	if err != nil {
		return Copied{}, wrap(err)
	}
	// The awards in order of their numbers, each hit with its index.
	type entry struct {
		a Award
		n int
	}
	bySeq := map[uint64]entry{}
	for _, a := range log {
		bySeq[a.Seq] = entry{a, -1}
	}
	for _, g := range gs { // a game's mystery awards, older ones too
		for _, a := range g.Record.Awards {
			bySeq[a.Seq] = entry{a, -1}
		}
	}
	for _, h := range hs {
		bySeq[h.Award.Seq] = entry{h.Award, h.N}
	}
	seqs := make([]uint64, 0, len(bySeq))
	for s := range bySeq {
		seqs = append(seqs, s)
	}
	slices.Sort(seqs)

	to.mu.Lock()
	defer to.mu.Unlock()
	err = to.db.update(func(t txn) error {
		cur, err := t.state()
		if err != nil {
			return err
		}
		if cur == nil || !slices.Equal(cur.configs(), st.configs()) {
			return fmt.Errorf("jackpot: copy: the destination's levels differ from the source's")
		}
		if err := blank(t, cur); err != nil {
			return err
		}
		if err := t.putState(st); err != nil {
			return err
		}
		for _, m := range ms {
			if err := t.putMachine(m); err != nil {
				return err
			}
		}
		for _, g := range gs {
			if err := t.putGame(g.Machine, g.Game, g.Record, math.MaxUint64); err != nil {
				return err
			}
		}
		for _, s := range seqs {
			e := bySeq[s]
			if err := t.logAward(e.a, e.n, to.keep, math.MaxUint64); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Copied{}, wrap(err)
	}
	to.st = st
	want, err := from.Accounts()
	if err != nil {
		return Copied{}, err
	}
	got, err := to.Accounts()
	if err != nil {
		return Copied{}, err
	}
	if !reflect.DeepEqual(got, want) {
		return Copied{}, fmt.Errorf("jackpot: copy: the accounts read back differ from the source's: %+v, want %+v", got, want)
	}
	return Copied{Machines: len(ms), Games: len(gs), Awards: len(seqs)}, nil
}

// CheckBlank refuses a controller that has counted a contribution or an award
// or has a machine registered: what Copy checks of its destination before it
// writes, for egm-floor migrate to check every part of its destination before
// it writes any.
func (c *Controller) CheckBlank() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return wrap(c.db.view(func(t txn) error {
		st, err := stored(t)
		if err != nil {
			return err
		}
		return blank(t, st)
	}))
}

// blank refuses a controller's records (st its state) that are not a new one's.
func blank(t txn, st *state) error {
	ms, err := t.machines()
	if err != nil {
		return err
	}
	if st.Contributions != 0 || st.AwardSeq != 0 || len(ms) > 0 {
		return fmt.Errorf("jackpot: copy: the destination has counted %d contributions and %d awards and has %d machines registered: it must be new",
			st.Contributions, st.AwardSeq, len(ms))
	}
	return nil
}

// Config is the controller's level configuration (fixed when its database was
// made): what a copy's destination is opened with.
func (c *Controller) Config() []LevelConfig {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.st.configs()
}
