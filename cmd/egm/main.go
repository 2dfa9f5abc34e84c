package main

import (
	"io"
	"os"

	"egm/internal/cli"
	"egm/machine"
)

// prog is this program: its commands' usage lines and messages say "egm".
var prog = cli.Program{Name: "egm"}

// session is what one run of egm takes from outside its arguments: the headless
// machine's input lines (stdin) and the machine's clock (nil: the system's). main
// gives the process's stdin; a test its own pipe, and a clock it moves by hand.
type session struct {
	stdin io.Reader
	clock machine.Clock
}

func (s session) commands() map[string]cli.Command {
	return map[string]cli.Command{
		"run":     {Summary: "start the cabinet (embedded default configuration, state in ./var/); --headless: the machine without a screen", Run: s.runMain},
		"config":  {Summary: "the jurisdiction profile in force and the money limits, in its currency ([--config FILE] [--jurisdiction EE|KZ])", Run: cmdConfig},
		"demo":    {Summary: "attract-mode demo (never touches the meters)", Run: cmdDemo},
		"version": {Summary: "version, commit and SHA-256 of this program", Run: cmdVersion},
		"verify":  {Summary: "the installed program set: every file's SHA-256 and the set's, --hmac-sha1 SEED the seeded signature (--root DIR | --file PATH … [--json])", Run: cmdVerify},
		"titles":  {Summary: "the 25 titles: id, name, family, grid, lines, features", Run: cmdTitles},
		"rules":   {Summary: "a title's or a table game's player rules, as on the help screen (--title ID [--html])", Run: cmdRules},
		"sounds":  {Summary: "the cabinet's synthesised sounds: list them, or write them as WAV files (--wav DIR)", Run: cmdSounds},
		"meters":  {Summary: "read the meters from critical memory offline (--state DIR [--json] [--cents])", Run: cmdMeters},
		"recall":  {Summary: "read game recall from critical memory offline (--state DIR [--json] [--cents])", Run: cmdRecall},
		"events":  {Summary: "read the event log from critical memory offline (--state DIR [--json])", Run: cmdEvents},
		"link":    {Summary: "the running cabinet's floor link counters: polls served, frames ignored by cause, CRC and line errors, exceptions delivered and re-delivered (--state DIR [--json])", Run: cmdLink},
		"io":      {Summary: "the cabinet's inputs and lamps now: doors, keys, deck buttons, button lamps and tower light (--state DIR | --config FILE | --wiring FILE [--json] [--watch])", Run: cmdIO},
		"wallet":  {Summary: "the machine's cashless wallet key: egm wallet pubkey --state DIR (the floor's wallet desk is egm-floor wallet)", Run: cmdWallet},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run runs one command of egm with the process's stdin and returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	return session{stdin: os.Stdin}.run(args, stdout, stderr)
}

// run runs one command of egm and returns the exit code.
func (s session) run(args []string, stdout, stderr io.Writer) int {
	return prog.Main(s.commands(), args, stdout, stderr)
}
