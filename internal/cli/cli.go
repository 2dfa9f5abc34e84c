// Package cli is the programs' (egm, egm-screen, egm-lab, egm-floor) way with
// commands and flags: a Program's command table and its usage, subcommands, a
// flag set that reports errors instead of exiting, with the program's name in
// its usage and messages, the exit codes (0 after -h, 2 after bad usage, 1 after
// a failure, 130 or 143 after a stop by SIGINT or SIGTERM: stop.go) and the
// signal context of the long commands.
//
// It owns no command; it must not touch anything but the flag set, the context
// and the writers it is given.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// NewFlags makes command name's flag set for program prog ("egm", "egm-screen");
// its usage line is "usage: PROG SYNOPSIS".
func NewFlags(prog, name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: %s %s\n", prog, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// Parse parses args; it returns (exit code, false) when the command must stop:
// 0 after -h, 2 after a bad flag or a stray argument (named with prog).
func Parse(prog string, fs *flag.FlagSet, args []string) (int, bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "%s %s: unexpected argument %q\n", prog, fs.Name(), fs.Arg(0))
		fs.Usage()
		return 2, false
	}
	return 0, true
}

// BadUsage prints a message and the command's usage and returns exit code 2.
func BadUsage(prog string, fs *flag.FlagSet, format string, a ...any) int {
	fmt.Fprintf(fs.Output(), "%s %s: %s\n", prog, fs.Name(), fmt.Sprintf(format, a...))
	fs.Usage()
	return 2
}

// Fail prints err and returns exit code 1. A message that names no program of
// the project ("egm…") gets prog's name in front.
func Fail(prog string, stderr io.Writer, err error) int {
	msg := err.Error()
	if !strings.HasPrefix(msg, "egm") {
		msg = prog + ": " + msg
	}
	fmt.Fprintln(stderr, msg)
	return 1
}
