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
