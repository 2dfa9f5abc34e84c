package rng

import (
	"encoding/binary"
	"fmt"
	"os"
	"sync/atomic"
	"time"
	"unsafe"
)

// Defaults for reseeding, far inside SP 800-90A's 2^48 requests.
const (
	DefaultReseedRequests = 1 << 20          // Generate requests (64 GiB of output)
	DefaultReseedInterval = 10 * time.Minute // wall time between reseeds
	bufferBytes           = MaxRequestBytes  // one full-size Generate per refill
	bufferWords           = bufferBytes / 8
)

// Clock tells the time. The cabinet uses the system clock; tests inject their own.
type Clock interface {
	Now() time.Time
}

// SystemClock is the real clock.
type SystemClock struct{}

// Now returns time.Now().
func (SystemClock) Now() time.Time { return time.Now() }

// Options configure a Generator. The zero value is the cabinet's defaults.
type Options struct {
	ReseedRequests uint64        // Generate requests between reseeds; 0 = default
	ReseedInterval time.Duration // time between reseeds; 0 = default
	Clock          Clock         // nil = SystemClock
	Entropy        Entropy       // nil = the OS (getrandom)
}

// Generator is the machine's RNG: a CTR_DRBG fed by health-tested entropy, reseeded by
// request count and by time, with a buffer so that a uint64 costs a few nanoseconds.
// It is not safe for concurrent use; Cycler adds the lock the cabinet needs.
type Generator struct {
	drbg          *CTRDRBG
	ent           *checkedEntropy
	clock         Clock
	interval      time.Duration
	lastSeed      time.Time
	words         *[bufferWords]uint64 // the buffer, read as uint64s
	buf           []byte               // the same memory, written as bytes
	pos           int                  // next word
	err           error
	reseeds       uint64
	deterministic bool
}

var instanceCounter atomic.Uint64

// New instantiates a Generator from the OS entropy source (or opts.Entropy), after the
// start-up health test. The personalization string (time, process id, instance number)
// makes two instances differ even if their entropy did not.
func New(opts Options) (*Generator, error) {
	if opts.Entropy == nil {
		opts.Entropy = osEntropy{}
	}
	var pers [SeedLen]byte
	if opts.Clock == nil {
		opts.Clock = SystemClock{}
	}
	binary.LittleEndian.PutUint64(pers[0:], uint64(time.Now().UnixNano()))
	binary.LittleEndian.PutUint64(pers[8:], uint64(os.Getpid()))
	binary.LittleEndian.PutUint64(pers[16:], instanceCounter.Add(1))
	copy(pers[24:], "egm cabinet drbg")
	return newGenerator(opts, pers[:], false)
}

// NewSeeded returns a deterministic Generator for simulation and golden tests: the
// same seed always gives the same stream. Its "entropy" is itself a CTR_DRBG stream
// derived from the seed, so it runs the very same code path (health tests, reseeds).
// The cabinet refuses it (see NewCabinet).
func NewSeeded(seed uint64) *Generator {
	var s [SeedLen]byte
	binary.LittleEndian.PutUint64(s[:], seed)
	copy(s[8:], "egm deterministic seed")
	src, err := NewCTRDRBG(s[:], nil, MaxReseedInterval)
	if err != nil {
		panic(err) // impossible: fixed sizes
	}
	g, err := newGenerator(Options{Entropy: drbgEntropy{src}, Clock: fixedClock{}}, nil, true)
	if err != nil {
		panic("rng: seeded generator failed its health test: " + err.Error())
	}
	return g
}

