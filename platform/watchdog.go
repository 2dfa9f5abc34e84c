package platform

import (
	"context"
	"fmt"
	"os"
	"time"
)

// The board's hardware watchdog (Linux's watchdog API, /dev/watchdog): opening
// the device arms it, every write restarts its timer, and a board whose timer runs
// out (30 s on QEMU's i6300esb, up to 15 s on the Pi's bcm2835-wdt) is reset. The
// platform feeds it only while the machine answers: a Status() that does not
// return within the feed interval (a machine stuck on its lock, a hung write) is
// not fed, so a platform that is alive but stuck resets the board as one that died
// does. An orderly stop writes the magic 'V' before closing, which disarms the
// watchdog (drivers built with nowayout ignore it and keep counting: the next
// platform, started by init's respawn, feeds it again in time).

// Watchdog feeds a watchdog device.
type Watchdog struct {
	f     *os.File
	Every time.Duration // between feeds (default 5 s)
	// Answer is how long the machine may take to answer before a feed is
	// skipped (0: Every).
	Answer time.Duration
	Fed    int // feeds written
}

// OpenWatchdog opens (and so arms) the watchdog device at path.
func OpenWatchdog(path string) (*Watchdog, error) {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return nil, fmt.Errorf("platform: watchdog: %w", err)
	}
	return &Watchdog{f: f, Every: 5 * time.Second}, nil
}

// Run feeds the watchdog every w.Every while alive() returns within w.Answer,
// until ctx ends; then it disarms (the magic 'V') and closes the device. A write
// that fails ends Run with the error (the device is gone: the board cannot be
// guarded, which the caller logs).
func (w *Watchdog) Run(ctx context.Context, alive func()) error {
	defer w.f.Close()
	t := time.NewTicker(w.Every)
	defer t.Stop()
	for {
		limit := w.Answer
		if limit <= 0 {
			limit = w.Every
		}
		if answered(alive, limit) {
			if _, err := w.f.Write([]byte{'.'}); err != nil {
				return fmt.Errorf("platform: watchdog: feed: %w", err)
			}
			w.Fed++
		}
		select {
		case <-ctx.Done():
			if _, err := w.f.Write([]byte{'V'}); err != nil {
				return fmt.Errorf("platform: watchdog: disarm: %w", err)
			}
			return nil
		case <-t.C:
		}
	}
}

// answered calls alive and reports whether it returned within limit (a call that
// does not return is left behind: the machine it asks is stuck).
func answered(alive func(), limit time.Duration) bool {
	done := make(chan struct{})
	go func() { alive(); close(done) }()
	select {
	case <-done:
		return true
	case <-time.After(limit):
		return false
	}
}
