package platform

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os/exec"
	"syscall"
	"time"
)

// Supervisor runs the screen process: starts it, restarts it after it dies, and
// stops it in order when its context ends.
type Supervisor struct {
	// Command makes the screen's command afresh for each start.
	Command func() *exec.Cmd
	Log     *log.Logger // nil: the standard logger
	// MinBackoff, MaxBackoff: the wait before a restart starts at MinBackoff,
	// doubles with each death up to MaxBackoff, and is MinBackoff again after
	// the screen lived StableAfter. Zero values: 0.5 s, 30 s, 1 min.
	MinBackoff, MaxBackoff, StableAfter time.Duration
	// Grace is how long a stop waits after SIGTERM before SIGKILL (0: 1 s).
	Grace time.Duration
	// Started, when set, is told each start's process id (tests).
	Started func(pid int)
}

// ErrScreenDone is returned by Run when the screen ended by itself with exit
// status 0 (its window was closed, or a --screenshot run finished): the cabinet
// stops.
var ErrScreenDone = errors.New("platform: the screen ended")

func (s *Supervisor) logf(format string, args ...any) {
	if s.Log != nil {
		s.Log.Printf(format, args...)
		return
	}
	log.Printf(format, args...)
}

// Run runs the screen until ctx ends (nil) or the screen exits with status 0
// (ErrScreenDone). A screen that cannot be started at all is an error.
func (s *Supervisor) Run(ctx context.Context) error {
	minB, maxB, stable := or(s.MinBackoff, 500*time.Millisecond), or(s.MaxBackoff, 30*time.Second), or(s.StableAfter, time.Minute)
	wait := minB
	for starts := 1; ; starts++ {
		cmd := s.Command()
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // the screen and its X server stop together
		begun := time.Now()
		if err := cmd.Start(); err != nil {
			return fmt.Errorf("platform: start the screen %s: %w", cmd.Path, err)
		}
		s.logf("platform: screen started (pid %d, start %d)", cmd.Process.Pid, starts)
		if s.Started != nil {
			s.Started(cmd.Process.Pid)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		select {
		case <-ctx.Done():
			s.stop(cmd, exited)
			return nil
		case err := <-exited:
			killGroup(cmd.Process.Pid) // what the screen left in its group (an X server xvfb-run started)
			if err == nil {
				s.logf("platform: the screen ended (exit status 0)")
				return ErrScreenDone
			}
			lived := time.Since(begun)
			if lived >= stable {
				wait = minB
			}
			s.logf("platform: the screen died after %s (%v); restart in %s; no game starts meanwhile", lived.Round(time.Millisecond), err, wait)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(wait):
		}
		wait = min(2*wait, maxB)
	}
}

// stop ends the screen: SIGTERM to its process group, SIGKILL after the grace.
func (s *Supervisor) stop(cmd *exec.Cmd, exited <-chan error) {
	grace := or(s.Grace, time.Second)
	pgid := -cmd.Process.Pid
	_ = syscall.Kill(pgid, syscall.SIGTERM)
	select {
	case <-exited:
		s.logf("platform: screen stopped")
	case <-time.After(grace):
		_ = syscall.Kill(pgid, syscall.SIGKILL)
		<-exited
		s.logf("platform: screen killed after %s without stopping", grace)
	}
	killGroup(cmd.Process.Pid) // anything left in its group (an X server)
}

// killGroup kills what is left of the screen's process group: a screen that died
// or was stopped leaves no X server or child behind.
func killGroup(pid int) { _ = syscall.Kill(-pid, syscall.SIGKILL) }

func or(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}
