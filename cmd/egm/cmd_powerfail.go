package main

import (
	"io"
	"time"

	"egm/internal/progress"
	"egm/lab"
)

func init() {
	labCommands["powerfail"] = command{"kill -9 the headless machine at random instants; check critical memory after each restart", cmdLabPowerfail}
}

// cmdLabPowerfail is the kill campaign (LAB-CHECKLIST row 8, lab.Powerfail): `egm
// run --headless --autoplay` as a child, SIGKILLed once it has made progress and
// restarted, with critical memory checked after every kill.
func cmdLabPowerfail(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("lab powerfail", "lab powerfail --kills N [--state DIR] [--seed S] [--max-commits N] [--max-delay D]", stderr)
	c := campaignFlags(fs, "powerfail", "state", 1000, "number of kill -9 and restarts",
		"seed of the kill instants and of the children's seeded play", 250*time.Millisecond, "longest run of a child past its progress point before its kill")
	commits := fs.Int("max-commits", 8, "a child is killed after it was seen to commit to critical memory 1..N times (and up to --max-delay more)")
	asJSON := fs.Bool("json", false, "JSON summary")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *c.Kills < 1 || *commits < 1 {
		return badUsage(fs, "--kills and --max-commits must be at least 1")
	}
	egm, err := c.start()
	if err != nil {
		return fail(stderr, err)
	}
	bar := progress.New(stderr, int64(*c.Kills), "power-fail kills")
	rep, err := lab.Powerfail(lab.PowerfailOptions{Egm: egm, Kills: *c.Kills, Dir: *c.Dir, Seed: *c.Seed,
		MaxCommits: *commits, MaxDelay: *c.MaxDelay, Progress: bar.Int})
	bar.Done()
	if err != nil {
		return fail(stderr, err)
	}
	if *asJSON {
		writeJSON(stdout, stderr, rep)
	} else {
		rep.Print(stdout)
	}
	return c.finish(stdout, len(rep.Violations) == 0)
}
