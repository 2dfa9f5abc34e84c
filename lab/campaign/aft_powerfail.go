package campaign

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
	"time"

	"egm/lab"
	"egm/machine"
	"egm/machine/settings"
	"egm/rng"
)

// AFTPowerfailOptions are the AFT kill campaign's.
type AFTPowerfailOptions struct {
	Egm   Egm
	Dir   string // the machine's state directory
	Kills int
	Seed  uint64 // the kill instants and the amounts
	// A child is killed once it has reported 1..MaxTransfers transfers complete
	// (drawn from Seed; default 3), so that a slow or loaded machine is exercised
	// just as a fast one; then after up to MaxDelay more (drawn too; 0: at once).
	MaxTransfers int
	MaxDelay     time.Duration
	Stall        time.Duration // a child that reports nothing this long is an error (default 2 min)
	Progress     Progress
}

// AFTPowerfail runs the AFT kill campaign: a child machine moves money in and out
// by AFT (`egm-lab aft-powerfail --child`, aftHostLoop) and is SIGKILLed once it
// has reported transfers; after each kill critical memory is reopened and
// reconciled with the host's ledger to the cent (AFTLedger.Check). It returns the
// ledger; an error is a violation or a child that could not run.
func AFTPowerfail(o AFTPowerfailOptions) (*AFTLedger, error) {
	if o.MaxTransfers <= 0 {
		o.MaxTransfers = 3
	}
	if o.Stall <= 0 {
		o.Stall = 2 * time.Minute
	}
	timing := rng.NewSeeded(o.Seed ^ 0x616674) // lab timing of the kills, not game outcomes
	l := &AFTLedger{}
	for k := 0; k < o.Kills && o.Egm.stopped() == nil; k++ {
		want := 1 + rng.Intn(timing, o.MaxTransfers)
		delay := time.Duration(0)
		if o.MaxDelay > 0 {
			delay = time.Duration(rng.Uint64n(timing, uint64(o.MaxDelay)))
		}
		cmd := o.Egm.labCommand("aft-powerfail", "--child", "--state", o.Dir, "--seed", strconv.FormatUint(o.Seed*1_000_003+uint64(k), 10))
		pipe, err := cmd.StdoutPipe()
		if err != nil {
			return l, err
		}
		var errBuf strings.Builder
		cmd.Stderr = &errBuf
		if err := cmd.Start(); err != nil {
			return l, fmt.Errorf("campaign: aft-powerfail: start child: %w", err)
		}
		lines := make(chan string, 256)
		go func() {
			defer close(lines)
			sc := bufio.NewScanner(pipe)
			for sc.Scan() {
				lines <- sc.Text()
			}
		}()
		note := func(line string) error {
			id, typ, cents, err := parseAFTDone(line)
			if err != nil {
				return fmt.Errorf("campaign: aft-powerfail: kill %d: %w", k+1, err)
			}
			l.Note(id, typ, cents)
			return nil
		}
		var failed error
		for n := 0; n < want && failed == nil; {
			select {
			case line, ok := <-lines:
				if !ok {
					failed = fmt.Errorf("campaign: aft-powerfail: kill %d: the child ended before its kill", k+1)
					break
				}
				failed = note(line)
				n++
			case <-time.After(o.Stall):
				failed = fmt.Errorf("campaign: aft-powerfail: kill %d: the child reported no transfer in %v", k+1, o.Stall)
			}
		}
		if failed == nil {
			time.Sleep(delay)
		}
		cmd.Process.Kill()
		for line := range lines {
			if err := note(line); err != nil && failed == nil {
				failed = err
			}
		}
		cmd.Wait()
		if err := o.Egm.stopped(); err != nil {
			return l, err
		}
		if s := errBuf.String(); s != "" && failed == nil {
			failed = fmt.Errorf("campaign: aft-powerfail: kill %d: child: %s", k+1, lab.FirstLine(s))
		}
		if failed != nil {
			return l, failed
		}
		m, err := machine.Open(o.Dir, settings.DefaultConfig(), machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(1)}})
		if err != nil {
			return l, fmt.Errorf("campaign: aft-powerfail: kill %d: reopen: %w", k+1, err)
		}
		err = l.Check(m)
		m.Close()
		if err != nil {
			return l, fmt.Errorf("kill %d: %w", k+1, err)
		}
		o.Progress.Report(k + 1)
	}
	return l, o.Egm.stopped()
}

// parseAFTDone reads a child's "done ID TYPE CENTS" line (TYPE in hex).
func parseAFTDone(line string) (id string, typ byte, cents uint64, err error) {
	f := strings.Fields(line)
	if len(f) != 4 || f[0] != "done" || f[1] == "" {
		return "", 0, 0, fmt.Errorf("campaign: the child said %q", line)
	}
	t, err1 := strconv.ParseUint(f[2], 16, 8)
	c, err2 := strconv.ParseUint(f[3], 10, 64)
	if err1 != nil || err2 != nil {
		return "", 0, 0, fmt.Errorf("campaign: the child said %q", line)
	}
	return f[1], byte(t), c, nil
}

// AFTChild is the campaign's child: the machine in dir moving money with the lab's
// AFT host until it is killed, each completed transfer reported on w as "done ID
// TYPE CENTS".
func AFTChild(dir string, seed uint64, w *bufio.Writer) error {
	m, err := machine.Open(dir, settings.DefaultConfig(), machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(seed)}})
	if err != nil {
		return err
	}
	return aftHostLoop(m, seed, func(id string, typ byte, cents uint64) {
		fmt.Fprintf(w, "done %s %02X %d\n", id, typ, cents)
		w.Flush()
	})
}
