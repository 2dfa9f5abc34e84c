package jackpot

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"egm/rng"
)

// Award is one jackpot paid: numbered from 1 in the order the controller made them.
type Award struct {
	Seq     uint64
	Machine string
	Game    uint64 // the machine's game sequence number
	Level   string
	Cents   int64
	Time    time.Time
}

// Receipt is the answer to a contribution.
type Receipt struct {
	// Awards holds the mystery awards this contribution triggered (usually none).
	Awards []Award
	// Duplicate is true when (machine, game) had already been counted: nothing was
	// added, and Awards is the first answer's.
	Duplicate bool
}

// Level is what machines and players may see of a level: never a mystery trigger.
type Level struct {
	Name        string
	Kind        Kind
	AmountCents int64 // whole cents; the fraction stays in the level
	ResetCents  int64
	// MaxCents is the ceiling of a progressive level (0 = none), or the "must hit
	// by" amount of a mystery level.
	MaxCents int64
}

// Options configure Open.
type Options struct {
	// Levels is the configuration a new database starts with (nil = DefaultLevels).
	// An existing database keeps its own; a non-nil Levels that differs is refused.
	Levels []LevelConfig
	// RNG draws the mystery triggers: rng.NewCabinet in production. Required.
	RNG rng.Source
	// Now stamps awards (nil = time.Now).
	Now func() time.Time
	// AwardLog is how many of the last awards are kept (0 = 100).
	AwardLog int
	// Window is how many of each machine's latest games keep their idempotency
	// records (0 = 100,000): a resend of an older game is refused.
	Window uint64
}

// Controller is the floor's jackpot controller. Its methods are safe for concurrent
// use; every operation is one transaction of its store: a bbolt file (Open) or
// the floor's PostgreSQL database (OpenPostgres).
type Controller struct {
	mu     sync.Mutex
	db     store
	st     *state    // the latest state committed or read
	stAt   time.Time // when st was read (a shared store: Levels reads again after Fresh)
	src    rng.Source
	now    func() time.Time
	keep   uint64
	window uint64
}

// Fresh is how long the levels read from a shared store (PostgreSQL, written by
// other floor processes too) are shown before Levels reads them again.
const Fresh = 250 * time.Millisecond

// Errors that callers may test with errors.Is.
var (
	ErrUnknownMachine = errors.New("jackpot: unknown machine")
	ErrUnknownLevel   = errors.New("jackpot: unknown level")
	ErrBadBet         = errors.New("jackpot: bad bet")
	ErrConflict       = errors.New("jackpot: resent game differs from the first")
	ErrTooOld         = errors.New("jackpot: game older than the idempotency window")
	ErrCorrupt        = errors.New("jackpot: corrupt database")
	ErrInUse          = errors.New("jackpot: database in use by another process")
)

// Open opens (or creates) the controller's database at path: a bbolt file that
// one process holds.
func Open(path string, opt Options) (*Controller, error) {
	c, err := newController(opt)
	if err != nil {
		return nil, err
	}
	db, err := openBolt(path)
	if err != nil {
		return nil, err
	}
	return c.start(db, opt.Levels)
}

// newController checks opt and fills in its defaults.
func newController(opt Options) (*Controller, error) {
	if opt.RNG == nil {
		return nil, fmt.Errorf("jackpot: no RNG given (use rng.NewCabinet)")
	}
	if opt.Levels != nil {
		if err := validateLevels(opt.Levels); err != nil {
			return nil, err
		}
	}
	c := &Controller{src: opt.RNG, now: opt.Now, keep: uint64(opt.AwardLog), window: opt.Window}
	if c.now == nil {
		c.now = time.Now
	}
	if c.keep == 0 {
		c.keep = 100
	}
	if c.window == 0 {
		c.window = 100_000
	}
	return c, nil
}

// start loads the state from db, or creates it in a new database.
func (c *Controller) start(db store, levels []LevelConfig) (*Controller, error) {
	c.db = db
	err := db.update(func(t txn) error {
		st, err := t.state()
		if err != nil {
			return err
		}
		if st == nil {
			if levels == nil {
				levels = DefaultLevels()
			}
			if err := c.rngErr(); err != nil {
				return err
			}
			c.st = newState(levels, c.src)
			return t.putState(c.st)
		}
		if levels != nil && !slices.Equal(levels, st.configs()) {
			return fmt.Errorf("jackpot: the configuration given differs from the database's (levels are fixed when the database is created)")
		}
		c.st = st
		return nil
	})
	if err != nil {
		db.close()
		return nil, wrap(err)
	}
	c.stAt = time.Now()
	return c, nil
}

// Close closes the database.
func (c *Controller) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.db.close(); err != nil {
		return fmt.Errorf("jackpot: close: %w", err)
	}
	return nil
}

