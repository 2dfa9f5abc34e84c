package rng

import (
	"context"
	"sync"
	"time"
)

// Background cycling (GLI-11): while no game is being decided the generator keeps
// advancing, one uint64 discarded per Step of elapsed time, so the values a game
// receives depend on the instant its button was pressed, to the microsecond.
//
// Cycling is done by catch-up rather than by a goroutine spinning on the generator:
// before each decision the Cycler discards exactly the draws that elapsed time owes,
// and Run calls the same catch-up on a ticker so no backlog builds while idle. The
// result is the same stream a free-running cycler would give, it costs nothing while
// idle, and an injected clock makes it testable to the step.
const (
	DefaultCycleStep = time.Microsecond
	// maxCatchUp bounds one catch-up (after a clock jump): 2^22 draws, about 32 MiB
	// of output, a few milliseconds.
	maxCatchUp = 1 << 22
)

// Cycler is a Generator with background cycling and a lock; it is what the cabinet
// hands to its game cycle. It is safe for concurrent use.
type Cycler struct {
	mu    sync.Mutex
	g     *Generator
	clock Clock
	step  time.Duration
	last  time.Time
}

// NewCycler wraps g. clock nil means the system clock; step 0 means DefaultCycleStep.
func NewCycler(g *Generator, clock Clock, step time.Duration) *Cycler {
	if clock == nil {
		clock = SystemClock{}
	}
	if step <= 0 {
		step = DefaultCycleStep
	}
	return &Cycler{g: g, clock: clock, step: step, last: clock.Now()}
}

// Decide runs one decision: it catches the cycle up to this instant, then gives fn
// exclusive use of the generator. It returns the generator's health error, if any,
// so a failed RNG voids the decision it was used for.
func (c *Cycler) Decide(fn func(Source)) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.catchUp()
	fn(c.g)
	return c.g.Err()
}

// Uint64 is one catch-up and one draw, for callers that need a single value.
func (c *Cycler) Uint64() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.catchUp()
	return c.g.Uint64()
}

// Err is the generator's sticky health error.
func (c *Cycler) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.g.Err()
}

// Run keeps the cycle current until ctx ends, catching up every tick.
func (c *Cycler) Run(ctx context.Context, tick time.Duration) {
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			c.mu.Lock()
			c.catchUp()
			c.mu.Unlock()
		}
	}
}

func (c *Cycler) catchUp() {
	now := c.clock.Now()
	elapsed := now.Sub(c.last)
	if elapsed < 0 { // the clock was set back: cycle on from the new time
		c.last = now
		return
	}
	if elapsed < c.step {
		return
	}
	steps := uint64(elapsed / c.step)
	c.last = c.last.Add(time.Duration(steps) * c.step)
	c.g.discard(min(steps, maxCatchUp))
}
