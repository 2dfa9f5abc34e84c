package cli

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Program is one of the project's programs ("egm", "egm-lab", "egm-floor"): its
// commands' usage lines and messages carry its name.
type Program struct{ Name string }

// Command is one command of a program: it parses its own flags from args.
type Command struct {
	Summary string
	Run     func(args []string, stdout, stderr io.Writer) int
}

// Flags is command name's flag set (NewFlags with the program's name).
func (p Program) Flags(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	return NewFlags(p.Name, name, synopsis, stderr)
}

// Parse is Parse with the program's name.
func (p Program) Parse(fs *flag.FlagSet, args []string) (int, bool) { return Parse(p.Name, fs, args) }

// BadUsage is BadUsage with the program's name.
func (p Program) BadUsage(fs *flag.FlagSet, format string, a ...any) int {
	return BadUsage(p.Name, fs, format, a...)
}

// Fail is Fail with the program's name.
func (p Program) Fail(stderr io.Writer, err error) int { return Fail(p.Name, stderr, err) }

// WriteJSON prints v as indented JSON (exit code 0, or 1 if it cannot).
func (p Program) WriteJSON(stdout, stderr io.Writer, v any) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return p.Fail(stderr, err)
	}
	return 0
}

// Main runs `PROG COMMAND …` from cmds and returns the exit code: the usage (exit
// 2) with no command or an unknown one, and (exit 0) after -h, --help or help.
func (p Program) Main(cmds map[string]Command, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		p.usage(cmds, stderr)
		return 2
	}
	switch args[0] {
	case "-h", "--help", "help":
		p.usage(cmds, stdout)
		return 0
	}
	c, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "%s: unknown command %q\n\n", p.Name, args[0])
		p.usage(cmds, stderr)
		return 2
	}
	return c.Run(args[1:], stdout, stderr)
}

func (p Program) usage(cmds map[string]Command, w io.Writer) {
	fmt.Fprintf(w, "usage: %s <command> [flags]\n\ncommands:\n", p.Name)
	list(w, cmds)
	fmt.Fprintf(w, "\nRun '%s <command> -h' for a command's flags.\n", p.Name)
}

// Subcommands runs `PROG NAME SUB …` from cmds: with no SUB, or -h/--help/help, it
// lists them (exit 2 without one, 0 when asked); an unknown SUB is named and the
// list follows (exit 2). noun is what a SUB is called ("check", "subcommand").
func (p Program) Subcommands(name, noun string, cmds map[string]Command, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] != "-h" && args[0] != "--help" && args[0] != "help" {
		if c, ok := cmds[args[0]]; ok {
			return c.Run(args[1:], stdout, stderr)
		}
		fmt.Fprintf(stderr, "%s %s: unknown %s %q\n", p.Name, name, noun, args[0])
		args = nil
	}
	fmt.Fprintf(stderr, "usage: %s %s <%s> [flags]\n\n%ss:\n", p.Name, name, noun, noun)
	list(stderr, cmds)
	if len(args) == 0 {
		return 2
	}
	return 0
}

// list prints cmds' names and summaries, sorted, in one aligned column.
func list(w io.Writer, cmds map[string]Command) {
	names := make([]string, 0, len(cmds))
	width := 0
	for n := range cmds {
		names = append(names, n)
		width = max(width, len(n))
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-*s  %s\n", width, n, cmds[n].Summary)
	}
}

// UsageErr prints err (already prefixed by its package) and the command's usage;
// exit code 2.
func UsageErr(fs *flag.FlagSet, err error) int {
	fmt.Fprintln(fs.Output(), err)
	fs.Usage()
	return 2
}

// MultiFlag is a flag that may be repeated.
type MultiFlag []string

func (m *MultiFlag) String() string     { return strings.Join(*m, ",") }
func (m *MultiFlag) Set(s string) error { *m = append(*m, s); return nil }

// ExitIf is exit code 1 when a check failed, else 0.
func ExitIf(failed bool) int {
	if failed {
		return 1
	}
	return 0
}

// Plural is n and noun, with an s unless n is 1.
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
