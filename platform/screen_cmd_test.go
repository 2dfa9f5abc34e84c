package platform

import (
	"errors"
	"os"
	"path/filepath"
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
	if _, err := ScreenCommand(plain, nil, nil, nil); !errors.Is(err, ErrNoScreen) {
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
	xvfb := filepath.Join(dir, "xvfb-run")
	os.WriteFile(xvfb, []byte("#!/bin/sh\n"), 0o755)
	if name, args, err := OnDisplay(bin, []string{"--dev"}); err != nil || name != xvfb || args[len(args)-2] != bin || args[len(args)-1] != "--dev" {
		t.Errorf("no display: %s %v %v", name, args, err)
	}
}
