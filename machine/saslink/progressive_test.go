package saslink

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"egm/sas"
)

func TestLevelsAndNoProgressiveException(t *testing.T) {
	m := openMachine(t, t.TempDir())
	defer m.Close()
	b, err := New(m, "S", func() ([]byte, error) { return nil, nil })
	if err != nil {
		t.Fatal(err)
	}
	if b.Levels().OK {
		t.Fatal("levels available before any broadcast")
	}
	b.Progressive(ProgressiveGroup, LevelGrand, 512_345)
	b.Progressive(ProgressiveGroup, LevelMajor, 41_000)
	b.Progressive(ProgressiveGroup, LevelMystery, 901_234)
	if l := b.Levels(); !l.OK || l.Grand != 512_345 || l.Major != 41_000 || l.Mystery != 901_234 {
		t.Fatalf("levels %+v", l)
	}
	// The silence, on a synctest bubble's clock (it moves only while every
	// goroutine of the test waits): the last broadcast was NoDataAfter ago, and
	// the supervisor checks every 5 ms for 50 ms.
	synctest.Test(t, func(t *testing.T) {
		b.mu.Lock()
		b.lastBroadcast = time.Now().Add(-NoDataAfter)
		b.mu.Unlock()
		if b.Levels().OK {
			t.Fatal("stale levels still shown")
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { b.Supervise(ctx, 5*time.Millisecond); close(done) }()
		time.Sleep(6 * time.Millisecond)
		synctest.Wait()
		if !b.queued(sas.ExNoProgressive) {
			t.Fatal("no exception 53 after the broadcasts stopped")
		}
		time.Sleep(50 * time.Millisecond) // ten more checks
		synctest.Wait()
		cancel()
		<-done
		if n := b.count(sas.ExNoProgressive); n != 1 {
			t.Fatalf("exception 53 raised %d times for one silence", n)
		}
	})
	// A new broadcast ends the silence; a later one raises it again.
	b.Progressive(ProgressiveGroup, LevelGrand, 512_400)
	if !b.Levels().OK {
		t.Fatal("levels not back after a broadcast")
	}
}

func (b *Bridge) queued(code byte) bool { return b.count(code) > 0 }

func (b *Bridge) count(code byte) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	raw, _ := b.queue.MarshalBinary()
	n := 0
	for _, c := range raw {
		if c == code {
			n++
		}
	}
	return n
}
