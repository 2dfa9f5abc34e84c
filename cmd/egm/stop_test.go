package main

import (
	"io"
	"os"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"egm/meters"
)

var (
	reAutoplayStart   = regexp.MustCompile(`^autoplay: playing \d+ games`)
	reAutoplayStopped = regexp.MustCompile(`^autoplay: stopped by a signal after (\d+) games`)
	reRAMError        = regexp.MustCompile(`^RAM ERROR: `)
)

// stopChild signals p and waits for its exit; the limit only catches a hang
// (the time it took is logged: docs/performance.md).
func stopChild(t *testing.T, p *platformChild, sig syscall.Signal) time.Duration {
	t.Helper()
	start := time.Now()
	p.cmd.Process.Signal(sig)
	select {
	case err := <-p.done:
		if err != nil {
			t.Fatalf("exit: %v\n%s", err, p.output())
		}
	case <-time.After(time.Minute):
		t.Fatalf("still running a minute after %s:\n%s", sig, p.output())
	}
	d := time.Since(start)
	t.Logf("%s: stopped in %s", sig, d.Round(time.Millisecond))
	return d
}

// TestHeadlessAutoplayStops: SIGINT or SIGTERM during `egm run --headless
// --autoplay 1000000` stops the player at a committed step, long before the
// games are played: a power_down event last, and a machine that opens again
// with its meters intact.
func TestHeadlessAutoplayStops(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			p := startPlatform(t, nil, "--headless", "--state", dir, "--autoplay", "1000000", "--seed", "5")
			p.waitFor(reAutoplayStart, 1)
			stopChild(t, p, sig)
			var m []string
			for _, l := range strings.Split(p.output(), "\n") {
				if s := reAutoplayStopped.FindStringSubmatch(l); s != nil {
					m = s
				}
			}
			if len(m) != 2 || m[1] == "1000000" {
				t.Fatalf("no stop before the games were played:\n%s", p.output())
			}
			if k := lastEvent(t, dir); k != meters.EvPowerDown {
				t.Errorf("last event %s, want power_down", k)
			}
			if strings.Contains(p.output(), "power_down not written") {
				t.Errorf("power_down not written:\n%s", p.output())
			}
		})
	}
}

// TestHeadlessLinesStop: the headless machine reading JSON lines stops on
// SIGTERM with its input still open, leaving power_down.
func TestHeadlessLinesStop(t *testing.T) {
	dir := t.TempDir()
	r, w, err := os.Pipe() // a file, so that the child's exit does not wait for a copy
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	defer r.Close()
	p := startPlatformIn(t, r, nil, "--headless", "--state", dir, "--seed", "2")
	go io.WriteString(w, `{"kind":"deposit","wallet":"w","cents":500}`+"\n")
	p.waitFor(regexp.MustCompile(`^\{`), 1)
	stopChild(t, p, syscall.SIGTERM)
	if k := lastEvent(t, dir); k != meters.EvPowerDown {
		t.Errorf("last event %s, want power_down", k)
	}
}

