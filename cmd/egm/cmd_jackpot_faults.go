package main

import (
	"io"
	"time"

	"egm/floor"
	"egm/internal/progress"
	"egm/lab"
)

func init() {
	labCommands["jackpot-faults"] = command{"machines, the floor and its jackpot controller on loopback, kill -9 at random instants; every award paid once, meters reconciled to the cent", cmdLabJackpotFaults}
}

// cmdLabJackpotFaults is the linked jackpot kill campaign (lab.JackpotFaults).
func cmdLabJackpotFaults(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("lab jackpot-faults", "lab jackpot-faults [--kills N] [--machines N] [--state DIR] [--seed S] [--max-delay D] [--window MIN:MAX]", stderr)
	c := campaignFlags(fs, "jackpot-faults", "state", 200, "number of kill -9 and restarts (machines and floor)",
		"seed of the kill timings and victims and of the machines' games", 400*time.Millisecond, "longest run between two kills")
	machines := fs.Int("machines", 3, "machines on the link")
	window := fs.String("window", "10:20", "the mystery window MIN:MAX in EUR for the run (narrow, so that it sees many awards; the shipped window is 8000:12000)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *c.Kills < 0 || *machines < 1 || *machines > 16 {
		return badUsage(fs, "--kills must be 0 or more and --machines 1..16")
	}
	if _, err := floor.MysteryWindow(*window); err != nil {
		return badUsage(fs, "%v", err)
	}
	egm, err := c.start()
	if err != nil {
		return fail(stderr, err)
	}
	bar := progress.New(stderr, int64(*c.Kills), "kills")
	r, err := lab.JackpotFaults(lab.JackpotFaultsOptions{Egm: egm, Kills: *c.Kills, Machines: *machines, Dir: *c.Dir, Seed: *c.Seed,
		MaxDelay: *c.MaxDelay, Window: *window, Progress: bar.Int})
	bar.Done()
	if err != nil {
		c.finish(stdout, false)
		return fail(stderr, err)
	}
	r.Print(stdout)
	return c.finish(stdout, true)
}
