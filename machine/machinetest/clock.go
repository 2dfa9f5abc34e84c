package machinetest

import (
	"sync"
	"time"
)

// Start is where a NewClock starts: a fixed instant, so that tests never read
// the time of day.
var Start = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

// Clock is a clock tests move by hand (machine.Clock); it is safe for concurrent
// use.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock is a clock at Start.
func NewClock() *Clock { return ClockAt(Start) }

// ClockAt is a clock at t.
func ClockAt(t time.Time) *Clock { return &Clock{now: t} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Add moves the clock by d (backwards when d is negative).
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}