func newGenerator(opts Options, pers []byte, deterministic bool) (*Generator, error) {
	if opts.ReseedRequests == 0 {
		opts.ReseedRequests = DefaultReseedRequests
	}
	if opts.ReseedRequests > MaxReseedInterval {
		return nil, fmt.Errorf("rng: reseed interval of %d requests exceeds 2^48", opts.ReseedRequests)
	}
	if opts.ReseedInterval == 0 {
		opts.ReseedInterval = DefaultReseedInterval
	}
	if opts.ReseedInterval < 0 {
		return nil, fmt.Errorf("rng: negative reseed interval %v", opts.ReseedInterval)
	}
	if opts.Clock == nil {
		opts.Clock = SystemClock{}
	}
	g := &Generator{
		ent:           &checkedEntropy{src: opts.Entropy},
		clock:         opts.Clock,
		interval:      opts.ReseedInterval,
		pos:           bufferWords,
		deterministic: deterministic,
	}
	g.words = new([bufferWords]uint64)
	g.buf = unsafe.Slice((*byte)(unsafe.Pointer(&g.words[0])), bufferBytes)
	if err := g.ent.startup(); err != nil {
		return nil, err
	}
	var seed [SeedLen]byte
	if err := g.ent.read(seed[:]); err != nil {
		return nil, err
	}
	d, err := NewCTRDRBG(seed[:], pers, opts.ReseedRequests)
	clear(seed[:])
	if err != nil {
		return nil, err
	}
	g.drbg = d
	g.lastSeed = g.clock.Now()
	return g, nil
}

// Uint64 returns the next 64 bits of the stream.
func (g *Generator) Uint64() uint64 {
	if g.pos >= bufferWords {
		g.refill()
	}
	v := g.words[g.pos]
	g.pos++
	return v
}

// Read fills p with DRBG output in full-size Generate requests (the raw stream the lab
// feeds to statistical batteries). It bypasses the buffer.
func (g *Generator) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		k := min(len(p)-n, MaxRequestBytes)
		g.generate(p[n : n+k])
		n += k
	}
	return n, g.err
}

// Err is the sticky health or entropy failure, nil while the RNG is healthy. The
// machine checks it after every decision and voids the game if it is set.
func (g *Generator) Err() error { return g.err }

// Reseeds counts the reseeds performed since instantiation.
func (g *Generator) Reseeds() uint64 { return g.reseeds }

// Deterministic reports whether this is a seeded simulation generator.
func (g *Generator) Deterministic() bool { return g.deterministic }

// discard skips n uint64s of output (background cycling).
func (g *Generator) discard(n uint64) {
	for n > 0 {
		avail := uint64(bufferWords - g.pos)
		if avail == 0 {
			g.refill()
			continue
		}
		k := min(avail, n)
		g.pos += int(k)
		n -= k
	}
}

// refill is kept out of line so that Uint64 inlines.
//
//go:noinline
func (g *Generator) refill() {
	g.generate(g.buf)
	wordsFromLittleEndian(g.words)
	g.pos = 0
}

// generate fills p (at most MaxRequestBytes), reseeding first when the request counter
// or the clock says so. A failed reseed records the sticky error and the DRBG goes on
// from its current state, so callers never hang; Err() tells the machine to stop.
func (g *Generator) generate(p []byte) {
	if g.drbg.NeedsReseed() || g.clock.Now().Sub(g.lastSeed) >= g.interval {
		g.reseed()
	}
	if err := g.drbg.Generate(p); err == ErrReseedRequired {
		// The reseed failed; keep the stream going from the present state and
		// report through Err(). The counter is reset so the next refill tries again.
		g.drbg.reseedCounter = 1
		_ = g.drbg.Generate(p)
	}
}

func (g *Generator) reseed() {
	var seed [SeedLen]byte
	err := g.ent.read(seed[:])
	if err == nil {
		err = g.drbg.Reseed(seed[:], nil)
	}
	clear(seed[:])
	if err != nil {
		if g.err == nil {
			g.err = err
		}
		return
	}
	g.reseeds++
	g.lastSeed = g.clock.Now()
}

// drbgEntropy turns a seeded CTR_DRBG into the "entropy" of a deterministic Generator.
type drbgEntropy struct{ d *CTRDRBG }

func (e drbgEntropy) Read(p []byte) (int, error) {
	for n := 0; n < len(p); n += MaxRequestBytes {
		if err := e.d.Generate(p[n:min(len(p), n+MaxRequestBytes)]); err != nil {
			return n, err
		}
	}
	return len(p), nil
}

// fixedClock never advances: a seeded generator's stream must not depend on time.
type fixedClock struct{}

func (fixedClock) Now() time.Time { return time.Time{} }
