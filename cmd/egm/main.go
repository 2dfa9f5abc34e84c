package main

import (
	"egm/internal/cli"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"sort"
	"strings"
)

// command is one subcommand: it parses its own flags from args.
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

func commands() map[string]command {
	return map[string]command{
		"run":     {"start the cabinet (embedded default configuration, state in ./var/); --headless: the machine without a screen", cmdRunMain},
		"config":  {"the jurisdiction profile in force and the money limits, in its currency ([--config FILE] [--jurisdiction EE|KZ])", cmdConfig},
		"demo":    {"attract-mode demo (never touches the meters)", cmdDemo},
		"lab":     {"test-lab checks (egm lab help): " + strings.Join(slices.Sorted(maps.Keys(labCommands)), ", "), cmdLab},
		"version": {"version, commit and SHA-256 of this program", cmdVersion},
		"verify":  {"the installed program set: every file's SHA-256 and the set's, --hmac-sha1 SEED the seeded signature (--root DIR | --file PATH … [--json])", cmdVerify},
		"titles":  {"the 25 titles: id, name, family, grid, lines, features", cmdTitles},
		"par":     {"a title's or a table game's exact PAR sheet (--title ID | --all | --tables) [--json|--html]", cmdPar},
		"sim":     {"simulate a title through Play and check the exact RTP", cmdSim},
		"floor":   {"floor-system simulator: poll a machine over SAS (--connect tcp:HOST:PORT)", cmdFloor},
		"rules":   {"a title's or a table game's player rules, as on the help screen (--title ID [--html])", cmdRules},
		"sounds":  {"the cabinet's synthesised sounds: list them, or write them as WAV files (--wav DIR)", cmdSounds},
		"meters":  {"read the meters from critical memory offline (--state DIR [--json] [--cents])", cmdMeters},
		"recall":  {"read game recall from critical memory offline (--state DIR [--json] [--cents])", cmdRecall},
		"events":  {"read the event log from critical memory offline (--state DIR [--json])", cmdEvents},
		"link":    {"the running cabinet's floor link counters: polls served, frames ignored by cause, CRC and line errors, exceptions delivered and re-delivered (--state DIR [--json])", cmdLink},
		"io":      {"the cabinet's inputs and lamps now: doors, keys, deck buttons, button lamps and tower light (--state DIR | --config FILE | --wiring FILE [--json] [--watch])", cmdIO},
		"wallet":  {"cashless QR wallet: the machine's key, player accounts, scans, balances, reconciliation (egm wallet help)", cmdWallet},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run dispatches to a subcommand and returns the process exit code.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "-h", "--help", "help":
		usage(stdout)
		return 0
	}
	c, ok := commands()[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "egm: unknown command %q\n\n", args[0])
		usage(stderr)
		return 2
	}
	return c.run(args[1:], stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: egm <command> [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	cs := commands()
	names := make([]string, 0, len(cs))
	for n := range cs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, cs[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'egm <command> -h' for a command's flags.")
}

// fail prints an error with the program prefix and returns exit code 1.
func fail(stderr io.Writer, err error) int { return cli.Fail("egm", stderr, err) }
