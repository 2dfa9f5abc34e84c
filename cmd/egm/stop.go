package main

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
// stopContext; a simulation stops between two chunks and prints what it had, a
// kill campaign stops its children (Egm.Context) between two kills, `egm lab
// all` keeps the items already decided. Each says where it stopped (stopped)
// and exits with stoppedExit. The machine's own commands (`egm run`, its
// --headless modes) stop at a committed step with their power_down and exit 0.

// stopContext is a long command's context: done at the first SIGINT or SIGTERM.
func stopContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// signalName is the signal that ended ctx: "SIGTERM" or "SIGINT".
func signalName(ctx context.Context) string {
	if c := context.Cause(ctx); c != nil && strings.HasPrefix(c.Error(), syscall.SIGTERM.String()) {
		return "SIGTERM"
	}
	return "SIGINT"
}

// stoppedExit is the exit status of a command stopped by a signal: 128 + the
// signal's number (130 after SIGINT, 143 after SIGTERM), as a shell reports a
// program the signal ended.
func stoppedExit(ctx context.Context) int {
	if signalName(ctx) == "SIGTERM" {
		return 128 + int(syscall.SIGTERM)
	}
	return 128 + int(syscall.SIGINT)
}

// stopped says on stderr that `egm name` was stopped by a signal and where
// (where: "after 3 of 25 titles; …"), and returns stoppedExit.
func stopped(ctx context.Context, stderr io.Writer, name, where string) int {
	fmt.Fprintf(stderr, "egm %s: stopped by %s %s\n", name, signalName(ctx), where)
	return stoppedExit(ctx)
}

// startNotice says on stderr that `egm name` has started what and how a signal
// stops it (how: "between chunks", "with its children"): the line a log (or a
// test) sees before any result.
func startNotice(stderr io.Writer, name, what, how string) {
	fmt.Fprintf(stderr, "egm %s: %s (SIGINT or SIGTERM stops it %s)\n", name, what, how)
}

// plural is n and noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// untilStopped runs fn (a computation that changes nothing outside it, such as
// a PAR sheet) and returns its error, or ctx's error when a signal comes first:
// fn is then left to finish unseen while the command stops.
func untilStopped(ctx context.Context, fn func() error) error {
	done := make(chan error, 1)
	go func() { done <- fn() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}
