package sas

import (
	"bytes"
	"context"
	"net"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

func TestOverTCP(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	m := &fakeMachine{credits: 4321, queue: []byte{0x7E}}
	l := &Link{Addr: 1, Handler: m}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- l.ServeListener(ctx, ln) }()
	defer func() {
		cancel()
		<-done
	}()
	// Two hosts one after the other: the bridge accepts the next when one leaves.
	for i := 0; i < 2; i++ {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		h := &Host{Port: c.(*net.TCPConn)}
		got, err := h.LongPoll(1, 0x1A, nil, false)
		if err != nil || !bytes.Equal(got, AppendCRC([]byte{1, 0x1A, 0, 0, 0x43, 0x21})) {
			t.Fatalf("host %d: % X %v", i, got, err)
		}
		c.Close()
	}
}

func TestOverPTY(t *testing.T) {
	link := filepath.Join(t.TempDir(), "sas0")
	master, slave, err := OpenPTY(link)
	if err != nil {
		t.Fatal(err)
	}
	defer master.Close()
	host, err := OpenPTYSlave(link)
	if err != nil {
		t.Fatalf("opening the symlink to %s: %v", slave, err)
	}
	defer host.Close()
	m := &fakeMachine{credits: 99, queue: []byte{0x51}}
	l := &Link{Addr: 3, Handler: m}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- l.Serve(ctx, master) }()
	defer func() {
		cancel()
		<-done
	}()
	h := &Host{Port: host}
	if got, err := h.GeneralPoll(3); err != nil || got != 0x51 {
		t.Fatalf("general poll over pty: %02X %v", got, err)
	}
	// A data byte FF inside the reply travels as FF FF and arrives as FF.
	m.credits = 0xFF // BCD 00 00 02 55
	got, err := h.LongPoll(3, 0x1A, nil, false)
	if err != nil || !bytes.Equal(got, AppendCRC([]byte{3, 0x1A, 0, 0, 0x02, 0x55})) {
		t.Fatalf("meter over pty: % X %v", got, err)
	}
}

func TestSerialTermios(t *testing.T) {
	// A pty accepts the same termios calls as a UART, so the settings can be read
	// back here even without the cabinet's port.
	master, slave, err := OpenPTY("")
	if err != nil {
		t.Fatal(err)
	}
	defer master.Close()
	f, err := OpenSerial(slave)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var tio *unix.Termios
	if err := withFd(f, func(fd int) (err error) {
		tio, err = unix.IoctlGetTermios(fd, unix.TCGETS)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		name string
		ok   bool
	}{
		{"INPCK|PARMRK", tio.Iflag&(unix.INPCK|unix.PARMRK) == unix.INPCK|unix.PARMRK},
		{"no IGNPAR/ISTRIP", tio.Iflag&(unix.IGNPAR|unix.ISTRIP) == 0},
		{"8 data bits", tio.Cflag&unix.CSIZE == unix.CS8},
		{"raw input", tio.Lflag&(unix.ICANON|unix.ECHO|unix.ISIG) == 0},
		{"19200 baud", tio.Cflag&unix.CBAUD == unix.B19200},
	}
	var bad []string
	for _, c := range checks {
		if !c.ok {
			bad = append(bad, c.name)
		}
	}
	sort.Strings(bad)
	if len(bad) > 0 {
		t.Fatalf("termios lacks %v (%+v)", bad, tio)
	}
	if _, err := OpenSerial(filepath.Join(t.TempDir(), "nope")); err == nil {
		t.Fatal("a missing device opened")
	}
}

// BenchmarkPollReply measures poll-to-reply latency over a pty (the time from the
// host's write of a long poll to the whole reply read back).
func BenchmarkPollReply(b *testing.B) {
	master, slave, err := OpenPTY("")
	if err != nil {
		b.Fatal(err)
	}
	defer master.Close()
	host, err := OpenPTYSlave(slave)
	if err != nil {
		b.Fatal(err)
	}
	defer host.Close()
	l := &Link{Addr: 1, Handler: &fakeMachine{credits: 5}}
	ctx, cancel := context.WithCancel(context.Background())
	go l.Serve(ctx, master)
	defer cancel()
	poll := append(AppendSymbol(nil, Symbol{B: 1, Wake: true}), 0x1A)
	want := AppendEscaped(nil, AppendCRC([]byte{1, 0x1A, 0, 0, 0, 5}))
	buf := make([]byte, 64)
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if _, err := host.Write(poll); err != nil {
			b.Fatal(err)
		}
		got := 0
		for got < len(want) {
			n, err := host.Read(buf[got:])
			if err != nil {
				b.Fatal(err)
			}
			got += n
		}
		lat = append(lat, time.Since(t0))
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
}
