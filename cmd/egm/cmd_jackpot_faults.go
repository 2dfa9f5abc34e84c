package main

import (
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

	"egm/floor"
	"egm/jackpot"
	"egm/machine"
	"egm/meters"
	"egm/rng"
)

func init() {
	labCommands["jackpot-faults"] = command{"machines, the floor and its jackpot controller on loopback, kill -9 at random instants; every award paid once, meters reconciled to the cent", cmdLabJackpotFaults}
}

// cmdLabJackpotFaults is the linked jackpot kill campaign: headless machines
// autoplaying with their floor links on loopback TCP, and the floor simulator with
// the jackpot controller polling them all; one of them (a machine or the floor) is
// SIGKILLed at random instants and started again. At the end everything is brought
// to rest and the databases and critical memories are reconciled to the cent.
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
	child, err := c.start()
	if err != nil {
		return fail(stderr, err)
	}
	r, err := jackpotFaults(jpFaultOptions{Kills: *c.Kills, Machines: *machines, Dir: *c.Dir, Seed: *c.Seed, MaxDelay: *c.MaxDelay,
		Window: *window, Progress: stderr, Child: child})
	if err != nil {
		c.finish(stdout, false)
		return fail(stderr, err)
	}
	printJPFaults(stdout, r)
	c.finish(stdout, true)
	return 0
}

func printJPFaults(w io.Writer, r jpFaultReport) {
	fmt.Fprintf(w, "jackpot kill campaign: %d kills (%d of machines, %d of the floor), %d games, coin-in %s\n",
		r.MachineKills+r.FloorKills, r.MachineKills, r.FloorKills, r.Games, euros(r.CoinIn))
	fmt.Fprintf(w, "  mystery: %d awards paid once each as bonuses, %s in all, each in [%s, %s] (smallest %s, largest %s)\n",
		r.Awards, euros(r.AwardCents), euros(r.WindowMin), euros(r.WindowMax), euros(r.MinAward), euros(r.MaxAward))
	fmt.Fprintf(w, "  Grand/Major: %d hits paid at the controller's amount, %s\n", r.Hits, euros(r.HitCents))
	fmt.Fprintf(w, "  reconciled to the cent: contributions = level growth + awards - resets funded; each machine's coin-in = its contributions; its jackpot and bonus meters = its awards\n")
}

type jpFaultOptions struct {
	Kills, Machines int
	Dir             string
	Seed            uint64
	MaxDelay        time.Duration
	Window          string
	Child           func(args []string) *exec.Cmd // the egm binary with these arguments
	Progress        io.Writer                     // nil: quiet
}

type jpFaultReport struct {
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
}

