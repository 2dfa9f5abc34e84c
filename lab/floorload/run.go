package floorload

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"time"

	"egm/floor/jackpots"
	"egm/lab/campaign"
)

// load is one run of the campaign.
type load struct {
	o        Options
	pg       *Postgres
	ports    []int
	machines []*child
	floors   []*child
	controls []string // each floor's wallet control address ("": no wallet)
	cycles   Cycles
	rep      *Report
	wallet   *walletRun // nil: the wallet is off
	mu       sync.Mutex // the children lists
}

// Run runs the load campaign: o.Machines headless machines autoplaying, their SAS
// links on loopback TCP, spread over o.Hosts `egm-floor run` processes on one
// PostgreSQL, each with its linked jackpot controller (and the wallet where the
// floor keeps it on PostgreSQL); a third of the way in one floor host is
// SIGKILLed and restarted, two thirds in PostgreSQL is restarted. Then play
// stops, everything comes to rest and the books are checked (Checks). An error
// is a campaign that could not run; failed checks are in the report.
func Run(o Options) (Report, error) {
	rep := Report{Machines: o.Machines, Hosts: o.Hosts}
	if err := o.Check(); err != nil {
		return rep, err
	}
	if err := os.MkdirAll(o.Dir, 0o755); err != nil {
		return rep, fmt.Errorf("floorload: %w", err)
	}
	l := &load{o: o, rep: &rep}
	var err error
	if o.DB != "" {
		l.pg, err = GivenPostgres(o.DB)
	} else {
		l.pg, err = StartPostgres(filepath.Join(o.Dir, "pg"))
	}
	if err != nil {
		return rep, err
	}
	defer l.pg.Stop()
	rep.Database = "one PostgreSQL"
	if l.pg.Bbolt {
		rep.Database = "one bbolt file"
	}
	if err := l.makeSchemas(); err != nil {
		return rep, err
	}
	if l.ports, err = campaign.FreePorts(o.Machines); err != nil {
		return rep, err
	}
	defer l.stopAll(syscall.SIGKILL)
	rep.Wallet = walletOnPostgres(l.pg.URL)
	for i := range o.Machines {
		if err := l.startMachine(i, 1_000_000_000); err != nil {
			return rep, err
		}
	}
	if rep.Wallet == "on" {
		if l.wallet, err = newWalletRun(l); err != nil {
			return rep, err
		}
	}
	l.floors = make([]*child, o.Hosts)
	l.controls = make([]string, o.Hosts)
	for h := range o.Hosts {
		if err := l.startFloor(h); err != nil {
			return rep, err
		}
	}
	if err := l.loadPhase(); err != nil {
		return rep, err
	}
	return rep, l.rest()
}

// stopped is the campaign's context's error (nil: go on).
func (l *load) stopped() error {
	if c := l.o.Egm.Context; c != nil {
		return c.Err()
	}
	return nil
}

func machineName(i int) string { return "m" + strconv.Itoa(i+1) }

// startMachine starts machine i (0-based) playing games games (then serving its
// link with games small: the rest).
func (l *load) startMachine(i, games int) error {
	// Its identity: asset number and machine id of its own (the wallet and AFT
	// key machines by asset), over the embedded configuration.
	cfg := filepath.Join(l.o.Dir, machineName(i)+".json")
	// A cash-out code lives a minute: one whose balance no player of the
	// campaign put in (the machine's own deposits) expires and play goes on.
	if err := os.WriteFile(cfg, fmt.Appendf(nil, `{"machine_id": %q, "asset_number": %d, "aft": {"code_expiry_seconds": 60}}`+"\n", machineID(i), i+1), 0o644); err != nil {
		return fmt.Errorf("floorload: %w", err)
	}
	a := []string{"run", "--headless", "--config", cfg, "--state", filepath.Join(l.o.Dir, machineName(i)),
		"--seed", strconv.FormatUint(l.o.Seed+uint64(i)*7919, 10),
		"--sas", fmt.Sprintf("tcp:127.0.0.1:%d", l.ports[i]), "--sas-addr", strconv.Itoa(i + 1),
		"--autoplay", strconv.Itoa(games), "--qr-png", filepath.Join(l.o.Dir, machineName(i), "qr")}
	switch {
	case games < 1000:
		a = append(a, "--serve")
	case l.o.GameTime > 0:
		a = append(a, "--quiet", "--game-time", l.o.GameTime.String())
	default:
		a = append(a, "--quiet")
	}
	if games >= 1000 && l.rep.Wallet == "on" { // the players cash out to their wallets too
		a = append(a, "--wallet-cashouts")
	}
	c, err := startChild(l.o.Dir, machineName(i), l.o.Egm.Command(a...), nil)
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for len(l.machines) <= i {
		l.machines = append(l.machines, nil)
	}
	l.machines[i] = c
	return nil
}

