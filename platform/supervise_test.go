package platform

import (
	"context"
	"errors"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// A screen that dies is started again; what it left in its process group (here a
// sleep, as xvfb-run leaves its X server) dies with it; a screen that ends with
// status 0 ends the supervision.
func TestSupervisorRestartsAndCleansUp(t *testing.T) {
	dir := t.TempDir()
	var starts atomic.Int32
	s := &Supervisor{
		Command: func() *exec.Cmd {
			n := starts.Load() + 1
			// The first two starts leave a child behind and die; the third ends well.
			script := "sleep 300 & echo $! > " + filepath.Join(dir, "child"+strconv.Itoa(int(n))) + "; exit 3"
			if n == 3 {
				script = "exit 0"
			}
			return exec.Command("sh", "-c", script)
		},
		Log:        log.New(io.Discard, "", 0),
		MinBackoff: 10 * time.Millisecond, MaxBackoff: 20 * time.Millisecond,
		Started: func(int) { starts.Add(1) },
	}
	err := s.Run(context.Background())
	if !errors.Is(err, ErrScreenDone) || starts.Load() != 3 {
		t.Fatalf("run: %v after %d starts", err, starts.Load())
	}
	for _, n := range []string{"child1", "child2"} {
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
		if running(pid) {
			t.Errorf("%s (pid %d) outlived its screen", n, pid)
		}
	}
}

// Stopping: SIGTERM to the group, SIGKILL after the grace to a screen that ignores
// it; Run returns nil.
func TestSupervisorStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s := &Supervisor{
		Command: func() *exec.Cmd { return exec.Command("sh", "-c", "trap '' TERM; sleep 300 & wait") },
		Log:     log.New(io.Discard, "", 0),
		Grace:   50 * time.Millisecond,
		Started: func(int) { cancel() },
	}
	if err := s.Run(ctx); err != nil {
		t.Fatalf("stop: %v", err)
	}
}

// running reports whether pid is a live process (not gone, not a zombie waiting
// for a parent to reap it).
func running(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	return len(f) > 0 && f[0] != "Z" && f[0] != "X"
}
