package main

import (
	"bufio"
	"fmt"
	"io"
	"time"

	"egm/internal/progress"
	"egm/lab"
)

func init() {
	labCommands["aft-powerfail"] = command{"kill -9 a machine moving money by AFT at random instants; reconcile after each restart", cmdLabAFTPowerfail}
}

// cmdLabAFTPowerfail is the AFT kill campaign (lab.AFTPowerfail); its child is
// `egm lab aft-powerfail --child` (lab.AFTChild).
func cmdLabAFTPowerfail(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("lab aft-powerfail", "lab aft-powerfail --kills N [--state DIR] [--seed S] [--max-transfers N] [--max-delay D]", stderr)
	c := campaignFlags(fs, "aft-powerfail", "state", 300, "number of kill -9 and restarts",
		"seed of the kill instants and of the amounts", 50*time.Millisecond, "longest run of a child past its progress point before its kill")
	transfers := fs.Int("max-transfers", 3, "a child is killed after it reported 1..N transfers complete (and up to --max-delay more)")
	childMode := fs.Bool("child", false, "run as the campaign's child (the machine that moves money until it is killed)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *childMode {
		if *c.Dir == "" {
			return badUsage(fs, "--child needs --state")
		}
		w := bufio.NewWriter(stdout)
		return fail(stderr, lab.AFTChild(*c.Dir, *c.Seed, w))
	}
	if *c.Kills < 1 || *transfers < 1 {
		return badUsage(fs, "--kills and --max-transfers must be at least 1")
	}
	egm, err := c.start()
	if err != nil {
		return fail(stderr, err)
	}
	bar := progress.New(stderr, int64(*c.Kills), "AFT kills")
	l, err := lab.AFTPowerfail(lab.AFTPowerfailOptions{Egm: egm, Kills: *c.Kills, Dir: *c.Dir, Seed: *c.Seed,
		MaxTransfers: *transfers, MaxDelay: *c.MaxDelay, Progress: bar.Int})
	bar.Done()
	if err != nil {
		c.finish(stdout, false)
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "AFT power-fail campaign: %d kills, %d transfers seen complete (%d committed but not yet reported at a kill)\n",
		*c.Kills, l.Seen, l.Unreported)
	fmt.Fprintf(stdout, "  in %d cents, out %d cents: credits, wallet and AFT meters and the history reconciled after every restart\n", l.In, l.Out)
	return c.finish(stdout, true)
}
