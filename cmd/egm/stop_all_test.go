package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"egm/meters"
)

// stopCase is one long command stopped by a signal (TestLongCommandsStop).
type stopCase struct {
	name string
	// args are the command's; setup, if not nil, makes them from a working
	// directory (and may start what the command needs).
	args  []string
	setup func(t *testing.T, dir string) []string
	env   []string
	// binary: the command writes a byte stream to stdout (counted, not read as
	// lines); the sign that it works is then its first bytes.
	binary bool
	// ready is the line that shows the command at work; file, if set, must also
	// exist (relative to the working directory) before the signal.
	ready *regexp.Regexp
	file  string
	// working, if not nil, waits for a further sign (after ready and file).
	working func(t *testing.T, p *platformChild)
	sig     syscall.Signal
	code    int    // the exit status
	words   string // in its output after the stop
	// state is the critical memory (relative to the working directory) that must
	// end with power_down ("": none held).
	state string
	after func(t *testing.T, dir string, out string)
}

// TestLongCommandsStop: every long command of egm stops on SIGINT or SIGTERM:
// it exits with the expected status and says where it stopped, nothing it
// started is left running (its process group is empty, and the processes it
// put in groups of their own are gone), and a command that holds a cabinet's
// critical memory leaves power_down. The time from the signal to the exit is
// logged (docs/performance.md); the test's only limit is a hang guard.
func TestLongCommandsStop(t *testing.T) {
	if testing.Short() {
		t.Skip("long commands skipped in -short mode")
	}
	noDisplay := []string{"DISPLAY=", "WAYLAND_DISPLAY=", "PATH=/usr/bin:/bin"}
	cases := []stopCase{
		{name: "sim", args: []string{"egm-lab", "sim", "--title", "gems-secrets", "--games", "1000000000"},
			ready: regexp.MustCompile(`^egm-lab sim: gems-secrets`), sig: syscall.SIGINT, code: 130,
			words: "egm-lab sim: stopped by SIGINT after"},
		{name: "lab rtp", args: []string{"egm-lab", "rtp", "--title", "gems-secrets", "--games", "1000000000"},
			ready: regexp.MustCompile(`^egm-lab rtp: 1 title`), sig: syscall.SIGTERM, code: 143,
			words: "egm-lab rtp: stopped by SIGTERM after 0 of 1 titles"},
		{name: "lab tables", args: []string{"egm-lab", "tables", "--game", "roulette", "--rounds", "1000000000"},
			ready: regexp.MustCompile(`^egm-lab tables: 1 game`), sig: syscall.SIGINT, code: 130,
			words: "egm-lab tables: stopped by SIGINT after 0 of 1 games"},
		{name: "lab jackpot-rtp", args: []string{"egm-lab", "jackpot-rtp", "--games", "1000000000", "--seed", "1"},
			ready: regexp.MustCompile(`^egm-lab jackpot-rtp: `), sig: syscall.SIGTERM, code: 143,
			words: "egm-lab jackpot-rtp: stopped by SIGTERM after"},
		{name: "lab rng", args: []string{"egm-lab", "rng", "--samples", "5000000", "--seed", "1"},
			ready: regexp.MustCompile(`^egm-lab rng: `), sig: syscall.SIGINT, code: 130,
			words: "egm-lab rng: stopped by SIGINT after"},
		{name: "lab rng-stream", args: []string{"egm-lab", "rng-stream", "--seed", "1"}, binary: true,
			sig: syscall.SIGTERM, code: 143, words: "egm-lab rng-stream: stopped by SIGTERM"},
		{name: "lab powerfail", sig: syscall.SIGTERM, code: 143,
			setup: func(t *testing.T, dir string) []string {
				return []string{"egm-lab", "powerfail", "--kills", "100000", "--state", dir + "/state", "--max-delay", "0s"}
			},
			ready: regexp.MustCompile(`^egm-lab powerfail: `), file: "state/critical-a.log",
			words: "egm-lab powerfail: stopped by SIGTERM after"},
		{name: "lab aft-powerfail", sig: syscall.SIGINT, code: 130,
			setup: func(t *testing.T, dir string) []string {
				return []string{"egm-lab", "aft-powerfail", "--kills", "100000", "--state", dir + "/state"}
			},
			ready: regexp.MustCompile(`^egm-lab aft-powerfail: `), file: "state/critical-a.log",
			words: "egm-lab aft-powerfail: stopped by SIGINT after"},
		{name: "lab wallet-faults", sig: syscall.SIGTERM, code: 143,
			setup: func(t *testing.T, dir string) []string {
				return []string{"egm-lab", "wallet-faults", "--kills", "100000", "--dir", dir + "/w"}
			},
			ready: regexp.MustCompile(`^egm-lab wallet-faults: `), file: "w/floor.db",
			words: "egm-lab wallet-faults: stopped by SIGTERM after"},
		{name: "lab jackpot-faults", sig: syscall.SIGINT, code: 130,
			setup: func(t *testing.T, dir string) []string {
				return []string{"egm-lab", "jackpot-faults", "--kills", "100000", "--machines", "2", "--state", dir + "/j"}
			},
			ready: regexp.MustCompile(`^egm-lab jackpot-faults: `), file: "j/floor.log",
			words: "egm-lab jackpot-faults: stopped by SIGINT after"},
		{name: "lab board-powerfail", sig: syscall.SIGTERM, code: 143, setup: fakeBoard,
			ready: regexp.MustCompile(`^egm-lab board-powerfail: `), file: "image/child.pid",
			words: "egm-lab board-powerfail: stopped by SIGTERM after 0 of 3 power cuts",
			after: func(t *testing.T, dir, _ string) { pidGone(t, filepath.Join(dir, "image", "child.pid")) }},
		{name: "lab all", sig: syscall.SIGTERM, code: 143,
			setup: func(t *testing.T, dir string) []string {
				return []string{"egm-lab", "all", "--out", dir + "/all", "--only", "4,8"}
			},
			ready: regexp.MustCompile(`^\[ 8/18\] power-loss`), file: "all/items/04.json",
			words: "egm-lab all: stopped by SIGTERM during item 8 (power-loss), left undecided; 1 decided item kept in",
			after: func(t *testing.T, dir, _ string) {
				if _, err := os.Stat(filepath.Join(dir, "all", "items", "08.json")); err == nil {
					t.Error("the item stopped midway was written as decided")
				}
			}},
		{name: "floor", sig: syscall.SIGTERM, code: 0, setup: floorWithMachine,
			ready: regexp.MustCompile(`machine 1  credits`)},
		{name: "run headless serve", sig: syscall.SIGINT, code: 0,
			setup: func(t *testing.T, dir string) []string {
				return []string{"run", "--headless", "--state", dir + "/state", "--autoplay", "3", "--seed", "1", "--serve", "--sas", "tcp:127.0.0.1:0"}
			},
			ready: regexp.MustCompile(`^autoplay: 3 games in`), state: "state"},
		{name: "run alone", sig: syscall.SIGINT, code: 0, env: noDisplay,
			setup: func(t *testing.T, dir string) []string { return []string{"run", "--state", dir + "/state"} },
			ready: reRunsAlone, state: "state"},
	}
	if _, err := exec.LookPath("xvfb-run"); err == nil {
		cases = append(cases,
			stopCase{name: "run with its screen", sig: syscall.SIGTERM, code: 0, env: noDisplay,
				setup: func(t *testing.T, dir string) []string {
					return []string{"run", "--state", dir + "/state", "--screen", screenBin(t)}
				},
				ready: reScreenConnected, state: "state",
				after: func(t *testing.T, _ string, out string) { linePidGone(t, out, reScreenStarted) }},
			stopCase{name: "demo", sig: syscall.SIGINT, code: 130,
				setup: func(t *testing.T, dir string) []string {
					return []string{"demo"}
				},
				env: []string{"DISPLAY=", "WAYLAND_DISPLAY="}, ready: regexp.MustCompile(`^egm demo: the screen runs`),
				working: func(t *testing.T, p *platformChild) { // the screen program itself is up
					pid, _ := strconv.Atoi(reDemoPid.FindStringSubmatch(p.output())[1])
					waitFor(t, p, "egm-screen in the demo's process group", func() bool {
						return slices.ContainsFunc(groupLeft(pid, 0), func(s string) bool { return strings.HasSuffix(s, "(egm-screen)") })
					})
				},
				words: "egm demo: stopped by SIGINT",
				after: func(t *testing.T, _ string, out string) {
					linePidGone(t, out, reDemoPid)
				}})
	} else {
		t.Log("no xvfb-run: egm run with its screen and egm demo not tried")
	}
	var times []time.Duration
	for _, tc := range cases {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			dir := t.TempDir()
			args := tc.args
			if tc.setup != nil {
				args = tc.setup(t, dir)
			}
			if tc.name == "demo" {
				bin := screenBin(t) // egm demo finds egm-screen on PATH
				tc.env = append(tc.env, "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"))
			}
			cmd := testChild(args)
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // its own group: what it starts stays in it
			var bytes countWriter
			var stdout io.Writer // nil: lines, with stderr
			if tc.binary {
				stdout = &bytes
			}
			p := startChild(t, cmd, nil, tc.env, stdout)
			if tc.ready != nil {
				p.waitFor(tc.ready, 1)
			}
			if tc.file != "" {
				waitFor(t, p, tc.file, func() bool { _, err := os.Stat(filepath.Join(dir, tc.file)); return err == nil })
			}
			if tc.working != nil {
				tc.working(t, p)
			}
			if tc.binary {
				waitFor(t, p, "bytes on stdout", func() bool { return bytes.n.Load() > 0 })
			}
			pgid := cmd.Process.Pid
			start := time.Now()
			cmd.Process.Signal(tc.sig)
			var err error
			select {
			case err = <-p.done:
			case <-time.After(time.Minute):
				t.Fatalf("still running a minute after %s:\n%s", tc.sig, p.output())
			}
			d := time.Since(start)
			times = append(times, d)
			t.Logf("%s: %s stopped it in %s", tc.name, tc.sig, d.Round(time.Millisecond))
			out := p.output()
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatalf("exit: %v\n%s", err, out)
			}
			if code != tc.code {
				t.Errorf("exit status %d, want %d (%v)\n%s", code, tc.code, err, out)
			}
			if !strings.Contains(out, tc.words) {
				t.Errorf("output lacks %q:\n%s", tc.words, out)
			}
			if left := groupLeft(pgid, 5*time.Second); len(left) > 0 {
				t.Errorf("left running in its process group: %s\n%s", strings.Join(left, ", "), out)
			}
			if tc.state != "" {
				if k := lastEvent(t, filepath.Join(dir, tc.state)); k != meters.EvPowerDown {
					t.Errorf("last event %s, want power_down\n%s", k, out)
				}
			}
			if tc.after != nil {
				tc.after(t, dir, out)
			}
		})
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	if len(times) > 0 {
		t.Logf("stop times over %d commands: median %s, longest %s", len(times), times[len(times)/2].Round(time.Millisecond), times[len(times)-1].Round(time.Millisecond))
	}
}

