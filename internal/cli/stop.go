package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// The orderly stop of the long commands: SIGINT or SIGTERM ends the context of
// StopContext; a simulation stops between two chunks and prints what it had, a
// kill campaign stops its children (campaign.Egm.Context) between two kills, `egm-lab
// all` keeps the items already decided. Each says where it stopped (Stopped)
// and exits with StoppedExit. The machine's own commands (`egm run`, its
// --headless modes) stop at a committed step with their power_down and exit 0.

// StopContext is a long command's context: done at the first SIGINT or SIGTERM.
func StopContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// SignalName is the signal that ended ctx: "SIGTERM" or "SIGINT".
func SignalName(ctx context.Context) string {
	if c := context.Cause(ctx); c != nil && strings.HasPrefix(c.Error(), syscall.SIGTERM.String()) {
		return "SIGTERM"
	}
	return "SIGINT"
}

// StoppedExit is the exit status of a command stopped by a signal: 128 + the
// signal's number (130 after SIGINT, 143 after SIGTERM), as a shell reports a
// program the signal ended.
func StoppedExit(ctx context.Context) int {
	if SignalName(ctx) == "SIGTERM" {
		return 128 + int(syscall.SIGTERM)
	}
	return 128 + int(syscall.SIGINT)
}

// Stopped says on stderr that `PROG name` was stopped by a signal and where
// (where: "after 3 of 25 titles; …"), and returns StoppedExit.
func (p Program) Stopped(ctx context.Context, stderr io.Writer, name, where string) int {
	fmt.Fprintf(stderr, "%s %s: stopped by %s %s\n", p.Name, name, SignalName(ctx), where)
	return StoppedExit(ctx)
}

// StartNotice says on stderr that `PROG name` has started what and how a signal
// stops it (how: "between chunks", "with its children"): the line a log (or a
// test) sees before any result.
func (p Program) StartNotice(stderr io.Writer, name, what, how string) {
	fmt.Fprintf(stderr, "%s %s: %s (SIGINT or SIGTERM stops it %s)\n", p.Name, name, what, how)
}

// UntilStopped runs fn (a computation that changes nothing outside it, such as
// a PAR sheet) and returns its error, or ctx's error when a signal comes first:
// fn is then left to finish unseen while the command stops.
func UntilStopped(ctx context.Context, fn func() error) error {
	done := make(chan error, 1)
	go func() { done <- fn() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}
