package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"time"

	"egm/machine"
	"egm/machine/saslink"
	"egm/sas"
)

// startSAS attaches the floor link to a running machine: spec is tcp:HOST:PORT (the
// machine listens, as behind a serial-over-IP bridge), pty:PATH (a pseudo-terminal
// whose host end is symlinked at PATH) or serial:DEVICE (the cabinet's UART). It
// prints where the link is and serves it until ctx ends.
func startSAS(ctx context.Context, m *machine.Machine, serial, spec string, addr int, stdout io.Writer) (*saslink.Bridge, error) {
	if addr < 1 || addr > 127 {
		return nil, fmt.Errorf("egm run: --sas-addr must be 1..127, not %d", addr)
	}
	kind, target, ok := strings.Cut(spec, ":")
	if !ok || target == "" {
		return nil, fmt.Errorf("egm run: --sas %q: want tcp:HOST:PORT, pty:PATH or serial:DEVICE", spec)
	}
	b, err := saslink.New(m, serial, programBytes)
	if err != nil {
		return nil, err
	}
	go b.Supervise(ctx, time.Second) // exception 53 when the progressive broadcasts stop
	link := &sas.Link{Addr: byte(addr), Handler: &sas.Responder{M: b}}
	switch kind {
	case "tcp":
		ln, err := net.Listen("tcp", target)
		if err != nil {
			return nil, fmt.Errorf("egm run: --sas: %w", err)
		}
		fmt.Fprintf(stdout, "sas: listening on tcp:%s address %d\n", ln.Addr(), addr)
		go link.ServeListener(ctx, ln)
	case "pty":
		master, slave, err := sas.OpenPTY(target)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(stdout, "sas: pty %s linked at %s address %d\n", slave, target, addr)
		// The machine holds the host's end open too: a pty whose host end every
		// process has closed reads EIO on the machine's end, which would end the
		// link after the first floor command that opened and closed it.
		hold, err := sas.OpenPTYSlave(slave)
		if err != nil {
			master.Close()
			return nil, err
		}
		go func() {
			defer master.Close()
			defer hold.Close()
			link.Serve(ctx, master)
		}()
	case "serial":
		f, err := sas.OpenSerial(target)
		if err != nil {
			return nil, err
		}
		link.RawWrites = true
		fmt.Fprintf(stdout, "sas: serial %s address %d\n", target, addr)
		go func() {
			defer f.Close()
			link.Serve(ctx, f)
		}()
	default:
		return nil, fmt.Errorf("egm run: --sas %q: unknown transport %q (tcp, pty or serial)", spec, kind)
	}
	return b, nil
}

// programBytes is the running program, for the ROM signature (long poll 21).
func programBytes() ([]byte, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return os.ReadFile(exe)
}
