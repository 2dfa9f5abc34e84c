package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"egm/floor"
	"egm/sas"
)

// floorReport is what `egm floor --once --json` prints.
type floorReport struct {
	Machine    byte              `json:"machine"`
	Meters     floor.Meters      `json:"meters"`
	Exceptions []floor.Exception `json:"exceptions"`
}

// cmdFloor is the floor-system simulator: it polls one or more machines over SAS,
// each with its own Poller, keeps what it learns in its database and shows it; with
// --jackpot one linked jackpot controller serves them all (floor.Linked).
func cmdFloor(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("floor", "floor --connect [ADDR=]tcp:HOST:PORT|pty:PATH [--connect …] [--addr N] [--db FILE] [--once] [--json] [--interval D] [--jackpot FILE] [--wallet [--control 127.0.0.1:PORT|unix:PATH]] [--enable|--disable]", stderr)
	var connects connectList
	fs.Var(&connects, "connect", "a machine's SAS link: [ADDR=]tcp:HOST:PORT or pty:PATH (repeat for several machines)")
	addr := fs.Int("addr", 1, "the SAS address of the first machine (1..127); the next ones count up unless given as ADDR=")
	dbPath := fs.String("db", "./var/floor.db", "the floor database")
	once := fs.Bool("once", false, "poll the first machine once (meters and exceptions), print and exit")
	asJSON := fs.Bool("json", false, "with --once: print JSON")
	interval := fs.Duration("interval", time.Second, "time between poll cycles")
	quiet := fs.Bool("quiet", false, "print only jackpot and bonus lines, not each cycle's meters")
	jpPath := fs.String("jackpot", "", "run the linked jackpot controller on this database: contributions from coin-in, levels broadcast (86), hits and mystery awards paid")
	window := fs.String("mystery-window", "", "lab runs only: a new jackpot database's mystery window MIN:MAX in EUR (the shipped window is 8000:12000)")
	withWallet := fs.Bool("wallet", false, "run the cashless wallet in this process and database: pending transfers resolved at start and every --recover-every, idle cash-outs (6A) returned to the last cash-in's wallet")
	control := fs.String("control", "", "with --wallet: serve the wallet commands (egm wallet … --floor ADDR) on this loopback address or unix:PATH")
	recoverEvery := fs.Duration("recover-every", 30*time.Second, "with --wallet: how often the pending transfers are asked again")
	enable := fs.Bool("enable", false, "send enable (02) first")
	disable := fs.Bool("disable", false, "send disable (01) first")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *addr < 1 || *addr > 127 {
		return badUsage(fs, "--addr must be 1..127, not %d", *addr)
	}
	if *enable && *disable {
		return badUsage(fs, "--enable and --disable exclude each other")
	}
	if *interval < 10*time.Millisecond {
		return badUsage(fs, "--interval must be at least 10ms")
	}
	if *control != "" && !*withWallet {
		return badUsage(fs, "--control needs --wallet")
	}
	if *control != "" {
		if _, _, err := controlNetwork(*control); err != nil {
			return badUsage(fs, "%v", err)
		}
	}
	if *withWallet && *once {
		return badUsage(fs, "--wallet runs with the polling loop, not --once")
	}
	if *recoverEvery <= 0 {
		return badUsage(fs, "--recover-every must be positive")
	}
	if len(connects) == 0 {
		return badUsage(fs, "--connect is required: want tcp:HOST:PORT or pty:PATH")
	}
	ms, err := parseMachines(connects, *addr)
	if err != nil {
		fmt.Fprintln(stderr, err)
		fs.Usage()
		return 2
	}
	if *once {
		ms = ms[:1]
	}
	for _, fm := range ms {
		// One look or a command: every link must be up. Polling: a machine that is
		// down now is dialled again each cycle.
		if err := fm.dial(); err != nil && (*once || *enable || *disable || len(ms) == 1) {
			fmt.Fprintln(stderr, err)
			fs.Usage()
			return 2
		}
		defer func() {
			if fm.close != nil {
				fm.close()
			}
		}()
	}
	st, err := floor.OpenStore(*dbPath)
	if err != nil {
		return fail(stderr, err)
	}
	defer st.Close()
	var link *floor.Linked
	if *jpPath != "" {
		levels, err := mysteryWindow(*window)
		if err != nil {
			return badUsage(fs, "%v", err)
		}
		if link, err = openLinked(*jpPath, levels, st, ms, stdout); err != nil {
			return fail(stderr, err)
		}
		defer link.C.Close()
	}
	if *enable || *disable {
		for _, fm := range ms {
			if err := fm.p.SetEnabled(*enable); err != nil {
				return fail(stderr, err)
			}
		}
	}
	ctx, stop := signal.NotifyContext(floorParent(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *withWallet {
		fw, err := newFloorWallet(st, stdout, *recoverEvery)
		if err != nil {
			return fail(stderr, err)
		}
		for _, fm := range ms {
			fm.wal = fw
		}
		if *control != "" {
			addr, err := serveControl(ctx, *control, fw)
			if err != nil {
				return fail(stderr, err)
			}
			fmt.Fprintf(stdout, "egm floor: wallet control on %s\n", addr)
		}
	}
	if *once {
		rec, ex, err := ms[0].cycle(ctx, st, link)
		if err != nil {
			return fail(stderr, err)
		}
		if *asJSON {
			if ex == nil {
				ex = []floor.Exception{}
			}
			return writeJSON(stdout, stderr, floorReport{Machine: rec.Machine, Meters: rec.Meters, Exceptions: ex})
		}
		printFloor(stdout, rec, ex)
		return 0
	}
	return pollFloor(ctx, ms, st, link, *interval, *quiet, stdout, stderr)
}

// floorParent is the floor loop's parent context (a test seam: tests stop an
// in-process floor by cancelling it).
var floorParent = context.Background

func printFloor(w io.Writer, r *floor.MetersRecord, ex []floor.Exception) {
	m := r.Meters
	fmt.Fprintf(w, "%s machine %d  credits %s  coin in %s  won %d/%d games  jackpot %s  handpay %s\n",
		r.Time.Format("15:04:05"), r.Machine, euros(int64(m.CurrentCredits)), euros(int64(m.CoinIn)), m.GamesWon, m.GamesPlayed,
		euros(int64(m.Jackpot)), euros(int64(m.Handpay)))
	for _, e := range ex {
		fmt.Fprintf(w, "  exception %02X\n", e.Code)
	}
}

// dialSAS opens the host's end of a machine's SAS link.
func dialSAS(spec string) (sas.Port, func(), error) {
	kind, target, ok := strings.Cut(spec, ":")
	if !ok || target == "" {
		return nil, nil, fmt.Errorf("egm floor: --connect %q: want tcp:HOST:PORT or pty:PATH", spec)
	}
	switch kind {
	case "tcp":
		c, err := net.DialTimeout("tcp", target, 3*time.Second)
		if err != nil {
			return nil, nil, fmt.Errorf("egm floor: %w", err)
		}
		return c.(*net.TCPConn), func() { c.Close() }, nil
	case "pty":
		f, err := sas.OpenPTYSlave(target)
		if err != nil {
			return nil, nil, fmt.Errorf("egm floor: %w", err)
		}
		return f, func() { f.Close() }, nil
	}
	return nil, nil, fmt.Errorf("egm floor: --connect %q: unknown transport %q (tcp or pty)", spec, kind)
}
