package cabinet

import "time"

// debouncer keeps one input's level: a change counts once it has held for the
// input's debounce with no contrary event, measured on the kernel's event
// timestamps (so a burst of contacts read in one batch debounces the same on a
// busy machine as on an idle one).
type debouncer struct {
	window  time.Duration
	stable  bool      // the level that counts
	pending bool      // a change waits
	since   time.Time // when the pending level began
}

// feed takes the input's level at t; it returns true (and the level) when the
// change counts at once (no debounce).
func (d *debouncer) feed(level bool, t time.Time) (changed bool) {
	switch {
	case level == d.stable:
		d.pending = false // a bounce back within the window: nothing happened
	case d.window == 0:
		d.stable, d.pending = level, false
		return true
	case !d.pending:
		d.pending, d.since = true, t
	}
	return false
}

// due says whether the pending change has held until now; it then counts.
func (d *debouncer) due(now time.Time) (changed bool) {
	if !d.pending || now.Sub(d.since) < d.window {
		return false
	}
	d.stable, d.pending = !d.stable, false
	return true
}

// deadline is when the pending change counts (ok false: none waits).
func (d *debouncer) deadline() (time.Time, bool) {
	return d.since.Add(d.window), d.pending
}