var reDemoPid = regexp.MustCompile(`egm demo: the screen runs \(pid (\d+)\)`)

// countWriter counts and discards what is written.
type countWriter struct{ n atomic.Int64 }

func (c *countWriter) Write(b []byte) (int, error) { c.n.Add(int64(len(b))); return len(b), nil }

// waitFor polls cond until it holds; the limit only ends a test that hangs.
func waitFor(t *testing.T, p *platformChild, what string, cond func() bool) {
	t.Helper()
	for limit := time.Now().Add(3 * time.Minute); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(limit) {
			t.Fatalf("no %s; output:\n%s", what, p.output())
		}
	}
}

// groupLeft is the processes of group pgid still running (zombies aside) once
// they had up to grace to end: "pid (name)".
func groupLeft(pgid int, grace time.Duration) []string {
	var left []string
	for limit := time.Now().Add(grace); ; time.Sleep(50 * time.Millisecond) {
		left = left[:0]
		ents, _ := os.ReadDir("/proc")
		for _, e := range ents {
			pid, err := strconv.Atoi(e.Name())
			if err != nil {
				continue
			}
			b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
			if err != nil {
				continue
			}
			s := string(b)
			i := strings.LastIndexByte(s, ')')
			if i < 0 {
				continue
			}
			f := strings.Fields(s[i+1:]) // state ppid pgrp …
			if len(f) < 3 || f[0] == "Z" || f[2] != strconv.Itoa(pgid) {
				continue
			}
			left = append(left, fmt.Sprintf("%d %s", pid, s[strings.IndexByte(s, '('):i+1]))
		}
		if len(left) == 0 || time.Now().After(limit) {
			return left
		}
	}
}

