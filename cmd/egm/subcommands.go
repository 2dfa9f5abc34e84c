package main

import (
	"fmt"
	"io"
	"sort"
)

// subcommands runs `egm NAME SUB …` from cmds: with no SUB, or -h/--help/help, it
// lists them (exit 2 without one, 0 when asked); an unknown SUB is named and the
// list follows (exit 2). noun is what a SUB is called ("check", "subcommand").
func subcommands(name, noun string, cmds map[string]command, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] != "-h" && args[0] != "--help" && args[0] != "help" {
		if c, ok := cmds[args[0]]; ok {
			return c.run(args[1:], stdout, stderr)
		}
		fmt.Fprintf(stderr, "egm %s: unknown %s %q\n", name, noun, args[0])
		args = nil
	}
	fmt.Fprintf(stderr, "usage: egm %s <%s> [flags]\n\n%ss:\n", name, noun, noun)
	names := make([]string, 0, len(cmds))
	width := 0
	for n := range cmds {
		names = append(names, n)
		width = max(width, len(n))
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(stderr, "  %-*s  %s\n", width, n, cmds[n].summary)
	}
	if len(args) == 0 {
		return 2
	}
	return 0
}
