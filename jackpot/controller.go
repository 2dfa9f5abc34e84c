package jackpot

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

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
// use; every operation is one serialised, fsynced bbolt transaction.
type Controller struct {
	mu     sync.Mutex
	db     *bolt.DB
	st     *state
	src    rng.Source
	now    func() time.Time
	keep   uint64
	window uint64
}

// Buckets.
var (
	bMeta     = []byte("meta")     // "state" → the money state
	bMachines = []byte("machines") // machine id → its account (accounts.go)
	bGames    = []byte("games")    // machine \0 game → contribution record
	bHits     = []byte("hits")     // machine \0 game \0 level → award
	bAwards   = []byte("awards")   // award seq (big endian) → award, the last AwardLog
	kState    = []byte("state")
)

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

// Open opens (or creates) the controller's database at path.
func Open(path string, opt Options) (*Controller, error) {
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
	if fi, err := os.Stat(path); err == nil && fi.Size() > 0 && fi.Size() < 4096 {
		return nil, fmt.Errorf("%w: %s is %d bytes, shorter than one page", ErrCorrupt, path, fi.Size())
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: 2 * time.Second})
	switch {
	case errors.Is(err, berrors.ErrTimeout):
		return nil, fmt.Errorf("%w: %s", ErrInUse, path)
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, fs.ErrPermission):
		return nil, fmt.Errorf("jackpot: open %s: %w", path, err)
	case err != nil:
		return nil, fmt.Errorf("%w: open %s: %v", ErrCorrupt, path, err)
	}
	c.db = db
	if err := c.load(opt.Levels); err != nil {
		db.Close()
		return nil, wrap(err)
	}
	return c, nil
}

// load reads the state, or creates it in a new database.
func (c *Controller) load(levels []LevelConfig) error {
	return c.db.Update(func(tx *bolt.Tx) error {
		for _, b := range [][]byte{bMeta, bMachines, bGames, bHits, bAwards} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return fmt.Errorf("jackpot: %w", err)
			}
		}
		raw := tx.Bucket(bMeta).Get(kState)
		if raw == nil {
			if levels == nil {
				levels = DefaultLevels()
			}
			if err := c.rngErr(); err != nil {
				return err
			}
			c.st = newState(levels, c.src)
			return tx.Bucket(bMeta).Put(kState, encodeState(c.st))
		}
		st, err := decodeState(raw)
		if err != nil {
			return fmt.Errorf("%w: %v", ErrCorrupt, err)
		}
		if levels != nil && !slices.Equal(levels, st.configs()) {
			return fmt.Errorf("jackpot: the configuration given differs from the database's (levels are fixed when the database is created)")
		}
		c.st = st
		return nil
	})
}

// Close closes the database.
func (c *Controller) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.db.Close(); err != nil {
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
	return wrap(c.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bMachines)
		if b.Get([]byte(machine)) != nil {
			return nil
		}
		return b.Put([]byte(machine), encodeMachine(MachineAccount{}))
	}))
}

// Machines lists the registered machines.
func (c *Controller) Machines() ([]string, error) {
	var out []string
	err := c.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bMachines).ForEach(func(k, _ []byte) error {
			out = append(out, string(k))
			return nil
		})
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

// Levels returns the displayable amounts, in configuration order.
func (c *Controller) Levels() []Level {
	c.mu.Lock()
	defer c.mu.Unlock()
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

// Awards returns the last awards kept, oldest first.
func (c *Controller) Awards() ([]Award, error) {
	var out []Award
	err := c.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bAwards).ForEach(func(_, v []byte) error {
			a, err := decodeAward(v)
			if err != nil {
				return fmt.Errorf("%w: %v", ErrCorrupt, err)
			}
			out = append(out, a)
			return nil
		})
	})
	return out, wrap(err)
}

// Check verifies the accounting identity of the state in memory and of the state
// stored (see doc.go).
func (c *Controller) Check() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.st.check(); err != nil {
		return err
	}
	return wrap(c.db.View(func(tx *bolt.Tx) error {
		st, err := decodeState(tx.Bucket(bMeta).Get(kState))
		if err != nil {
			return err
		}
		if string(encodeState(st)) != string(encodeState(c.st)) {
			return fmt.Errorf("jackpot: the stored state differs from the state in memory")
		}
		return nil
	}))
}

// commit runs fn on a copy of the state inside one write transaction and stores
// the copy with it; the copy replaces the state only when the commit succeeded.
func (c *Controller) commit(fn func(tx *bolt.Tx, s *state) error) error {
	next := c.st.clone()
	err := c.db.Update(func(tx *bolt.Tx) error {
		if err := fn(tx, next); err != nil {
			return err
		}
		if err := next.check(); err != nil {
			return err
		}
		return tx.Bucket(bMeta).Put(kState, encodeState(next))
	})
	if err != nil {
		return wrap(err)
	}
	c.st = next
	return nil
}

// logAward numbers an award, stores it in the award log and trims the log.
func (c *Controller) logAward(tx *bolt.Tx, a Award) error {
	b := tx.Bucket(bAwards)
	if err := b.Put(u64be(a.Seq), encodeAward(a)); err != nil {
		return err
	}
	if a.Seq > c.keep {
		return b.Delete(u64be(a.Seq - c.keep))
	}
	return nil
}

// wrap gives an error from bbolt the package prefix.
func wrap(err error) error {
	if err == nil || strings.HasPrefix(err.Error(), "jackpot: ") {
		return err
	}
	return fmt.Errorf("jackpot: %w", err)
}

func u64be(v uint64) []byte {
	return []byte{byte(v >> 56), byte(v >> 48), byte(v >> 40), byte(v >> 32), byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}
}

func beU64(b []byte) uint64 {
	var v uint64
	for _, x := range b {
		v = v<<8 | uint64(x)
	}
	return v
}