// pidGone checks that the process whose pid is in file, and its group, ended.
func pidGone(t *testing.T, file string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	processGone(t, pid)
}

// linePidGone checks that the process whose pid the line matching re names (its
// first submatch), and its group, ended.
func linePidGone(t *testing.T, out string, re *regexp.Regexp) {
	t.Helper()
	m := re.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no line %q:\n%s", re, out)
	}
	pid, _ := strconv.Atoi(m[1])
	processGone(t, pid)
}

func processGone(t *testing.T, pid int) {
	t.Helper()
	if left := groupLeft(pid, 5*time.Second); len(left) > 0 {
		t.Errorf("process group %d left running: %s", pid, strings.Join(left, ", "))
	}
}

// fakeBoard is board-powerfail's arguments for a board that never answers: its
// boot script starts a child (whose pid it writes to image/child.pid) and waits.
func fakeBoard(t *testing.T, dir string) []string {
	img := filepath.Join(dir, "image")
	if err := os.MkdirAll(img, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(img, "data-empty.img"), make([]byte, 4096), 0o644); err != nil {
		t.Fatal(err)
	}
	boot := filepath.Join(dir, "boot.sh")
	script := "#!/bin/sh\nsleep 600 &\necho $! > \"$OUT/child.pid\"\nwait\n"
	if err := os.WriteFile(boot, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return []string{"egm-lab", "board-powerfail", "--cuts", "3", "--image", img, "--boot", boot, "--dir", filepath.Join(dir, "work")}
}

// floorWithMachine starts a headless machine serving SAS (stopped with the test)
// and is egm-floor's arguments to poll it.
func floorWithMachine(t *testing.T, dir string) []string {
	m := startPlatform(t, nil, "--headless", "--state", filepath.Join(dir, "m"), "--autoplay", "2", "--seed", "1", "--serve", "--sas", "tcp:127.0.0.1:0")
	addr := m.waitFor(reSASListening, 1)[1]
	t.Cleanup(func() { m.cmd.Process.Signal(syscall.SIGTERM); <-m.done })
	return []string{"egm-floor", "run", "--connect", "tcp:" + addr, "--db", filepath.Join(dir, "floor.db"), "--interval", "100ms"}
}
