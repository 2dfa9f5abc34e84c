package main

import (
	"encoding/json"
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
		fmt.Fprintf(stderr, "usage: egm %s\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args; it returns (exit code, false) when the command must stop:
// 0 after -h, 2 after a bad flag or stray argument.
func parseFlags(fs *flag.FlagSet, args []string) (int, bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "egm %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		fs.Usage()
		return 2, false
	}
	return 0, true
}

// badUsage prints a message and the command's usage and returns exit code 2.
func badUsage(fs *flag.FlagSet, format string, a ...any) int {
	fmt.Fprintf(fs.Output(), "egm %s: %s\n", fs.Name(), fmt.Sprintf(format, a...))
	fs.Usage()
	return 2
}

// usageErr prints err (already prefixed by its package) and the command's usage;
// exit code 2.
func usageErr(fs *flag.FlagSet, err error) int {
	fmt.Fprintln(fs.Output(), err)
	fs.Usage()
	return 2
}

// multiFlag is a flag that may be repeated.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(s string) error { *m = append(*m, s); return nil }

// writeJSON prints v as indented JSON.
func writeJSON(stdout, stderr io.Writer, v any) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fail(stderr, err)
	}
	return 0
}

// exitIf is exit code 1 when a check failed, else 0.
func exitIf(failed bool) int {
	if failed {
		return 1
	}
	return 0
}
