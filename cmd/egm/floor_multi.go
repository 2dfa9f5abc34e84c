package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"egm/floor"
	"egm/sas"
)

// connectList is the repeatable --connect flag: [ADDR=]tcp:HOST:PORT or pty:PATH.
type connectList []string

func (c *connectList) String() string     { return strings.Join(*c, ",") }
func (c *connectList) Set(v string) error { *c = append(*c, v); return nil }

// floorMachine is one machine the floor polls, with its own link and Poller.
type floorMachine struct {
	addr  byte
	spec  string
	p     *floor.Poller
	close func()
	down  string       // the last error, while the link is down
	wal   *floorWallet // egm floor --wallet: the wallet's part of each cycle
}

// parseMachines turns the --connect values into machines: an explicit ADDR= or
// the next address from first on.
func parseMachines(specs []string, first int) ([]*floorMachine, error) {
	var out []*floorMachine
	used := map[byte]bool{}
	next := first
	for _, s := range specs {
		addr := next
		if a, rest, ok := strings.Cut(s, "="); ok {
			n, err := strconv.Atoi(a)
			if err != nil {
				return nil, fmt.Errorf("egm floor: --connect %q: address %q is not a number", s, a)
			}
			addr, s = n, rest
		}
		if addr < 1 || addr > 127 {
			return nil, fmt.Errorf("egm floor: --addr must be 1..127, not %d", addr)
		}
		if used[byte(addr)] {
			return nil, fmt.Errorf("egm floor: two machines at address %d", addr)
		}
		kind, target, ok := strings.Cut(s, ":")
		if !ok || target == "" {
			return nil, fmt.Errorf("egm floor: --connect %q: want tcp:HOST:PORT or pty:PATH", s)
		}
		if kind != "tcp" && kind != "pty" {
			return nil, fmt.Errorf("egm floor: --connect %q: unknown transport %q (tcp or pty)", s, kind)
		}
		used[byte(addr)] = true
		out = append(out, &floorMachine{addr: byte(addr), spec: s})
		next = addr + 1
	}
	return out, nil
}

// dial opens the machine's link if it is down.
func (fm *floorMachine) dial() error {
	if fm.p != nil {
		return nil
	}
	port, closePort, err := dialSAS(fm.spec)
	if err != nil {
		return err
	}
	fm.p, fm.close = &floor.Poller{Addr: fm.addr, Host: &sas.Host{Port: port}}, closePort
	return nil
}

// hangUp drops the machine's link after an error; the next cycle dials again.
func (fm *floorMachine) hangUp(err error, stderr io.Writer) {
	if fm.close != nil {
		fm.close()
	}
	fm.p, fm.close = nil, nil
	if msg := err.Error(); msg != fm.down {
		fmt.Fprintf(stderr, "egm floor: machine %d (%s): %v; polling it again\n", fm.addr, fm.spec, err)
		fm.down = msg
	}
}

// cycle polls one machine once: exceptions, meters, the linked jackpots, the
// floor's record, and with --wallet the wallet's recoveries and idle cash-outs.
func (fm *floorMachine) cycle(ctx context.Context, st *floor.Store, link *floor.Linked) (*floor.MetersRecord, []floor.Exception, error) {
	if err := fm.dial(); err != nil {
		return nil, nil, err
	}
	ex, err := fm.p.Drain(64, time.Now)
	if fm.wal != nil {
		fm.wal.note(fm, ex) // read is read: a cash-out request survives this cycle's failure
	}
	if err != nil {
		return nil, ex, err
	}
	m, err := fm.p.Meters()
	if err != nil {
		return nil, ex, err
	}
	if link != nil {
		if err := link.Cycle(fm.p, m); err != nil {
			return nil, ex, err
		}
	}
	rec := &floor.MetersRecord{Machine: fm.addr, Time: time.Now(), Meters: m}
	if err := st.Record(rec, ex); err != nil {
		return nil, ex, err
	}
	if fm.wal != nil {
		fm.wal.cycle(ctx, fm)
	}
	fm.down = ""
	return rec, ex, nil
}

// pollFloor polls the machines until ctx ends: each machine in a loop of its own
// (its own link and Poller, one cycle per interval), so a machine whose link is
// slow or down never holds up the others; the controller and the floor's
// database are shared. A machine whose link fails is dialled again on its next
// cycle. Only a failure of the floor's own databases stops the floor.
func pollFloor(ctx context.Context, ms []*floorMachine, st *floor.Store, link *floor.Linked, interval time.Duration, quiet bool, stdout, stderr io.Writer) int {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var mu sync.Mutex // one machine's lines at a time
	fatal := make(chan error, len(ms))
	var wg sync.WaitGroup
	for _, fm := range ms {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				rec, ex, err := fm.cycle(ctx, st, link)
				switch {
				case err != nil && isFloorFatal(err):
					fatal <- err
					cancel()
					return
				case err != nil:
					mu.Lock()
					fm.hangUp(err, stderr)
					mu.Unlock()
				case !quiet:
					mu.Lock()
					printFloor(stdout, rec, ex)
					mu.Unlock()
				}
				select {
				case <-ctx.Done():
					return
				case <-time.After(interval):
				}
			}
		}()
	}
	wg.Wait()
	select {
	case err := <-fatal:
		return fail(stderr, err)
	default:
		return 0
	}
}

// isFloorFatal tells the floor's own failures (its database, the controller's)
// from a machine's link failing.
func isFloorFatal(err error) bool {
	s := err.Error()
	return strings.HasPrefix(s, "jackpot: ") || strings.HasPrefix(s, "floor: record") ||
		strings.HasPrefix(s, "floor: journal") || strings.HasPrefix(s, "floor: bonus payment") ||
		strings.HasPrefix(s, "floor: jackpot baseline") || strings.HasPrefix(s, "floor: bonus journal")
}