// rngErr reports a generator's sticky health failure: no trigger is drawn from a
// failed generator.
func (c *Controller) rngErr() error {
	if e, ok := c.src.(interface{ Err() error }); ok {
		if err := e.Err(); err != nil {
			return fmt.Errorf("jackpot: rng: %w", err)
		}
	}
	return nil
}

// Register links a machine. Registering twice is harmless.
func (c *Controller) Register(machine string) error {
	if err := checkMachine(machine); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return wrap(c.db.update(func(t txn) error {
		if _, ok, err := t.machine(machine); ok || err != nil {
			return err
		}
		return t.putMachine(MachineAccount{Machine: machine})
	}))
}

// Machines lists the registered machines.
func (c *Controller) Machines() ([]string, error) {
	var out []string
	err := c.db.view(func(t txn) error {
		ms, err := t.machines()
		out = out[:0]
		for _, m := range ms {
			out = append(out, m.Machine)
		}
		return err
	})
	return out, wrap(err)
}

func checkMachine(m string) error {
	if m == "" || len(m) > 64 {
		return fmt.Errorf("jackpot: machine id %q must be 1 to 64 bytes", m)
	}
	for i := 0; i < len(m); i++ {
		if m[i] == 0 {
			return fmt.Errorf("jackpot: machine id %q contains a NUL byte", m)
		}
	}
	return nil
}

// Levels returns the displayable amounts, in configuration order. On a shared
// store they are the state last committed or read by this process, read again
// when older than Fresh (if that read fails, the last ones).
func (c *Controller) Levels() []Level {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.db.shared() && time.Since(c.stAt) > Fresh {
		_ = c.refresh()
	}
	out := make([]Level, len(c.st.Levels))
	for i, l := range c.st.Levels {
		max := l.CeilingCents
		if l.Kind == Mystery {
			max = l.TriggerMaxCents
		}
		out[i] = Level{Name: l.Name, Kind: l.Kind, AmountCents: l.Value / Unit, ResetCents: l.ResetCents, MaxCents: max}
	}
	return out
}

// LastAward is the number of the latest award this process knows of (0: none
// yet), without reading the store: on a shared store, as of the state last
// committed or read (read again when older than Fresh, as Levels). A floor
// reads the award log only when it moved.
func (c *Controller) LastAward() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.db.shared() && time.Since(c.stAt) > Fresh {
		_ = c.refresh()
	}
	return c.st.AwardSeq
}

// Awards returns the last awards kept, oldest first.
func (c *Controller) Awards() ([]Award, error) {
	var out []Award
	err := c.db.view(func(t txn) error {
		var err error
		out, err = t.awards(c.keep)
		return err
	})
	return out, wrap(err)
}

// Refresh reads the stored state into memory now: on a shared store, the levels
// as the other floor processes left them (Levels reads them again by itself
// after Fresh).
func (c *Controller) Refresh() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.refresh()
}

// refresh reads the stored state into memory.
func (c *Controller) refresh() error {
	err := c.db.view(func(t txn) error {
		st, err := stored(t)
		if err == nil {
			c.st = st
		}
		return err
	})
	if err == nil {
		c.stAt = time.Now()
	}
	return wrap(err)
}

// Check verifies the accounting identity of the state in memory and of the state
// stored, and (a store of this process only) that they are the same (see doc.go).
func (c *Controller) Check() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.st.check(); err != nil {
		return err
	}
	return wrap(c.db.view(func(t txn) error {
		st, err := stored(t)
		if err != nil {
			return err
		}
		if err := st.check(); err != nil {
			return err
		}
		if !c.db.shared() && string(encodeState(st)) != string(encodeState(c.st)) {
			return fmt.Errorf("jackpot: the stored state differs from the state in memory")
		}
		return nil
	}))
}

// commit runs fn on a copy of the stored state inside one write transaction,
// holding the writer lock, and stores the copy with it; the copy becomes the
// state in memory when the commit succeeded.
func (c *Controller) commit(fn func(t txn, s *state) error) error {
	var next *state
	err := c.db.update(func(t txn) error {
		cur, err := stored(t)
		if err != nil {
			return err
		}
		next = cur.clone()
		if err := fn(t, next); err != nil {
			return err
		}
		if err := next.check(); err != nil {
			return err
		}
		return t.putState(next)
	})
	if err != nil {
		return wrap(err)
	}
	c.st, c.stAt = next, time.Now()
	return nil
}

// wrap gives an error from bbolt the package prefix.
func wrap(err error) error {
	if err == nil || strings.HasPrefix(err.Error(), "jackpot: ") {
		return err
	}
	return fmt.Errorf("jackpot: %w", err)
}

// stamp is an award's time: now, in UTC, to the microsecond (PostgreSQL's
// precision, so that an award reads back as it was answered).
func (c *Controller) stamp() time.Time { return c.now().UTC().Truncate(time.Microsecond) }
