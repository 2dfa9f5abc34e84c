package campaign

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"egm/lab"
	"egm/rng"
)

// JackpotFaultsOptions are the linked jackpot kill campaign's.
type JackpotFaultsOptions struct {
	Egm             Egm
	Kills, Machines int
	Dir             string
	Seed            uint64        // the kill instants and victims, and the machines' games
	MaxDelay        time.Duration // the longest run between two kills
	Window          string        // the mystery window MIN:MAX in EUR (floor.MysteryWindow)
	Progress        Progress
}

// JackpotFaultsReport is the campaign's summary.
type JackpotFaultsReport struct {
	MachineKills, FloorKills int
	Games, CoinIn            int64
	Awards                   int
	AwardCents               int64
	MinAward, MaxAward       int64
	WindowMin, WindowMax     int64
	Hits                     int
	HitCents                 int64
}

// jpProc is one child process of the campaign.
type jpProc struct {
	name string
	cmd  *exec.Cmd
	log  *os.File
	done chan struct{} // closed when it has exited
}

func (o *JackpotFaultsOptions) start(name string, cmd *exec.Cmd) (*jpProc, error) {
	f, err := os.OpenFile(filepath.Join(o.Dir, name+".log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = f, f
	if err := cmd.Start(); err != nil {
		f.Close()
		return nil, fmt.Errorf("campaign: jackpot-faults: start %s: %w", name, err)
	}
	p := &jpProc{name: name, cmd: cmd, log: f, done: make(chan struct{})}
	go func() { cmd.Wait(); close(p.done) }()
	return p, nil
}

func (p *jpProc) signal(sig syscall.Signal) {
	if p == nil {
		return
	}
	p.cmd.Process.Signal(sig)
	select {
	case <-p.done:
	case <-time.After(10 * time.Second):
		p.cmd.Process.Kill()
		<-p.done
	}
	p.log.Close()
}

// FreePorts is n loopback TCP ports free at the time of the call (each held
// until all are chosen, so they differ).
func FreePorts(n int) ([]int, error) {
	var out []int
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		ls = append(ls, l)
		out = append(out, l.Addr().(*net.TCPAddr).Port)
	}
	return out, nil
}

// JackpotFaults runs the linked jackpot kill campaign: headless machines
// autoplaying with their floor links on loopback TCP, and the floor with the
// jackpot controller polling them all; one of them (a machine or the floor) is
// SIGKILLed at random instants and started again. At the end everything is brought
// to rest and the databases and critical memories are reconciled to the cent
// (checkJackpotBooks). An error is a violation or a campaign that could not run.
func JackpotFaults(o JackpotFaultsOptions) (JackpotFaultsReport, error) {
	var rep JackpotFaultsReport
	if err := os.MkdirAll(o.Dir, 0o750); err != nil {
		return rep, err
	}
	ports, err := FreePorts(o.Machines)
	if err != nil {
		return rep, err
	}
	machineArgs := func(i int, games int, serve bool) []string {
		a := []string{"run", "--headless", "--state", filepath.Join(o.Dir, fmt.Sprintf("m%d", i+1)), "--seed", strconv.FormatUint(o.Seed+uint64(i)*7919, 10),
			"--sas", fmt.Sprintf("tcp:127.0.0.1:%d", ports[i]), "--sas-addr", strconv.Itoa(i + 1), "--autoplay", strconv.Itoa(games)}
		if serve { // at rest: its summary line says its games are played
			a = append(a, "--serve")
		} else {
			a = append(a, "--quiet")
		}
		return a
	}
	machineLog := func(i int) string { return filepath.Join(o.Dir, fmt.Sprintf("m%d.log", i+1)) }
	floorArgs := []string{"run", "--db", filepath.Join(o.Dir, "floor.db"), "--jackpot", filepath.Join(o.Dir, "jackpot.db"),
		"--mystery-window", o.Window, "--interval", "20ms", "--quiet"}
	for i := range o.Machines {
		floorArgs = append(floorArgs, "--connect", fmt.Sprintf("%d=tcp:127.0.0.1:%d", i+1, ports[i]))
	}
	procs := make([]*jpProc, o.Machines+1) // the machines, then the floor
	startOne := func(i int, games int, serve bool) error {
		var err error
		if i == o.Machines {
			procs[i], err = o.start("floor", o.Egm.floorCommand(floorArgs...))
		} else {
			procs[i], err = o.start(fmt.Sprintf("m%d", i+1), o.Egm.Command(machineArgs(i, games, serve)...))
		}
		return err
	}
	stopAll := func(sig syscall.Signal) {
		for i, p := range procs {
			p.signal(sig)
			procs[i] = nil
		}
	}
	defer stopAll(syscall.SIGKILL)
	for i := range procs {
		if err := startOne(i, 1_000_000_000, false); err != nil {
			return rep, err
		}
	}
	src := rng.NewSeeded(o.Seed ^ 0x6a61636b706f74)
	for k := 0; k < o.Kills; k++ {
		time.Sleep(time.Duration(rng.Uint64n(src, uint64(o.MaxDelay)+1)))
		v := int(rng.Uint64n(src, uint64(o.Machines+1)))
		procs[v].signal(syscall.SIGKILL)
		if v == o.Machines {
			rep.FloorKills++
		} else {
			rep.MachineKills++
		}
		if err := startOne(v, 1_000_000_000, false); err != nil {
			return rep, err
		}
		o.Progress.Report(k + 1)
	}
	// The awards: play goes on, with no more kills, until the floor has journaled
	// a mystery award (its log says so), however slow the machine is; the guard
	// only ends a campaign whose machines do not play at all.
	if err := waitForLog(filepath.Join(o.Dir, "floor.log"), awardLine, 1, nil); err != nil {
		return rep, fmt.Errorf("%w: %v (window %s %s; the machines' logs m*.log and the floor's floor.log are in %s)", ErrNoAward, err, o.Window, lab.Currency.Code, o.Dir)
	}
	// At rest: the machines finish the game they are in and one more (each says
	// so in its log), then serve the floor, which answers hits, contributes and
	// pays what is owed; everything stops and the books are read. Books read
	// before the floor caught up differ only by what it had still to do, so a
	// failed reconciliation is tried again after a longer wait; a violation stays.
	stopAll(syscall.SIGKILL)
	var last error
	for attempt := 1; attempt <= restAttempts; attempt++ {
		played := make([]int, o.Machines)
		for i := range procs {
			if i < o.Machines {
				played[i] = CountLines(machineLog(i), autoplayLine)
			}
			if err := startOne(i, 1, true); err != nil {
				return rep, err
			}
		}
		for i := range o.Machines {
			if err := waitForLog(machineLog(i), autoplayLine, played[i]+1, procs[i]); err != nil {
				return rep, fmt.Errorf("campaign: jackpot-faults: machine %d at rest: %v", i+1, err)
			}
		}
		time.Sleep(time.Duration(attempt) * time.Second) // the floor's cycles after the last game
		stopAll(syscall.SIGTERM)
		if last = reconcileJackpots(o, &rep); last == nil {
			return rep, nil
		}
	}
	return rep, last
}

// The campaign's observed events: a line of the floor's log when it journals a
// mystery award, a machine's when its autoplay has played its games (not the
// line it prints when it starts them).
const (
	awardLine    = "MYSTERY JACKPOT"
	autoplayLine = " games/s), " // egm run --headless --autoplay's summary, once its games are played
	restAttempts = 8
	// awardGuard ends a wait for an event that should take seconds: a machine
	// that plays no game, a floor that does not poll. It is a hang guard, not a
	// budget: a busy machine is slower, never minutes slower.
	awardGuard = 10 * time.Minute
)

// waitForLog waits until the file at path holds n lines containing want, or
// p (the child writing it; nil: none) exits, or awardGuard passes.
func waitForLog(path, want string, n int, p *jpProc) error {
	var exited <-chan struct{}
	if p != nil {
		exited = p.done
	}
	deadline := time.Now().Add(awardGuard)
	for {
		if CountLines(path, want) >= n {
			return nil
		}
		select {
		case <-exited:
			if CountLines(path, want) >= n {
				return nil
			}
			return fmt.Errorf("%s exited before %q appeared in %s", p.name, want, path)
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("no line with %q in %s after %v", want, path, awardGuard)
		}
	}
}

// CountLines is the number of lines of the file at path that contain s (0 for
// no file).
func CountLines(path, s string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	return bytes.Count(b, []byte(s))
}

// ErrNoAward is a campaign that saw no mystery award to check.
var ErrNoAward = errors.New("campaign: jackpot-faults: no mystery award was made: run longer or narrow the window")

// Print writes the report for people.
func (r JackpotFaultsReport) Print(w io.Writer) {
	fmt.Fprintf(w, "jackpot kill campaign: %d kills (%d of machines, %d of the floor), %d games, coin-in %s\n",
		r.MachineKills+r.FloorKills, r.MachineKills, r.FloorKills, r.Games, lab.Euros(r.CoinIn))
	fmt.Fprintf(w, "  mystery: %d awards paid once each as bonuses, %s in all, each in [%s, %s] (smallest %s, largest %s)\n",
		r.Awards, lab.Euros(r.AwardCents), lab.Euros(r.WindowMin), lab.Euros(r.WindowMax), lab.Euros(r.MinAward), lab.Euros(r.MaxAward))
	fmt.Fprintf(w, "  Grand/Major: %d hits paid at the controller's amount, %s\n", r.Hits, lab.Euros(r.HitCents))
	fmt.Fprintf(w, "  reconciled to the cent: contributions = level growth + awards - resets funded; each machine's coin-in = its contributions; its jackpot and bonus meters = its awards\n")
}