// TestRunRAMErrorOnConsole: a played cabinet whose two copies are deleted,
// emptied or rolled back powers on in RAM ERROR: `egm run` says RAM ERROR and
// what is missing, never that the checks passed, and at the stop that no
// power_down was written; the copies are not replaced by new memory.
func TestRunRAMErrorOnConsole(t *testing.T) {
	cases := []struct {
		name   string
		damage func(t *testing.T, dir string, early [2][]byte)
		words  string
	}{
		{"deleted", func(t *testing.T, dir string, _ [2][]byte) {
			for _, p := range meters.CopyPaths(dir) {
				os.Remove(p)
			}
		}, "both copies of critical memory are missing"},
		{"emptied", func(t *testing.T, dir string, _ [2][]byte) {
			for _, p := range meters.CopyPaths(dir) {
				os.WriteFile(p, nil, 0o600)
			}
		}, "no readable snapshot"},
		{"rolled back", func(t *testing.T, dir string, early [2][]byte) {
			for i, p := range meters.CopyPaths(dir) {
				os.WriteFile(p, early[i], 0o600)
			}
		}, "rolled back"},
		{"deleted with the witness", func(t *testing.T, dir string, _ [2][]byte) {
			for _, p := range append(meters.CopyPaths(dir), dir+"/witness") {
				os.Remove(p)
			}
		}, "the boot record"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if _, errs, code := runEGM(t, "run", "--headless", "--state", dir, "--autoplay", "3", "--seed", "1", "--quiet"); code != 0 {
				t.Fatalf("autoplay: %d %s", code, errs)
			}
			var early [2][]byte
			for i, p := range meters.CopyPaths(dir) {
				early[i], _ = os.ReadFile(p)
			}
			if _, errs, code := runEGM(t, "run", "--headless", "--state", dir, "--autoplay", "20", "--seed", "1", "--quiet"); code != 0 {
				t.Fatalf("autoplay: %d %s", code, errs)
			}
			tc.damage(t, dir, early)
			p := startPlatform(t, []string{"DISPLAY=", "WAYLAND_DISPLAY=", "PATH=/usr/bin:/bin"}, "--state", dir)
			p.waitFor(reRAMError, 1)
			p.waitFor(reRunsAlone, 1)
			stopChild(t, p, syscall.SIGTERM)
			out := p.output()
			if !strings.Contains(out, tc.words) || strings.Contains(out, "The power-on checks passed") ||
				strings.Contains(out, "power_down written") || !strings.Contains(out, "power_down not written") {
				t.Fatalf("console:\n%s", out)
			}
			if _, err := meters.Open(dir, meters.Options{ReadOnly: true}); err == nil && tc.name != "emptied" && tc.name != "rolled back" {
				t.Fatal("new critical memory was made")
			}
		})
	}
}

// TestRunFirstPowerOnStartsClean: a first power-on starts on new memory and says
// the checks passed; the next power-on opens the same memory.
func TestRunFirstPowerOnStartsClean(t *testing.T) {
	dir := t.TempDir()
	p := startPlatform(t, []string{"DISPLAY=", "WAYLAND_DISPLAY=", "PATH=/usr/bin:/bin"}, "--state", dir)
	p.waitFor(reRunsAlone, 1)
	stopChild(t, p, syscall.SIGTERM)
	if out := p.output(); !strings.Contains(out, "The power-on checks passed") || reRAMError.MatchString(out) || !strings.Contains(out, "power_down written") {
		t.Fatalf("console:\n%s", out)
	}
	// A second power-on of the same cabinet opens the same memory.
	p = startPlatform(t, []string{"DISPLAY=", "WAYLAND_DISPLAY=", "PATH=/usr/bin:/bin"}, "--state", dir)
	p.waitFor(reRunsAlone, 1)
	stopChild(t, p, syscall.SIGTERM)
	if out := p.output(); !strings.Contains(out, "The power-on checks passed") {
		t.Fatalf("second power-on:\n%s", out)
	}
}

// TestWitnessPathConfigured: the configuration's witness_path gets the witness
// record, and a rollback with the state directory's own witness deleted is still
// a RAM ERROR.
func TestWitnessPathConfigured(t *testing.T) {
	dir := t.TempDir()
	state, witness := dir+"/state", dir+"/other/witness"
	cfg := dir + "/egm.json"
	if err := os.WriteFile(cfg, []byte(`{"state_dir": "`+state+`", "witness_path": "`+witness+`"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, errs, code := runEGM(t, "run", "--headless", "--config", cfg, "--autoplay", "2", "--seed", "1", "--quiet"); code != 0 {
		t.Fatalf("autoplay: %d %s", code, errs)
	}
	var early [2][]byte
	for i, p := range meters.CopyPaths(state) {
		early[i], _ = os.ReadFile(p)
	}
	if _, errs, code := runEGM(t, "run", "--headless", "--config", cfg, "--autoplay", "5", "--seed", "1", "--quiet"); code != 0 {
		t.Fatalf("autoplay: %d %s", code, errs)
	}
	if b, err := os.ReadFile(witness); err != nil || len(b) != 48 {
		t.Fatalf("witness_path: %d bytes, %v", len(b), err)
	}
	for i, p := range meters.CopyPaths(state) {
		os.WriteFile(p, early[i], 0o600)
	}
	os.Remove(state + "/witness")
	os.Remove(state + "/boot.log")
	out, _, _ := runEGM(t, "run", "--headless", "--config", cfg, "--autoplay", "1", "--seed", "1", "--quiet")
	if !strings.Contains(out, "RAM ERROR: ") || !strings.Contains(out, witness) {
		t.Fatalf("rolled back with only witness_path left:\n%s", out)
	}
}
