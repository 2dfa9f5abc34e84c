package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	screenOnce sync.Once
	screenPath string
	screenErr  error
)

// screenBin is the screen program, built once for this test binary (the platform
// starts it as `egm run --screen PATH`).
func screenBin(t *testing.T) string {
	t.Helper()
	screenOnce.Do(func() {
		dir, err := os.MkdirTemp("", "egm-screen-bin")
		if err != nil {
			screenErr = err
			return
		}
		screenPath = filepath.Join(dir, "egm-screen")
		out, err := exec.Command("go", "build", "-o", screenPath, "egm/cmd/egm-screen").CombinedOutput()
		if err != nil {
			screenErr = fmt.Errorf("go build egm/cmd/egm-screen: %v\n%s", err, out)
		}
	})
	if screenErr != nil {
		t.Fatal(screenErr)
	}
	return screenPath
}

// platformChild is `egm run` in a child process (this test binary as egm), its
// output read line by line.
type platformChild struct {
	t   *testing.T
	cmd *exec.Cmd

	mu    sync.Mutex
	lines []string
	more  chan struct{}
	done  chan error
}

func startPlatform(t *testing.T, env []string, args ...string) *platformChild {
	t.Helper()
	return startPlatformIn(t, nil, env, args...)
}

// startPlatformIn is startPlatform with the child's standard input (nil: none).
func startPlatformIn(t *testing.T, stdin io.Reader, env []string, args ...string) *platformChild {
	t.Helper()
	return startChild(t, testChild(append([]string{"run"}, args...)), stdin, env, nil)
}

// startChild starts cmd (this test binary as egm) with its standard input (nil:
// none) and env added, its output read line by line; stdout, if not nil, takes
// the standard output instead (a binary stream).
func startChild(t *testing.T, cmd *exec.Cmd, stdin io.Reader, env []string, stdout io.Writer) *platformChild {
	t.Helper()
	p := &platformChild{t: t, cmd: cmd, more: make(chan struct{}, 1), done: make(chan error, 1)}
	p.cmd.Env = append(p.cmd.Env, env...)
	p.cmd.Stdin = stdin
	r, w := io.Pipe()
	p.cmd.Stdout, p.cmd.Stderr = w, w
	if stdout != nil {
		p.cmd.Stdout = stdout
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			p.mu.Lock()
			p.lines = append(p.lines, sc.Text())
			p.mu.Unlock()
			select {
			case p.more <- struct{}{}:
			default:
			}
		}
	}()
	go func() {
		err := p.cmd.Wait()
		w.Close()
		p.done <- err
	}()
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			p.cmd.Process.Kill()
			<-p.done
		}
	})
	return p
}

// output is everything the platform (and its screen) wrote so far.
func (p *platformChild) output() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return strings.Join(p.lines, "\n")
}

// count is the number of lines matching re.
func (p *platformChild) count(re *regexp.Regexp) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for _, l := range p.lines {
		if re.MatchString(l) {
			n++
		}
	}
	return n
}

// waitFor waits until the n-th line matching re and returns its submatches. The
// limit only ends a test that hangs: it is far above what a loaded machine needs.
func (p *platformChild) waitFor(re *regexp.Regexp, n int) []string {
	p.t.Helper()
	limit := time.After(3 * time.Minute)
	for {
		p.mu.Lock()
		seen := 0
		for _, l := range p.lines {
			if m := re.FindStringSubmatch(l); m != nil {
				if seen++; seen == n {
					p.mu.Unlock()
					return m
				}
			}
		}
		p.mu.Unlock()
		select {
		case <-p.more:
		case <-time.After(100 * time.Millisecond):
		case <-limit:
			p.t.Fatalf("no line %d matching %q; output:\n%s", n, re, p.output())
		}
	}
}

// alive reports whether process pid exists.
func alive(pid int) bool {
	_, err := os.Stat(fmt.Sprintf("/proc/%d", pid))
	return err == nil
}

var (
	reScreenStarted   = regexp.MustCompile(`platform: screen started \(pid (\d+), start (\d+)\)`)
	reScreenConnected = regexp.MustCompile(`platform: screen connected: (\w+), game (\d+) at step (\d+)`)
	reFirstStep       = regexp.MustCompile(`platform: the screen showed step (\d+) first \((.*)\)`)
	reSASListening    = regexp.MustCompile(`sas: listening on tcp:(\S+) address`)
)

var (
	reRunsAlone  = regexp.MustCompile(`egm run: .*: the platform runs alone`)
	reScreenDied = regexp.MustCompile(`platform: the screen died after`)
)
