package floorcli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"egm/floor"
	"egm/floor/desk"
	"egm/floor/jackpots"
	"egm/internal/cli"
	"egm/money"
)

// floorReport is what `egm-floor run --once --json` prints.
type floorReport = floor.CycleReport

// cmdFloor is the floor-system simulator (floor.Loop): it polls one or more
// machines over SAS, keeps what it learns in its database and shows it; with
// --jackpot one linked jackpot controller serves them all, with --wallet the
// cashless wallet runs in this process.
func cmdFloor(parent context.Context, args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("run", "run --connect [ADDR=]tcp:HOST:PORT|pty:PATH [--connect …] [--addr N] [--db bbolt:PATH|postgres://… [--db-password-file FILE]] [--once] [--json] [--interval D] [--currency "+strings.Join(money.Codes(), "|")+"] [--jackpot FILE|db] [--wallet [--control 127.0.0.1:PORT|unix:PATH]] [--enable|--disable]", stderr)
	var connects cli.MultiFlag
	fs.Var(&connects, "connect", "a machine's SAS link: [ADDR=]tcp:HOST:PORT or pty:PATH (repeat for several machines)")
	addr := fs.Int("addr", 1, "the SAS address of the first machine (1..127); the next ones count up unless given as ADDR=")
	dbPath := fs.String("db", "./var/floor.db", "the floor database: bbolt:PATH (or a PATH), or postgres://ROLE@HOST/DB (no password: it comes from "+floor.PasswordEnv+", PGPASSWORD or --db-password-file)")
	dbPasswordFile := fs.String("db-password-file", "", "with --db postgres://…: the file holding its password (mode 0600)")
	once := fs.Bool("once", false, "poll the first machine once (meters and exceptions), print and exit")
	asJSON := fs.Bool("json", false, "with --once: print JSON")
	interval := fs.Duration("interval", time.Second, "time between poll cycles")
	curCode := fs.String("currency", money.EUR.Code, "the floor's currency (ISO 4217: "+strings.Join(money.Codes(), " or ")+"); a machine that counts in another is not linked")
	quiet := fs.Bool("quiet", false, "print only jackpot and bonus lines, not each cycle's meters")
	jpPath := fs.String("jackpot", "", "run the linked jackpot controller on this bbolt file, or \"db\": in the floor's PostgreSQL --db, shared by every floor host on it (a wide-area jackpot): contributions from coin-in, levels broadcast (86), hits and mystery awards paid")
	window := fs.String("mystery-window", "", "lab runs only: a new jackpot database's mystery window MIN:MAX in whole units of --currency (the shipped window is 8000:12000 in euros)")
	withWallet := fs.Bool("wallet", false, "run the cashless wallet in this process and database: pending transfers resolved at start and every --recover-every, idle cash-outs (6A) returned to the last cash-in's wallet")
	control := fs.String("control", "", "with --wallet: serve the wallet commands (egm-floor wallet … --floor ADDR) on this loopback address or unix:PATH")
	recoverEvery := fs.Duration("recover-every", 30*time.Second, "with --wallet: how often the pending transfers are asked again")
	romSeed := fs.String("rom-signature", "", "with --once: instead of the meters, ask the first machine for its ROM signature (long poll 21) seeded with these 4 hex digits; print it and how long it took")
	enable := fs.Bool("enable", false, "send enable (02) first")
	disable := fs.Bool("disable", false, "send disable (01) first")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	seed, seedOK := parseSeed(*romSeed)
	switch {
	case *romSeed != "" && !*once:
		return prog.BadUsage(fs, "--rom-signature needs --once")
	case *romSeed != "" && !seedOK:
		return prog.BadUsage(fs, "--rom-signature wants 4 hex digits (a seed such as 1A2B), not %q", *romSeed)
	}
	plan, err := floor.Options{Connects: connects, DB: *dbPath, FirstAddr: *addr, Once: *once, Interval: *interval, Currency: *curCode,
		MysteryWindow: *window, Wallet: *withWallet, Control: *control, RecoverEvery: *recoverEvery,
		Enable: *enable, Disable: *disable}.Validate()
	if err != nil {
		return cli.UsageErr(fs, err)
	}
	cur, levels, ms := plan.Currency, plan.Levels, plan.Machines
	for _, m := range ms {
		// One look or a command: every link must be up. Polling: a machine that is
		// down now is dialled again each cycle.
		if err := m.Dial(); err != nil && (*once || *enable || *disable || len(ms) == 1) {
			return cli.UsageErr(fs, err)
		}
		defer m.Close()
	}
	st, err := floor.OpenDB(*dbPath, floor.DBOptions{PasswordFile: *dbPasswordFile})
	if err != nil {
		return prog.Fail(stderr, err)
	}
	defer st.Close()
	if err := st.SetCurrency(cur); err != nil {
		return prog.Fail(stderr, err)
	}
	out := &floor.Lines{W: stdout}
	loop := &floor.Loop{Store: st, Interval: *interval, Currency: cur,
		Down: func(m *floor.Machine, err error) {
			if floor.IsCurrency(err) {
				fmt.Fprintf(stderr, "egm-floor: machine %d (%s): %v\n", m.Addr, m.Spec, err)
				return
			}
			fmt.Fprintf(stderr, "egm-floor: machine %d (%s): %v; polling it again\n", m.Addr, m.Spec, err)
		},
		Database: func(err error) {
			if err != nil {
				fmt.Fprintf(stderr, "egm-floor: the floor database fails: %v; every machine's cycle is tried again until it answers\n", err)
				return
			}
			fmt.Fprintln(stderr, "egm-floor: the floor database answers again")
		}}
	if !*quiet {
		loop.Cycled = func(rec *floor.MetersRecord, ex []floor.Exception) { floor.PrintCycle(stdout, rec, ex) }
	}
	if *jpPath != "" {
		addrs := make([]byte, len(ms))
		for i, m := range ms {
			addrs[i] = m.Num
		}
		linked, err := jackpots.OpenLinked(*jpPath, levels, st, addrs, out.Line)
		if err != nil {
			return prog.Fail(stderr, err)
		}
		defer linked.C.Close()
		loop.Linked = linked
	}
	if *enable || *disable {
		for _, m := range ms {
			if err := m.CheckCurrency(); err != nil {
				return prog.Fail(stderr, err)
			}
			if err := m.Poller().SetEnabled(*enable); err != nil {
				return prog.Fail(stderr, err)
			}
		}
	}
	ctx, stop := signal.NotifyContext(parent, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *once && *romSeed != "" {
		return romSignature(ms[0].Poller(), seed, *asJSON, stdout, stderr)
	}
	if *once {
		rec, ex, err := ms[0].Cycle(ctx, st, loop.Linked)
		if err != nil {
			return prog.Fail(stderr, err)
		}
		if *asJSON {
			return prog.WriteJSON(stdout, stderr, floor.NewCycleReport(rec, ex))
		}
		floor.PrintCycle(stdout, rec, ex)
		return 0
	}
	if *withWallet {
		wl, err := desk.NewWalletLoop(st, *recoverEvery, func(s string) { out.Line("wallet: " + s) })
		if err != nil {
			return prog.Fail(stderr, err)
		}
		loop.Wallet = wl
		if *control != "" {
			addr, err := desk.ServeControl(ctx, *control, wl)
			if err != nil {
				return prog.Fail(stderr, err)
			}
			out.Line("egm-floor run: wallet control on " + addr)
		}
	}
	if err := loop.Run(ctx, ms); err != nil {
		return prog.Fail(stderr, err)
	}
	return 0
}
