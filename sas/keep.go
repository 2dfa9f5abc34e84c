package sas

import (
	"context"
	"time"
)

// Backoff is the wait before serving a line again: Min after the first end,
// doubled after each attempt that failed again, at most Max.
type Backoff struct{ Min, Max time.Duration }

// KeepServing keeps the floor link up until ctx ends. serve opens the line (a
// serial device, a pseudo-terminal, a TCP listener) and serves it — Serve or
// ServeListener — until it fails or closes. Each end while ctx is live is logged
// with its error, and serve runs again after the back-off, each attempt logged;
// the wait starts again from b.Min once a line served a valid poll. A machine
// whose line failed is thus never silently off the floor: it is reopened, and
// the log says so. KeepServing returns when ctx ends, having logged it.
func (l *Link) KeepServing(ctx context.Context, name string, serve func(context.Context) error, b Backoff, logf func(format string, args ...any)) {
	if b.Min <= 0 {
		b.Min = time.Second
	}
	b.Max = max(b.Max, b.Min)
	wait := b.Min
	for attempt := 1; ; attempt++ {
		before := l.Stats().Polls
		err := serve(ctx)
		if ctx.Err() != nil {
			logf("sas: %s: stopped (%v)", name, ctx.Err())
			return
		}
		if l.Stats().Polls != before {
			wait = b.Min // the line worked: a new fault starts the back-off again
		}
		if err == nil {
			logf("sas: %s: the line closed; serving it again in %s (attempt %d)", name, wait, attempt+1)
		} else {
			logf("sas: %s: %v; serving it again in %s (attempt %d)", name, err, wait, attempt+1)
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			logf("sas: %s: stopped (%v)", name, ctx.Err())
			return
		case <-t.C:
		}
		wait = min(2*wait, b.Max)
	}
}
