package main

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"egm/lab"
	"egm/machine"
	"egm/rng"
)

func init() {
	labCommands["aft-powerfail"] = command{"kill -9 a machine moving money by AFT at random instants; reconcile after each restart", cmdLabAFTPowerfail}
}

// cmdLabAFTPowerfail is the AFT kill campaign: a child machine moves money in and
// out by AFT (lab.AFTHostLoop) and is SIGKILLed at random instants; after each
// kill critical memory is reopened and reconciled with the host's ledger to the
// cent (lab.AFTLedger.Check). The child is `egm lab aft-powerfail --child`.
func cmdLabAFTPowerfail(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("lab aft-powerfail", "lab aft-powerfail --kills N [--state DIR] [--seed S] [--max-delay D]", stderr)
	c := campaignFlags(fs, "aft-powerfail", "state", 300, "number of kill -9 and restarts",
		"seed of the kill timings and of the amounts", 150*time.Millisecond, "longest run of a child before its kill")
	childMode := fs.Bool("child", false, "run as the campaign's child (the machine that moves money until it is killed)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *childMode {
		return aftChild(*c.Dir, *c.Seed, stdout, stderr)
	}
	if *c.Kills < 1 {
		return badUsage(fs, "--kills must be at least 1")
	}
	child, err := c.start()
	if err != nil {
		return fail(stderr, err)
	}
	l, err := aftPowerfail(aftPFOptions{Kills: *c.Kills, Dir: *c.Dir, Seed: *c.Seed, MaxDelay: *c.MaxDelay, Progress: stderr, Child: child})
	if err != nil {
		c.finish(stdout, false)
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "AFT power-fail campaign: %d kills, %d transfers seen complete (%d committed but not yet reported at a kill)\n",
		*c.Kills, l.Seen, l.Unreported)
	fmt.Fprintf(stdout, "  in %d cents, out %d cents: credits, wallet and AFT meters and the history reconciled after every restart\n", l.In, l.Out)
	c.finish(stdout, true)
	return 0
}

type aftPFOptions struct {
	Kills    int
	Dir      string
	Seed     uint64
	MaxDelay time.Duration
	Child    func(args []string) *exec.Cmd // the egm binary with these arguments
	Progress io.Writer                     // nil: quiet
}

func aftChild(dir string, seed uint64, stdout, stderr io.Writer) int {
	if dir == "" {
		fmt.Fprintln(stderr, "egm lab aft-powerfail --child: --state is required")
		return 2
	}
	m, err := machine.Open(dir, machine.DefaultConfig(), machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(seed)}})
	if err != nil {
		return fail(stderr, err)
	}
	w := bufio.NewWriter(stdout)
	err = lab.AFTHostLoop(m, seed, func(id string, typ byte, cents uint64) {
		fmt.Fprintf(w, "done %s %02X %d\n", id, typ, cents)
		w.Flush()
	})
	return fail(stderr, err)
}

// aftPowerfail runs the campaign and returns the host's ledger; an error is a
// violation (or a child that could not run).
func aftPowerfail(o aftPFOptions) (*lab.AFTLedger, error) {
	timing := rng.NewSeeded(o.Seed ^ 0x616674) // lab timing of the kills, not game outcomes
	l := &lab.AFTLedger{}
	bar := newProgress(o.Progress, int64(o.Kills), "AFT kills")
	defer bar.done()
	scale := time.Duration(1) // lives grow while no transfer completes (a slow or loaded machine)
	for k := 0; k < o.Kills; k++ {
		if l.Seen == 0 && k > 0 && scale < 64 {
			scale *= 2
		}
		cmd := o.Child([]string{"lab", "aft-powerfail", "--child", "--state", o.Dir, "--seed", strconv.FormatUint(o.Seed*1_000_003+uint64(k), 10)})
		pipe, err := cmd.StdoutPipe()
		if err != nil {
			return l, err
		}
		var errBuf strings.Builder
		cmd.Stderr = &errBuf
		if err := cmd.Start(); err != nil {
			return l, fmt.Errorf("egm lab aft-powerfail: start child: %w", err)
		}
		lines := make(chan string, 256)
		go func() {
			defer close(lines)
			sc := bufio.NewScanner(pipe)
			for sc.Scan() {
				lines <- sc.Text()
			}
		}()
		time.Sleep(scale * (20*time.Millisecond + time.Duration(rng.Uint64n(timing, uint64(max(o.MaxDelay, 1))))))
		cmd.Process.Kill()
		for line := range lines {
			f := strings.Fields(line)
			if len(f) != 4 || f[0] != "done" {
				return l, fmt.Errorf("kill %d: child said %q", k+1, line)
			}
			typ, _ := strconv.ParseUint(f[2], 16, 8)
			cents, _ := strconv.ParseUint(f[3], 10, 64)
			l.Note(f[1], byte(typ), cents)
		}
		cmd.Wait()
		if s := errBuf.String(); s != "" {
			return l, fmt.Errorf("kill %d: child: %s", k+1, firstLine(s))
		}
		m, err := machine.Open(o.Dir, machine.DefaultConfig(), machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(1)}})
		if err != nil {
			return l, fmt.Errorf("kill %d: reopen: %w", k+1, err)
		}
		err = l.Check(m)
		m.Close()
		if err != nil {
			return l, fmt.Errorf("kill %d: %w", k+1, err)
		}
		bar.set(int64(k + 1))
	}
	return l, nil
}
