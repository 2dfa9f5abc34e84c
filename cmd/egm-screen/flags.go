package main

import (
	"flag"
	"io"

	"egm/internal/cli"
)

// newFlags makes an egm-screen command's flag set (package cli).
func newFlags(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	return cli.NewFlags("egm-screen", name, synopsis, stderr)
}

// parseFlags parses args; it returns (exit code, false) when the command must stop.
func parseFlags(fs *flag.FlagSet, args []string) (int, bool) {
	return cli.Parse("egm-screen", fs, args)
}

// badUsage prints a message and the command's usage and returns exit code 2.
func badUsage(fs *flag.FlagSet, format string, a ...any) int {
	return cli.BadUsage("egm-screen", fs, format, a...)
}

// fail prints an error with the program's prefix and returns exit code 1.
func fail(stderr io.Writer, err error) int { return cli.Fail("egm-screen", stderr, err) }
