package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strings"
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

// cmdFloor is the floor-system simulator: it polls one machine over SAS, keeps what
// it learns in its database and shows it.
func cmdFloor(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("floor", "floor --connect tcp:HOST:PORT|pty:PATH [--addr N] [--db FILE] [--once] [--json] [--interval D] [--enable|--disable]", stderr)
	connect := fs.String("connect", "", "the machine's SAS link: tcp:HOST:PORT or pty:PATH")
	addr := fs.Int("addr", 1, "the machine's SAS address (1..127)")
	dbPath := fs.String("db", "./var/floor.db", "the floor database")
	once := fs.Bool("once", false, "poll once (meters and exceptions), print and exit")
	asJSON := fs.Bool("json", false, "with --once: print JSON")
	interval := fs.Duration("interval", time.Second, "time between meter reads")
	jpPath := fs.String("jackpot", "", "run the linked jackpot controller on this database: contributions from coin-in, levels broadcast (86)")
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
	if *interval < 50*time.Millisecond {
		return badUsage(fs, "--interval must be at least 50ms")
	}
	port, closePort, err := dialSAS(*connect)
	if err != nil {
		fmt.Fprintln(stderr, err)
		fs.Usage()
		return 2
	}
	defer closePort()
	st, err := floor.OpenStore(*dbPath)
	if err != nil {
		return fail(stderr, err)
	}
	defer st.Close()
	p := &floor.Poller{Addr: byte(*addr), Host: &sas.Host{Port: port}}
	var link *linkedJackpots
	if *jpPath != "" {
		if link, err = openLinkedJackpots(*jpPath, st, p.Addr); err != nil {
			return fail(stderr, err)
		}
		defer link.close()
	}
	if *enable || *disable {
		if err := p.SetEnabled(*enable); err != nil {
			return fail(stderr, err)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	for {
		ex, err := p.Drain(64, time.Now)
		if err != nil {
			return fail(stderr, err)
		}
		m, err := p.Meters()
		if err != nil {
			return fail(stderr, err)
		}
		if link != nil {
			if err := link.cycle(p, m, stdout); err != nil {
				return fail(stderr, err)
			}
		}
		rec := &floor.MetersRecord{Machine: p.Addr, Time: time.Now(), Meters: m}
		if err := st.Record(rec, ex); err != nil {
			return fail(stderr, err)
		}
		if *once {
			if *asJSON {
				if ex == nil {
					ex = []floor.Exception{}
				}
				return writeJSON(stdout, stderr, floorReport{Machine: p.Addr, Meters: m, Exceptions: ex})
			}
			printFloor(stdout, rec, ex)
			return 0
		}
		printFloor(stdout, rec, ex)
		select {
		case <-ctx.Done():
			return 0
		case <-time.After(*interval):
		}
	}
}

func printFloor(w io.Writer, r *floor.MetersRecord, ex []floor.Exception) {
	m := r.Meters
	fmt.Fprintf(w, "%s machine %d  credits %s  coin in %s  won %d/%d games  jackpot %s  handpay %s\n",
		r.Time.Format("15:04:05"), r.Machine, euros(m.CurrentCredits), euros(m.CoinIn), m.GamesWon, m.GamesPlayed,
		euros(m.Jackpot), euros(m.Handpay))
	for _, e := range ex {
		fmt.Fprintf(w, "  exception %02X\n", e.Code)
	}
}

func euros(c uint64) string { return fmt.Sprintf("%d.%02d EUR", c/100, c%100) }

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
