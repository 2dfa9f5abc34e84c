package saslink

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"time"

	"egm/machine"
	"egm/sas"
)

// Backoff is the wait before a failed floor line is opened again.
var Backoff = sas.Backoff{Min: 500 * time.Millisecond, Max: 30 * time.Second}

// Attach attaches the floor link to a running machine m (its serial number
// serial, SAS address addr 1..127): spec is tcp:HOST:PORT (the machine listens, as
// behind a serial-over-IP bridge), pty:PATH (a pseudo-terminal whose host end is
// symlinked at PATH), serial:DEVICE (the cabinet's UART) or tty:DEVICE (a serial
// device that carries the escaped stream, as an emulated board's UART behind a
// TCP chardev does: sas.OpenTTY). It opens the line once
// (an error there is Attach's), says on log where the link is and serves it until
// ctx ends: a line that fails or closes is logged and opened again after Backoff,
// each attempt logged, so that the machine is never silently off the floor; a
// panic in the bridge costs one unanswered poll, logged with its stack
// (sas.Link.OnPanic). The ROM signature (long poll 21) is over the running program
// (ProgramFile).
func Attach(ctx context.Context, m *machine.Machine, serial, spec string, addr int, log io.Writer) (*Bridge, error) {
	if addr < 1 || addr > 127 {
		return nil, fmt.Errorf("saslink: SAS address must be 1..127, not %d", addr)
	}
	kind, target, ok := strings.Cut(spec, ":")
	if !ok || target == "" {
		return nil, fmt.Errorf("saslink: floor line %q: want tcp:HOST:PORT, pty:PATH, serial:DEVICE or tty:DEVICE", spec)
	}
	open, ok := lines[kind]
	if !ok {
		return nil, fmt.Errorf("saslink: floor line %q: unknown transport %q (tcp, pty, serial or tty)", spec, kind)
	}
	b, err := New(m, serial, ProgramFile)
	if err != nil {
		return nil, err
	}
	var mu sync.Mutex
	logf := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(log, format+"\n", args...)
	}
	link := &sas.Link{Addr: byte(addr), Handler: &sas.Responder{M: b}, RawWrites: kind == "serial",
		OnPanic:      func(v any, stack []byte) { logf("sas: the bridge panicked, poll unanswered: %v\n%s", v, stack) },
		OnConnection: func(event, remote string) { logf("sas: floor host %s: %s", remote, event) }}
	b.link = link
	go logStats(ctx, link, logf)
	go b.ROMSignature(0) // the seed hosts ask first, computed before they ask
	serve, where, err := open(link, target)
	if err != nil {
		return nil, err
	}
	logf("sas: %s address %d", where, addr)
	go b.Supervise(ctx, time.Second) // exception 53 when the progressive broadcasts stop
	go link.KeepServing(ctx, spec, func(ctx context.Context) error {
		if serve == nil {
			s, where, err := open(link, target)
			if err != nil {
				return err
			}
			serve = s
			logf("sas: reopened: %s address %d", where, addr)
		}
		err := serve(ctx)
		serve = nil // the next attempt opens the line again
		return err
	}, Backoff, logf)
	return b, nil
}

// StatsEvery is how often the link's counters are logged (when they changed):
// frames served, ignored by cause, CRC and line errors, exceptions delivered
// and delivered again — what an engineer reads in the event log.
var StatsEvery = time.Minute

func logStats(ctx context.Context, link *sas.Link, logf func(string, ...any)) {
	t := time.NewTicker(StatsEvery)
	defer t.Stop()
	last := ""
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if s := link.Stats().String(); s != last {
			logf("sas: link stats: %s", s)
			last = s
		}
	}
}

// LinkStats are the counters of the floor link Attach put the bridge on (zero
// before Attach).
func (b *Bridge) LinkStats() sas.Stats {
	if b.link == nil {
		return sas.Stats{}
	}
	return b.link.Stats()
}

// line opens a floor line for link: serve serves it until it fails or ctx ends
// (and then closes it); where says what was opened.
type line func(link *sas.Link, target string) (serve func(context.Context) error, where string, err error)

var lines = map[string]line{"tcp": openTCP, "pty": openPTY, "serial": openSerial, "tty": openTTY}

func openTCP(link *sas.Link, target string) (func(context.Context) error, string, error) {
	ln, err := net.Listen("tcp", target)
	if err != nil {
		return nil, "", fmt.Errorf("saslink: floor line: %w", err)
	}
	return func(ctx context.Context) error { return link.ServeListener(ctx, ln) }, "listening on tcp:" + ln.Addr().String(), nil
}

func openPTY(link *sas.Link, target string) (func(context.Context) error, string, error) {
	master, slave, err := sas.OpenPTY(target)
	if err != nil {
		return nil, "", err
	}
	// The machine holds the host's end open too: a pty whose host end every
	// process has closed reads EIO on the machine's end, which would end the
	// link after the first floor command that opened and closed it.
	hold, err := sas.OpenPTYSlave(slave)
	if err != nil {
		master.Close()
		return nil, "", err
	}
	return func(ctx context.Context) error {
		defer master.Close()
		defer hold.Close()
		return link.Serve(ctx, master)
	}, fmt.Sprintf("pty %s linked at %s", slave, target), nil
}

func openSerial(link *sas.Link, target string) (func(context.Context) error, string, error) {
	f, err := sas.OpenSerial(target)
	if err != nil {
		return nil, "", err
	}
	return func(ctx context.Context) error {
		defer f.Close()
		return link.Serve(ctx, f)
	}, "serial " + target, nil
}

func openTTY(link *sas.Link, target string) (func(context.Context) error, string, error) {
	f, err := sas.OpenTTY(target)
	if err != nil {
		return nil, "", err
	}
	return func(ctx context.Context) error {
		defer f.Close()
		return link.Serve(ctx, f)
	}, "tty " + target + " (escaped stream)", nil
}

// ProgramFile is the running program's bytes, for the ROM signature.
func ProgramFile() ([]byte, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return os.ReadFile(exe)
}