// hostMachines are the machines (0-based) floor host h polls.
func (l *load) hostMachines(h int) []int {
	var out []int
	for i := range l.o.Machines {
		if l.o.hostOf(i) == h {
			out = append(out, i)
		}
	}
	return out
}

// startFloor starts floor host h (0-based).
func (l *load) startFloor(h int) error {
	a := []string{"run", "--db", l.hostURL(h), "--jackpot", l.jackpotDB(h), "--mystery-window", l.o.Window,
		"--interval", l.o.Interval.String()}
	var nums []int
	for _, i := range l.hostMachines(h) {
		a = append(a, "--connect", fmt.Sprintf("%d=tcp:127.0.0.1:%d", i+1, l.ports[i]))
		nums = append(nums, i+1)
	}
	if l.wallet != nil {
		ports, err := campaign.FreePorts(1)
		if err != nil {
			return err
		}
		l.controls[h] = fmt.Sprintf("127.0.0.1:%d", ports[0])
		a = append(a, "--wallet", "--control", l.controls[h])
	}
	l.cycles.Forget(nums)
	c, err := startChild(l.o.Dir, fmt.Sprintf("floor%d", h+1), l.o.Egm.FloorCommand(a...), func(s string, t time.Time) { l.cycles.Line(s, t) })
	if err != nil {
		return err
	}
	l.mu.Lock()
	l.floors[h] = c
	l.mu.Unlock()
	return nil
}

// jackpotDB is floor host h's jackpot controller: the wide-area one in the
// floor's PostgreSQL database, or (one floor on its bbolt file) a file.
func (l *load) jackpotDB(h int) string {
	if sharedJackpot(l.pg) {
		return jackpots.InFloorDB
	}
	return filepath.Join(l.o.Dir, fmt.Sprintf("jackpot%d.db", h+1))
}

// stopAll stops every child with sig.
func (l *load) stopAll(sig syscall.Signal) {
	l.mu.Lock()
	cs := append(append([]*child{}, l.floors...), l.machines...)
	l.mu.Unlock()
	var wg sync.WaitGroup
	for _, c := range cs {
		wg.Add(1)
		go func() { defer wg.Done(); c.stop(sig) }()
	}
	wg.Wait()
}

// loadPhase runs the load for o.Duration with its two faults, the wallet's
// traffic meanwhile.
func (l *load) loadPhase() error {
	start := time.Now()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var werr error
	var wg sync.WaitGroup
	if l.wallet != nil {
		wg.Add(1)
		go func() { defer wg.Done(); werr = l.wallet.traffic(ctx) }()
	}
	killAt, pgAt := l.o.Duration/3, 2*l.o.Duration/3
	for sec := 1; ; sec++ {
		if err := l.stopped(); err != nil {
			return err
		}
		time.Sleep(time.Until(start.Add(time.Duration(sec) * time.Second)))
		el := time.Since(start)
		switch {
		case l.rep.FloorKills == 0 && el >= killAt:
			l.floors[0].stop(syscall.SIGKILL)
			l.rep.FloorKills++
			if err := l.startFloor(0); err != nil {
				return err
			}
		case l.rep.PGRestarts == 0 && el >= pgAt && l.pg.CanRestart():
			if err := l.pg.Restart(); err != nil {
				return err
			}
			l.rep.PGRestarts++
		}
		for h, f := range l.floors {
			if f.exited() {
				return fmt.Errorf("floorload: floor host %d stopped during the run (see %s)", h+1, filepath.Join(l.o.Dir, fmt.Sprintf("floor%d.log", h+1)))
			}
		}
		if l.o.Progress != nil {
			l.o.Progress(min(sec, int(l.o.Duration/time.Second)))
		}
		if el >= l.o.Duration {
			break
		}
	}
	cancel()
	wg.Wait()
	l.rep.Seconds = time.Since(start).Seconds()
	return werr
}

