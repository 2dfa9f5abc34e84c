package labcli

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"sync/atomic"
	"time"

	"egm/floor"
	"egm/internal/cli"
	"egm/internal/progress"
	"egm/lab/campaign"
)

// killFlags is the flags the kill campaigns of egm-lab share: the number of
// kills, the working directory (campaign.Workdir), the seed and the longest run before
// a kill. Their children are the machine's programs (Lab.Programs).
type killFlags struct {
	Kills    *int
	Dir      *string
	Seed     *uint64
	MaxDelay *time.Duration
	prefix   string
	programs func() (campaign.Egm, error) // the machine's programs the children run (nil: none)
}

// campaignFlags registers the shared flags on fs. dirFlag names the working
// directory's flag ("state" for one machine's state, "dir" for a tree of them).
func (l Lab) campaignFlags(fs *flag.FlagSet, prefix, dirFlag string, kills int, killsDoc, seedDoc string, maxDelay time.Duration, delayDoc string) *killFlags {
	return &killFlags{programs: l.programs, prefix: prefix, Kills: fs.Int("kills", kills, killsDoc),
		Dir:      fs.String(dirFlag, "", "working directory (default: a new temporary one, removed after a clean run)"),
		Seed:     fs.Uint64("seed", 1, seedDoc),
		MaxDelay: fs.Duration("max-delay", maxDelay, delayDoc)}
}

// run runs the campaign fn in its working directory with a progress bar of the
// kills named what, and prints its report (as JSON with asJSON). The exit code
// is 1 after an error or a failed check (the directory is then kept). SIGINT or
// SIGTERM stops it between two kills with its children (campaign.Egm.Context): it
// says after how many kills, keeps the directory and exits with stoppedExit.
func (c *killFlags) run(stdout, stderr io.Writer, what string, asJSON bool, fn func(campaign.Egm, string, func(int)) (any, func(io.Writer), bool, error)) int {
	var egm campaign.Egm
	if c.programs != nil {
		var err error
		if egm, err = c.programs(); err != nil {
			return prog.Fail(stderr, err)
		}
	}
	wd, err := campaign.NewWorkdir(*c.Dir, c.prefix)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	ctx, stop := cli.StopContext()
	defer stop()
	egm.Context = ctx // a signal stops the children and the campaign between two kills
	prog.StartNotice(stderr, c.prefix, fmt.Sprintf("%d %s in %s", *c.Kills, what, wd.Dir), "between two, with its children")
	bar := progress.New(stderr, int64(*c.Kills), what)
	var done atomic.Int64
	rep, print, clean, err := fn(egm, wd.Dir, func(n int) { done.Store(int64(n)); bar.Int(n) })
	bar.Done()
	if ctx.Err() != nil {
		wd.Finish(stdout, false)
		return prog.Stopped(ctx, stderr, c.prefix, fmt.Sprintf("after %d of %d %s; its children are stopped", done.Load(), *c.Kills, what))
	}
	if err != nil {
		wd.Finish(stdout, false)
		return prog.Fail(stderr, err)
	}
	if asJSON {
		prog.WriteJSON(stdout, stderr, rep)
	} else {
		print(stdout)
	}
	return cli.ExitIf(!wd.Finish(stdout, clean))
}

// powerfail is the kill campaign (LAB-CHECKLIST row 8, campaign.Powerfail).
func (l Lab) powerfail(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("powerfail", "powerfail --kills N [--state DIR] [--seed S] [--max-commits N] [--max-delay D]", stderr)
	c := l.campaignFlags(fs, "powerfail", "state", 1000, "number of kill -9 and restarts",
		"seed of the kill instants and of the children's seeded play", 250*time.Millisecond, "longest run of a child past its progress point before its kill")
	commits := fs.Int("max-commits", 8, "a child is killed after it was seen to commit to critical memory 1..N times (and up to --max-delay more)")
	asJSON := fs.Bool("json", false, "JSON summary")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *c.Kills < 1 || *commits < 1 {
		return prog.BadUsage(fs, "--kills and --max-commits must be at least 1")
	}
	return c.run(stdout, stderr, "power-fail kills", *asJSON, func(egm campaign.Egm, dir string, p func(int)) (any, func(io.Writer), bool, error) {
		rep, err := campaign.Powerfail(campaign.PowerfailOptions{Egm: egm, Kills: *c.Kills, Dir: dir, Seed: *c.Seed, MaxCommits: *commits, MaxDelay: *c.MaxDelay, Progress: p})
		return rep, rep.Print, len(rep.Violations) == 0, err
	})
}

