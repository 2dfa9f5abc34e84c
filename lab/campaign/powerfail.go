package campaign

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"egm/lab"
	"egm/meters"
	"egm/rng"
)

// PowerfailOptions are the power-fail campaign's (LAB-CHECKLIST row 8).
type PowerfailOptions struct {
	Egm   Egm
	Dir   string // the machine's state directory
	Kills int
	Seed  uint64 // the kill instants and the children's seeded play
	// MaxCommits: a child is killed once it has been seen to commit to critical
	// memory 1..MaxCommits times (drawn from Seed; default 8), so that a slow or
	// loaded machine is exercised just as a fast one; then after up to MaxDelay
	// more (drawn too; 0: at once), which spreads the kills inside games.
	MaxCommits int
	MaxDelay   time.Duration
	// Stall: a child seen to make no progress this long is a violation (default 2 min).
	Stall    time.Duration
	Progress Progress
}

// copyFile is the critical memory file whose every commit changes its size
// (meters: one frame appended per commit; a compaction rewrites it).
const copyFile = "critical-a.log"

// Powerfail runs `egm run --headless --autoplay` as a child, SIGKILLs it once it
// has made progress, restarts it, and checks critical memory after every kill
// (PowerfailChecker); a last clean run must finish the game in progress and play
// on. An error is a campaign that could not run; violations are in the report.
func Powerfail(o PowerfailOptions) (PowerfailReport, error) {
	if o.MaxCommits <= 0 {
		o.MaxCommits = 8
	}
	if o.Stall <= 0 {
		o.Stall = 2 * time.Minute
	}
	start := time.Now()
	timing := rng.NewSeeded(o.Seed ^ 0x6b696c6c) // lab timing of the kills, not game outcomes
	var rep PowerfailReport
	c := NewPowerfailChecker()
	// A handpay limit low enough for handpays to happen during the campaign.
	cfgFile, err := os.CreateTemp("", "egm-powerfail-*.json")
	if err != nil {
		return rep, fmt.Errorf("campaign: powerfail: %w", err)
	}
	defer os.Remove(cfgFile.Name())
	// The bonus jackpot funds every slot title, in a small window so that it hits
	// many times in a campaign (powerfail_bonus.go checks its identity).
	fmt.Fprintf(cfgFile, `{"state_dir": %q, "handpay_limit_cents": 20000, "gamble": {"enabled": true, "max_attempts": 5, "max_win": 20000}, "bonus_jackpot": %s}`, o.Dir, campaignBonusJackpot())
	cfgFile.Close()
	// Every other child shows each step of a feature for 20 ms, as a screen would
	// (a screen takes far longer): kills then land inside features too, not only
	// inside plain games and gambles.
	childArgs := func(autoplay int, i int) []string {
		step := "0s"
		if i%2 == 1 {
			step = "20ms"
		}
		return []string{"run", "--headless", "--quiet", "--config", cfgFile.Name(), "--autoplay", strconv.Itoa(autoplay),
			"--seed", strconv.FormatUint(o.Seed*1_000_003+uint64(i), 10), "--step-time", step, "--tables", "40"}
	}
	started := false
	for i := 0; i < o.Kills; i++ {
		if err := o.Egm.stopped(); err != nil {
			return rep, err
		}
		commits := 1 + rng.Intn(timing, o.MaxCommits)
		delay := time.Duration(0)
		if o.MaxDelay > 0 {
			delay = time.Duration(rng.Uint64n(timing, uint64(o.MaxDelay)))
		}
		cmd := o.Egm.Command(childArgs(1_000_000_000, i)...)
		var errBuf, outBuf bytes.Buffer
		cmd.Stdout, cmd.Stderr = &outBuf, &errBuf
		if err := cmd.Start(); err != nil {
			return rep, fmt.Errorf("campaign: powerfail: start child: %w", err)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		waited := awaitCommits(filepath.Join(o.Dir, copyFile), commits, delay, o.Stall, exited)
		if err := o.Egm.stopped(); err != nil { // the child was sent its SIGTERM
			cmd.Process.Kill()
			if !errors.Is(waited, errExited) {
				<-exited
			}
			return rep, err
		}
		switch err := waited; {
		case errors.Is(err, errExited):
			rep.Violations = append(rep.Violations, fmt.Sprintf("kill %d: the child exited by itself (%v): %s", i+1, err, lab.FirstLine(errBuf.String())))
		case err != nil:
			rep.Violations = append(rep.Violations, fmt.Sprintf("kill %d: %v", i+1, err))
			fallthrough
		default:
			cmd.Process.Kill()
			<-exited
		}
		rep.Kills++
		for _, v := range c.ChildSaid(outBuf.String(), &rep) {
			rep.Violations = append(rep.Violations, fmt.Sprintf("restart %d: %s", i+1, v))
		}
		started = c.CheckDir(o.Dir, i+1, started, &rep)
		o.Progress.Report(i + 1)
		if len(rep.Violations) > 50 {
			break
		}
	}
	// A last, clean run must finish the game in progress and play on.
	cmd := o.Egm.Command(childArgs(20, o.Kills)...)
	var errBuf bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &errBuf
	if err := cmd.Run(); err != nil {
		rep.Violations = append(rep.Violations, fmt.Sprintf("final run: %v: %s", err, lab.FirstLine(errBuf.String())))
	} else {
		rep.FinalRunExitOK = true
	}
	c.CheckDir(o.Dir, o.Kills+1, started, &rep)
	rep.Unverified = c.Unverified()
	rep.Seconds = time.Since(start).Seconds()
	return rep, nil
}

// CheckDir reads the critical memory in dir after kill and checks it, adding
// what it finds to rep's violations; started says whether critical memory had
// been written before, and it returns whether it has been now.
func (c *PowerfailChecker) CheckDir(dir string, kill int, started bool, rep *PowerfailReport) bool {
	mem, err := ReadMemory(dir)
	if err != nil {
		if !started && (errors.Is(err, fs.ErrNotExist) || errors.Is(err, meters.ErrNoMemory)) {
			return false // killed before critical memory was first written
		}
		rep.Violations = append(rep.Violations, fmt.Sprintf("after kill %d: critical memory: %v", kill, err))
		return started
	}
	for _, v := range c.Check(mem, rep) {
		rep.Violations = append(rep.Violations, fmt.Sprintf("after kill %d: %s", kill, v))
	}
	return true
}

var errExited = errors.New("campaign: the child exited")

// awaitCommits returns once the file at path has been seen to change n times (a
// commit each, at least) and then delay has passed; errExited (wrapping the
// child's exit) when the child ends first; an error when it makes no progress
// for stall.
func awaitCommits(path string, n int, delay, stall time.Duration, exited <-chan error) error {
	last, seen := int64(-1), 0
	lastChange := time.Now()
	for seen < n {
		select {
		case err := <-exited:
			return fmt.Errorf("%w: %v", errExited, err)
		default:
		}
		size := int64(-1)
		if fi, err := os.Stat(path); err == nil {
			size = fi.Size()
		}
		switch {
		case size >= 0 && size != last && last >= 0:
			seen++
			fallthrough
		case size != last:
			last, lastChange = size, time.Now()
		case time.Since(lastChange) > stall:
			return fmt.Errorf("campaign: the child made no progress in %v", stall)
		}
		time.Sleep(500 * time.Microsecond)
	}
	select {
	case err := <-exited:
		return fmt.Errorf("%w: %v", errExited, err)
	case <-time.After(delay):
		return nil
	}
}