// rest stops play and lets the floors catch up: each machine is killed and
// started again to finish the game it was in and one more, then serve its link;
// once the floors' records of every machine stand still, everything stops and
// the books are read and checked. Books read before a floor caught up differ
// only by what it had still to do (a hit to answer, a cycle to record), so a
// failed check is read again after another rest; a violation stays.
func (l *load) rest() error {
	for h := range l.o.Hosts {
		l.rep.DBOutages += campaign.CountLines(filepath.Join(l.o.Dir, fmt.Sprintf("floor%d.log", h+1)), dbFailsLine)
	}
	n, p50, p99 := l.cycles.Stats()
	l.rep.Cycles, l.rep.CycleP50MS, l.rep.CycleP99MS = n, ms(p50), ms(p99)
	var b Books
	var err error
	for attempt := 1; attempt <= restAttempts; attempt++ {
		l.rep.RestAttempts = attempt
		l.stopAll(syscall.SIGKILL)
		for i := range l.o.Machines {
			if err := l.startMachine(i, 1); err != nil {
				return err
			}
		}
		for h := range l.o.Hosts {
			if err := l.startFloor(h); err != nil {
				return err
			}
		}
		for i := range l.o.Machines {
			if err := l.waitPlayed(i, attempt); err != nil {
				return err
			}
		}
		if err := l.waitStill(); err != nil {
			return err
		}
		l.stopAll(syscall.SIGTERM)
		if b, err = l.readBooks(); err != nil {
			return err
		}
		l.rep.Checks = Checks(b)
		if len(l.rep.Failed()) == 0 {
			break
		}
	}
	for _, m := range b.Machines {
		l.rep.Games += m.Games
		l.rep.CoinInCents += m.CoinIn
	}
	for _, a := range b.Controllers {
		l.rep.Hits += int(a.Awards)
	}
	if b.Wallet != nil {
		l.rep.Transfers, l.rep.CashIns = b.Wallet.Applied, b.Wallet.CashIns
	}
	if l.rep.Seconds > 0 {
		l.rep.TransfersPS = float64(l.rep.Transfers) / l.rep.Seconds
		l.rep.HitsPS = float64(l.rep.Hits) / l.rep.Seconds
	}
	return nil
}

const (
	restAttempts = 4
	// restGuard ends a wait at rest that should take seconds (a machine that
	// does not play, a floor that does not poll): a hang guard, not a budget.
	restGuard = 10 * time.Minute
)

// summaryLine is egm run --headless --autoplay's summary, once its games are
// played (not the line it prints when it starts them).
const summaryLine = " games/s), "

// dbFailsLine is egm-floor run's line when its database starts failing.
const dbFailsLine = "the floor database fails"

// waitPlayed waits until machine i, started at rest for the n-th time, says it
// played its game (one summary line per start at rest: the load's are --quiet).
func (l *load) waitPlayed(i, n int) error {
	path := filepath.Join(l.o.Dir, machineName(i)+".log")
	deadline := time.Now().Add(restGuard)
	for campaign.CountLines(path, summaryLine) < n {
		if l.machines[i].exited() {
			return fmt.Errorf("floorload: machine %d exited at rest (see %s)", i+1, path)
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("floorload: machine %d played no game at rest within %v (see %s)", i+1, restGuard, path)
		}
		time.Sleep(100 * time.Millisecond)
	}
	return nil
}

// waitStill waits until each floor has shown the same meters of each of its
// machines in three cycles in a row: the floors have caught up with the
// machines at rest (the records themselves are checked after: floor records).
func (l *load) waitStill() error {
	var all []int
	for i := range l.o.Machines {
		all = append(all, i+1)
	}
	deadline := time.Now().Add(restGuard)
	for !l.cycles.Still(all, 3) {
		for h, f := range l.floors {
			if f.exited() {
				return fmt.Errorf("floorload: floor host %d stopped at rest (see %s)", h+1, filepath.Join(l.o.Dir, fmt.Sprintf("floor%d.log", h+1)))
			}
		}
		if time.Now().After(deadline) {
			return errors.New("floorload: the floors did not settle at rest within " + restGuard.String())
		}
		time.Sleep(200 * time.Millisecond)
	}
	return nil
}