// aftPowerfail is the AFT kill campaign (campaign.AFTPowerfail); its child is
// `egm-lab aft-powerfail --child` (campaign.AFTChild).
func (l Lab) aftPowerfail(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("aft-powerfail", "aft-powerfail --kills N [--state DIR] [--seed S] [--max-transfers N] [--max-delay D]", stderr)
	c := l.campaignFlags(fs, "aft-powerfail", "state", 300, "number of kill -9 and restarts",
		"seed of the kill instants and of the amounts", 50*time.Millisecond, "longest run of a child past its progress point before its kill")
	transfers := fs.Int("max-transfers", 3, "a child is killed after it reported 1..N transfers complete (and up to --max-delay more)")
	childMode := fs.Bool("child", false, "run as the campaign's child (the machine that moves money until it is killed)")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *childMode {
		if *c.Dir == "" {
			return prog.BadUsage(fs, "--child needs --state")
		}
		return prog.Fail(stderr, campaign.AFTChild(*c.Dir, *c.Seed, bufio.NewWriter(stdout)))
	}
	if *c.Kills < 1 || *transfers < 1 {
		return prog.BadUsage(fs, "--kills and --max-transfers must be at least 1")
	}
	return c.run(stdout, stderr, "AFT kills", false, func(egm campaign.Egm, dir string, p func(int)) (any, func(io.Writer), bool, error) {
		l, err := campaign.AFTPowerfail(campaign.AFTPowerfailOptions{Egm: egm, Kills: *c.Kills, Dir: dir, Seed: *c.Seed, MaxTransfers: *transfers, MaxDelay: *c.MaxDelay, Progress: p})
		return l, func(w io.Writer) {
			fmt.Fprintf(w, "AFT power-fail campaign: %d kills, %d transfers seen complete (%d committed but not yet reported at a kill)\n", *c.Kills, l.Seen, l.Unreported)
			fmt.Fprintf(w, "  in %d cents, out %d cents: credits, wallet and AFT meters and the history reconciled after every restart\n", l.In, l.Out)
		}, true, err
	})
}

// walletFaults is the wallet's fault campaign (campaign.WalletFaults).
func (l Lab) walletFaults(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("wallet-faults", "wallet-faults --kills N [--dir DIR] [--seed S] [--max-delay D] [--json]", stderr)
	c := l.campaignFlags(fs, "wallet-faults", "dir", 300, "number of faults during transfers: kill -9 of the machine or the floor, or a cut link",
		"seed of the kill timings, victims and amounts", 80*time.Millisecond, "the kill lands 10 ms + up to this long after the floor's scan starts")
	asJSON := fs.Bool("json", false, "JSON summary")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *c.Kills < 1 {
		return prog.BadUsage(fs, "--kills must be at least 1")
	}
	return c.run(stdout, stderr, "wallet faults", *asJSON, func(egm campaign.Egm, dir string, p func(int)) (any, func(io.Writer), bool, error) {
		rep, err := campaign.WalletFaults(campaign.WalletFaultsOptions{Egm: egm, Kills: *c.Kills, Dir: dir, Seed: *c.Seed, MaxDelay: *c.MaxDelay, Progress: p})
		return rep, rep.Print, len(rep.Violations) == 0, err
	})
}

// jackpotFaults is the linked jackpot kill campaign (campaign.JackpotFaults).
func (l Lab) jackpotFaults(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("jackpot-faults", "jackpot-faults [--kills N] [--machines N] [--state DIR] [--seed S] [--max-delay D] [--window MIN:MAX]", stderr)
	c := l.campaignFlags(fs, "jackpot-faults", "state", 200, "number of kill -9 and restarts (machines and floor)",
		"seed of the kill timings and victims and of the machines' games", 400*time.Millisecond, "longest run between two kills")
	machines := fs.Int("machines", 3, "machines on the link")
	window := fs.String("window", "10:20", "the mystery window MIN:MAX in whole euros for the run (narrow, so that it sees many awards; the shipped window is 8000:12000)")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *c.Kills < 0 || *machines < 1 || *machines > 16 {
		return prog.BadUsage(fs, "--kills must be 0 or more and --machines 1..16")
	}
	if _, err := floor.MysteryWindow(*window); err != nil {
		return prog.BadUsage(fs, "%v", err)
	}
	return c.run(stdout, stderr, "kills", false, func(egm campaign.Egm, dir string, p func(int)) (any, func(io.Writer), bool, error) {
		r, err := campaign.JackpotFaults(campaign.JackpotFaultsOptions{Egm: egm, Kills: *c.Kills, Machines: *machines, Dir: dir, Seed: *c.Seed, MaxDelay: *c.MaxDelay, Window: *window, Progress: p})
		return r, r.Print, true, err
	})
}
