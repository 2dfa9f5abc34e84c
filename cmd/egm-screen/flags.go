package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// newFlags makes a flag set that reports errors instead of exiting.
func newFlags(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: egm-screen %s\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args; it returns (exit code, false) when the command must
// stop: 0 after -h, 2 after a bad flag or a stray argument.
func parseFlags(fs *flag.FlagSet, args []string) (int, bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "egm-screen %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		fs.Usage()
		return 2, false
	}
	return 0, true
}

// badUsage prints a message and the command's usage and returns exit code 2.
func badUsage(fs *flag.FlagSet, format string, a ...any) int {
	fmt.Fprintf(fs.Output(), "egm-screen %s: %s\n", fs.Name(), fmt.Sprintf(format, a...))
	fs.Usage()
	return 2
}

// fail prints an error with the program's prefix and returns exit code 1.
func fail(stderr io.Writer, err error) int {
	msg := err.Error()
	if !strings.HasPrefix(msg, "egm") {
		msg = "egm-screen: " + msg
	}
	fmt.Fprintln(stderr, msg)
	return 1
}
