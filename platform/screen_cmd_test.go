package platform

import (
	"context"
	"errors"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestParseBackoff(t *testing.T) {
	for _, c := range []struct {
		in     string
		lo, hi time.Duration
		ok     bool
	}{
		{"0.5s:30s", 500 * time.Millisecond, 30 * time.Second, true},
		{"1s:1s", time.Second, time.Second, true},
		{"2s:1s", 0, 0, false},
		{"0s:1s", 0, 0, false},
		{"1s", 0, 0, false},
		{"fast:slow", 0, 0, false},
	} {
		lo, hi, err := ParseBackoff(c.in)
		if (err == nil) != c.ok || lo != c.lo || hi != c.hi {
			t.Errorf("%q: %v %v %v", c.in, lo, hi, err)
		}
	}
}

// The screen program: a given path must be executable; without a display the
// command runs under xvfb-run, or there is no screen.
func TestScreenCommand(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "not-a-program")
	os.WriteFile(plain, []byte("x"), 0o644)
	if _, _, err := ScreenCommand(plain, nil, nil, nil); !errors.Is(err, ErrNoScreen) {
		t.Errorf("a file that is not executable: %v", err)
	}
	bin := filepath.Join(dir, "egm-screen")
	os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755)
	t.Setenv("DISPLAY", ":7")
	t.Setenv("WAYLAND_DISPLAY", "")
	if name, args, err := OnDisplay(bin, []string{"--dev"}); err != nil || name != bin || len(args) != 1 {
		t.Errorf("with a display: %s %v %v", name, args, err)
	}
	t.Setenv("DISPLAY", "")
	t.Setenv("PATH", dir) // no xvfb-run here
	if _, _, err := OnDisplay(bin, nil); !errors.Is(err, ErrNoScreen) {
		t.Errorf("no display and no xvfb-run: %v", err)
	}
	t.Setenv(NoDisplayEnv, "1") // the test image's headless screen: as it is, with no display
	if name, args, err := OnDisplay(bin, []string{"--dev"}); err != nil || name != bin || len(args) != 1 {
		t.Errorf("a screen that needs no display: %s %v %v", name, args, err)
	}
	t.Setenv(NoDisplayEnv, "")
	xvfb := filepath.Join(dir, "xvfb-run")
	os.WriteFile(xvfb, []byte("#!/bin/sh\n"), 0o755)
	if name, args, err := OnDisplay(bin, []string{"--dev"}); err != nil || name != xvfb || args[len(args)-2] != bin || args[len(args)-1] != "--dev" {
		t.Errorf("no display: %s %v %v", name, args, err)
	}
}

// A screen under xvfb-run stopped by the Supervisor (SIGTERM to its group, which
// xvfb-run's own clean-up never sees) leaves no directory behind: the X authority
// is in the platform's private directory, which cleanup removes.
func TestScreenUnderXvfbLeavesNoDirectory(t *testing.T) {
	for _, p := range []string{"xvfb-run", "Xvfb", "xauth"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("no %s", p)
		}
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp) // where xvfb-run's mktemp and the platform's directory go
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	ready := filepath.Join(t.TempDir(), "ready")
	screen := filepath.Join(t.TempDir(), "screen")
	// the stand-in screen says it runs on the display, then waits to be stopped
	os.WriteFile(screen, []byte("#!/bin/sh\necho \"$DISPLAY $XAUTHORITY\" > "+ready+"\nexec sleep 300\n"), 0o755)
	cmd, cleanup, err := ScreenCommand(screen, nil, io.Discard, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() {
		done <- (&Supervisor{Command: cmd, Log: log.New(io.Discard, "", 0)}).Run(ctx)
	}()
	deadline := time.After(2 * time.Minute) // a budget for an absent event, not a timing
	for {
		if b, err := os.ReadFile(ready); err == nil && strings.Contains(string(b), XauthorityFile) {
			if !strings.HasPrefix(strings.Fields(string(b))[1], tmp) {
				t.Errorf("the screen's XAUTHORITY %q is not in the platform's directory", b)
			}
			break
		}
		select {
		case err := <-done:
			t.Fatalf("the screen ended before it ran on the display: %v", err)
		case <-deadline:
			t.Fatal("the stand-in screen never ran on xvfb-run's display in 2 minutes")
		case <-time.After(20 * time.Millisecond):
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	cleanup()
	left, _ := filepath.Glob(filepath.Join(tmp, "*"))
	if len(left) > 0 {
		t.Fatalf("left behind after the stop: %v", left)
	}
}
