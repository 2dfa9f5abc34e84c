package platform

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// TestWatchdogFeedsWhileAlive: a machine that answers is fed; one stuck on its
// lock is not; an orderly stop writes the magic 'V' last.
func TestWatchdogFeedsWhileAlive(t *testing.T) {
	path := filepath.Join(t.TempDir(), "watchdog") // a file stands in for the device
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	w, err := OpenWatchdog(path)
	if err != nil {
		t.Fatal(err)
	}
	// feeds every 10 ms; a machine has a second to answer. On a synctest
	// bubble's clock (it moves only while every goroutine waits): three answers,
	// then a machine stuck for longer than its second.
	w.Every, w.Answer = 10*time.Millisecond, time.Second
	synctest.Test(t, func(t *testing.T) {
		stuck := make(chan struct{})
		defer close(stuck)
		var calls atomic.Int32
		alive := func() {
			if calls.Add(1) > 3 { // from the fourth call on, the machine is stuck
				<-stuck
			}
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- w.Run(ctx, alive) }()
		time.Sleep(500 * time.Millisecond) // the fourth call made, stuck, within its second
		synctest.Wait()
		if n := calls.Load(); n != 4 {
			t.Fatalf("%d calls of alive, want 4: three answered, the fourth stuck", n)
		}
		cancel()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	})
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(b); got != "...V" || w.Fed != 3 {
		t.Fatalf("wrote %q (%d feeds): want three feeds while the machine answered, none after, then V", got, w.Fed)
	}
}

func TestWatchdogMissingDevice(t *testing.T) {
	_, err := OpenWatchdog(filepath.Join(t.TempDir(), "none"))
	if err == nil || !strings.HasPrefix(err.Error(), "platform: watchdog:") {
		t.Fatalf("%v", err)
	}
}
