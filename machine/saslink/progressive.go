package saslink

import (
	"context"
	"time"

	"egm/sas"
)

// The floor's jackpot controller broadcasts the linked levels with long polls 80/86
// in progressive group 1: level 1 is the Grand, level 2 the Major, level 3 the
// mystery jackpot.
const (
	ProgressiveGroup = 1
	LevelGrand       = 1
	LevelMajor       = 2
	LevelMystery     = 3
	// NoDataAfter is how long without a broadcast makes the levels unavailable and
	// raises exception 53.
	NoDataAfter = 5 * time.Second
)

// Levels are the linked jackpot amounts as last broadcast, in cents; OK is false
// when none arrived for NoDataAfter (the screen shows the levels as unavailable).
type Levels struct {
	Grand, Major, Mystery int64
	OK                    bool
}

// Levels returns the current linked levels.
func (b *Bridge) Levels() Levels {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.lastBroadcast.IsZero() || time.Since(b.lastBroadcast) >= NoDataAfter {
		return Levels{}
	}
	get := func(l byte) int64 { return int64(b.progress[[2]byte{ProgressiveGroup, l}]) }
	return Levels{Grand: get(LevelGrand), Major: get(LevelMajor), Mystery: get(LevelMystery), OK: true}
}

// Supervise raises exception 53 (no progressive data) each time broadcasts that
// were arriving stop for NoDataAfter, and raises 51 again every HandpayReissue
// while a handpay the host has not read waits (handpay.go), until ctx ends.
func (b *Bridge) Supervise(ctx context.Context, tick time.Duration) {
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		b.mu.Lock()
		stale := !b.lastBroadcast.IsZero() && time.Since(b.lastBroadcast) >= NoDataAfter && !b.staleRaised
		if stale {
			b.staleRaised = true
			b.queue.Push(sas.ExNoProgressive)
		}
		b.mu.Unlock()
		reissue := b.handpayTick(time.Now())
		if stale || reissue {
			_ = b.store()
		}
	}
}
