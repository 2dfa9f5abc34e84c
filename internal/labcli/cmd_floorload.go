package labcli

import (
	"io"
	"os"
	"strings"
	"time"

	"egm/internal/cli"
	"egm/lab/campaign"
	"egm/lab/floorload"
)

// floorLoad is the floor's load and fault campaign (floorload.Run): machines on
// several floor hosts on one PostgreSQL, a floor host killed and PostgreSQL
// restarted during the run, the books checked at the end.
func (l Lab) floorLoad(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("floor-load", "floor-load [--machines N] [--hosts H] [--minutes M] [--quick] [--db postgres://…|bbolt:PATH] [--out DIR] [--seed S] [--game-time D] [--egm PATH --egm-floor PATH] [--json]", stderr)
	machines := fs.Int("machines", 60, "emulated machines (1..127)")
	hosts := fs.Int("hosts", 3, "egm-floor run processes sharing the machines")
	minutes := fs.Float64("minutes", 5, "minutes of load (the faults land a third and two thirds in)")
	quick := fs.Bool("quick", false, "the quick form: 6 machines on 3 hosts for a minute")
	db := fs.String("db", os.Getenv("EGM_TEST_POSTGRES"), "the PostgreSQL: postgres://… without a password (PGPASSWORD carries it); default EGM_TEST_POSTGRES, else a cluster of the campaign's own in its directory; or bbolt:PATH, one floor's file (--hosts 1)")
	out := fs.String("out", "", "working directory (default: a new temporary one, removed after a clean run)")
	seed := fs.Uint64("seed", 1, "seed of the machines' play and the wallet's amounts")
	egmPath := fs.String("egm", "", "the machine's program (default: egm beside egm-lab, else on PATH)")
	floorPath := fs.String("egm-floor", "", "the floor's program (default: egm-floor beside egm-lab, else on PATH)")
	gameTime := fs.Duration("game-time", 500*time.Millisecond, "each machine's pace: the player waits this long before each game (0: as fast as the processor goes)")
	asJSON := fs.Bool("json", false, "JSON summary")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	o := floorload.Options{Machines: *machines, Hosts: *hosts, Duration: time.Duration(*minutes * float64(time.Minute)), DB: *db, Seed: *seed, GameTime: *gameTime}
	if *gameTime == 0 {
		o.GameTime = -1 // none
	}
	if *quick {
		o = floorload.Quick(o)
	}
	if err := o.Check(); err != nil {
		return cli.UsageErr(fs, err)
	}
	secs := int(o.Duration / time.Second)
	c := &killFlags{Kills: &secs, Dir: out, prefix: "floor-load", programs: func() (campaign.Egm, error) {
		egm, err := l.programs()
		if *egmPath != "" {
			egm.Path, err = *egmPath, nil
		}
		if *floorPath != "" {
			egm.Floor.Path = *floorPath
		}
		return egm, err
	}}
	return c.run(stdout, stderr, "seconds of load", *asJSON, func(egm campaign.Egm, dir string, p func(int)) (any, func(io.Writer), bool, error) {
		o.Egm, o.Dir, o.Progress = egm, dir, p
		rep, err := floorload.Run(o)
		if f := rep.Failed(); err == nil && len(f) > 0 {
			stderr.Write([]byte("egm-lab floor-load: FAILED: " + strings.Join(f, ", ") + "\n"))
		}
		return rep, rep.Print, len(rep.Failed()) == 0, err
	})
}