func (o *jpFaultOptions) start(name string, args []string) (*jpProc, error) {
	f, err := os.OpenFile(filepath.Join(o.Dir, name+".log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	cmd := o.Child(args)
	cmd.Stdout, cmd.Stderr = f, f
	if err := cmd.Start(); err != nil {
		f.Close()
		return nil, fmt.Errorf("egm lab jackpot-faults: start %s: %w", name, err)
	}
	return &jpProc{name: name, cmd: cmd, log: f}, nil
}

func (p *jpProc) signal(sig syscall.Signal) {
	if p == nil {
		return
	}
	p.cmd.Process.Signal(sig)
	done := make(chan struct{})
	go func() { p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		p.cmd.Process.Kill()
		<-done
	}
	p.log.Close()
}

func freePorts(n int) ([]int, error) {
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

func jackpotFaults(o jpFaultOptions) (jpFaultReport, error) {
	var rep jpFaultReport
	if err := os.MkdirAll(o.Dir, 0o750); err != nil {
		return rep, err
	}
	ports, err := freePorts(o.Machines)
	if err != nil {
		return rep, err
	}
	machineArgs := func(i int, games int, serve bool) []string {
		a := []string{"run", "--headless", "--state", filepath.Join(o.Dir, fmt.Sprintf("m%d", i+1)), "--seed", strconv.FormatUint(o.Seed+uint64(i)*7919, 10),
			"--sas", fmt.Sprintf("tcp:127.0.0.1:%d", ports[i]), "--sas-addr", strconv.Itoa(i + 1), "--autoplay", strconv.Itoa(games), "--quiet"}
		if serve {
			a = append(a, "--serve")
		}
		return a
	}
	floorArgs := []string{"floor", "--db", filepath.Join(o.Dir, "floor.db"), "--jackpot", filepath.Join(o.Dir, "jackpot.db"),
		"--mystery-window", o.Window, "--interval", "20ms", "--quiet"}
	for i := range o.Machines {
		floorArgs = append(floorArgs, "--connect", fmt.Sprintf("%d=tcp:127.0.0.1:%d", i+1, ports[i]))
	}
	procs := make([]*jpProc, o.Machines+1) // the machines, then the floor
	startOne := func(i int, games int, serve bool) error {
		var err error
		if i == o.Machines {
			procs[i], err = o.start("floor", floorArgs)
		} else {
			procs[i], err = o.start(fmt.Sprintf("m%d", i+1), machineArgs(i, games, serve))
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
	bar := &progress{}
	if o.Progress != nil {
		bar = newProgress(o.Progress, int64(o.Kills), "kills")
	}
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
		bar.set(int64(k + 1))
	}
	bar.done()
	if o.Kills == 0 {
		time.Sleep(o.MaxDelay)
	}
	// At rest: the machines finish the game they are in and one more, then serve
	// the floor, which answers hits, contributes and pays what is owed.
	stopAll(syscall.SIGKILL)
	var last error
	for attempt := 1; attempt <= 5; attempt++ {
		for i := range procs {
			if err := startOne(i, 1, true); err != nil {
				return rep, err
			}
		}
		time.Sleep(time.Duration(attempt) * 2 * time.Second)
		stopAll(syscall.SIGTERM)
		if last = jpReconcile(o, &rep); last == nil || errors.Is(last, errNoAward) {
			return rep, last
		}
	}
	return rep, last
}

var errNoAward = errors.New("egm lab jackpot-faults: no mystery award was made: run longer or narrow --window")

// jpReconcile checks the databases and the machines' critical memories against
// each other, to the cent.
func jpReconcile(o jpFaultOptions, rep *jpFaultReport) error {
	levels, _ := floor.MysteryWindow(o.Window)
	c, err := jackpot.Open(filepath.Join(o.Dir, "jackpot.db"), jackpot.Options{RNG: rng.NewSeeded(1), Levels: levels})
	if err != nil {
		return err
	}
	defer c.Close()
	acc, err := c.Accounts()
	if err != nil {
		return err
	}
	if err := acc.Check(); err != nil {
		return err
	}
	st, err := floor.OpenStore(filepath.Join(o.Dir, "floor.db"))
	if err != nil {
		return err
	}
	defer st.Close()
	ps, err := st.BonusPayments(false)
	if err != nil {
		return err
	}
	for _, l := range levels {
		if l.Name == jackpot.MysteryName {
			rep.WindowMin, rep.WindowMax = l.TriggerMinCents, l.TriggerMaxCents
		}
	}
	*rep = jpFaultReport{MachineKills: rep.MachineKills, FloorKills: rep.FloorKills, WindowMin: rep.WindowMin, WindowMax: rep.WindowMax}
	for _, p := range ps {
		if p.State != floor.BonusPaid {
			return fmt.Errorf("egm lab jackpot-faults: mystery award %d (%d cents to machine %d) is %s, not paid", p.Seq, p.Cents, p.Machine, p.State)
		}
		if p.Cents < rep.WindowMin || p.Cents > rep.WindowMax {
			return fmt.Errorf("egm lab jackpot-faults: mystery award %d of %d cents outside [%d, %d]", p.Seq, p.Cents, rep.WindowMin, rep.WindowMax)
		}
		if rep.Awards == 0 || p.Cents < rep.MinAward {
			rep.MinAward = p.Cents
		}
		rep.MaxAward = max(rep.MaxAward, p.Cents)
		rep.Awards++
		rep.AwardCents += p.Cents
	}
	for _, l := range acc.Levels {
		switch {
		case l.Name == jackpot.MysteryName && (l.Awards != uint64(rep.Awards) || l.AwardedUnits != rep.AwardCents*jackpot.Unit):
			return fmt.Errorf("egm lab jackpot-faults: the controller made %d mystery awards (%d units), the floor journaled %d (%d cents)", l.Awards, l.AwardedUnits, rep.Awards, rep.AwardCents)
		case l.Name != jackpot.MysteryName:
			rep.Hits += int(l.Awards)
			rep.HitCents += l.AwardedUnits / jackpot.Unit
		}
	}
	for i := range o.Machines {
		addr := byte(i + 1)
		ms, err := meters.Open(filepath.Join(o.Dir, fmt.Sprintf("m%d", i+1)), meters.Options{ReadOnly: true})
		if err != nil {
			return err
		}
		mv := ms.Meters()
		var counters map[string]int64
		ms.View(func(v *meters.Snapshot) { counters = v.Counters() })
		ms.Close()
		base, ok, err := st.BaselineOf(addr)
		if err != nil || !ok {
			return fmt.Errorf("egm lab jackpot-faults: machine %d was never linked (%v)", addr, err)
		}
		var a jackpot.MachineAccount
		for _, x := range acc.Machines {
			if x.Machine == floor.MachineID(addr) {
				a = x
			}
		}
		if got := mv.Get(meters.CoinIn) - int64(base); got != a.CoinInCents {
			return fmt.Errorf("egm lab jackpot-faults: machine %d coin-in since linked %d cents, the controller counted %d", addr, got, a.CoinInCents)
		}
		var bonus int64
		for _, n := range machine.BonusCounters {
			bonus += counters[n]
		}
		if paid := mv.Get(meters.Jackpot) + bonus; paid != a.AwardedCents {
			return fmt.Errorf("egm lab jackpot-faults: machine %d paid %d cents of jackpots and bonuses (%d + %d), the controller awarded it %d",
				addr, paid, mv.Get(meters.Jackpot), bonus, a.AwardedCents)
		}
		rep.Games += mv.Get(meters.GamesPlayed)
		rep.CoinIn += mv.Get(meters.CoinIn)
	}
	if rep.Awards == 0 {
		return errNoAward
	}
	return nil
}
