package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"egm/internal/cli"
)

// newFlags makes an egm command's flag set (package cli).
func newFlags(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	return cli.NewFlags("egm", name, synopsis, stderr)
}

// parseFlags parses args; it returns (exit code, false) when the command must stop.
func parseFlags(fs *flag.FlagSet, args []string) (int, bool) { return cli.Parse("egm", fs, args) }

// badUsage prints a message and the command's usage and returns exit code 2.
func badUsage(fs *flag.FlagSet, format string, a ...any) int {
	return cli.BadUsage("egm", fs, format, a...)
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
