package main

import (
	"io"
	"time"

	"egm/internal/progress"
	"egm/lab"
)

func init() {
	labCommands["wallet-faults"] = command{"kill -9 the machine and the floor at random instants of wallet transfers; the money must stay whole", cmdLabWalletFaults}
}

// cmdLabWalletFaults is the wallet's fault campaign (lab.WalletFaults).
func cmdLabWalletFaults(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("lab wallet-faults", "lab wallet-faults --kills N [--dir DIR] [--seed S] [--max-delay D] [--json]", stderr)
	c := campaignFlags(fs, "wallet-faults", "dir", 300, "number of faults during transfers: kill -9 of the machine or the floor, or a cut link",
		"seed of the kill timings, victims and amounts", 80*time.Millisecond, "the kill lands 10 ms + up to this long after the floor's scan starts")
	asJSON := fs.Bool("json", false, "JSON summary")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *c.Kills < 1 {
		return badUsage(fs, "--kills must be at least 1")
	}
	egm, err := c.start()
	if err != nil {
		return fail(stderr, err)
	}
	bar := progress.New(stderr, int64(*c.Kills), "wallet faults")
	rep, err := lab.WalletFaults(lab.WalletFaultsOptions{Egm: egm, Kills: *c.Kills, Dir: *c.Dir, Seed: *c.Seed, MaxDelay: *c.MaxDelay,
		Progress: bar.Int})
	bar.Done()
	if err != nil {
		c.finish(stdout, false)
		return fail(stderr, err)
	}
	if *asJSON {
		writeJSON(stdout, stderr, rep)
	} else {
		rep.Print(stdout)
	}
	return c.finish(stdout, len(rep.Violations) == 0)
}
