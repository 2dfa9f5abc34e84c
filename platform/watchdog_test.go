package platform

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
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
	// feeds every 10 ms; a machine has a second to answer (so that a busy test
	// machine's scheduling never looks like a stuck one)
	w.Every, w.Answer = 10*time.Millisecond, time.Second
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
	deadline := time.Now().Add(time.Minute)
	for calls.Load() < 4 && time.Now().Before(deadline) { // wait for the stuck call
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond)
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
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
