package saslink

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"egm/floor"
	"egm/sas"
)

// syncBuffer is a log written by the link's goroutines and read by the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestAttachRefusesBadLines(t *testing.T) {
	m := openMachine(t, t.TempDir())
	defer m.Close()
	for _, tc := range []struct {
		spec string
		addr int
		want string
	}{
		{"tcp:127.0.0.1:0", 0, "1..127"},
		{"tcp:127.0.0.1:0", 128, "1..127"},
		{"tcp", 1, "want tcp:HOST:PORT"},
		{"udp:h:1", 1, `unknown transport "udp"`},
		{"tty:/nonexistent/ttyS9", 1, "no such file"},
		{"tcp:256.0.0.1:bad", 1, "saslink: floor line"},
	} {
		var log syncBuffer
		if _, err := Attach(t.Context(), m, "EGM-1", tc.spec, tc.addr, &log); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s address %d: %v, want %q", tc.spec, tc.addr, err, tc.want)
		}
	}
}

// A floor poller reaches the machine over the TCP line Attach opened and said.
func TestAttachServesTCP(t *testing.T) {
	m := openMachine(t, t.TempDir())
	defer m.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var log syncBuffer
	defer func(d time.Duration) { StatsEvery = d }(StatsEvery)
	StatsEvery = 50 * time.Millisecond
	b, err := Attach(ctx, m, "EGM-1", "tcp:127.0.0.1:0", 3, &log)
	if err != nil {
		t.Fatal(err)
	}
	said := strings.TrimSpace(log.String())
	where, ok := strings.CutPrefix(said, "sas: listening on tcp:")
	where, ok2 := strings.CutSuffix(where, " address 3")
	if !ok || !ok2 {
		t.Fatalf("log %q", said)
	}
	port, closePort, err := floor.DialSAS("tcp:" + where)
	if err != nil {
		t.Fatal(err)
	}
	defer closePort()
	p := &floor.Poller{Addr: 3, Host: &sas.Host{Port: port}}
	mt, err := p.Meters()
	if err != nil {
		t.Fatal(err)
	}
	if mt.GamesPlayed != 0 || mt.CurrentCredits != 0 {
		t.Fatalf("a fresh machine's meters %+v", mt)
	}
	// The link's counters: in LinkStats and, periodically, in the log.
	p.Host.Send([]byte{0xFF, 0x00, 0x03, 0x99}) // an unknown command
	deadline := time.Now().Add(3 * time.Second)
	for !strings.Contains(log.String(), "unknown command 1") && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if st := b.LinkStats(); st.Served != 1 || st.IgnoredBy[sas.CauseUnknown] != 1 || st.Connections != 1 {
		t.Fatalf("link stats %v", st)
	}
	if l := log.String(); !strings.Contains(l, "sas: link stats: polls 1, served 1") || !strings.Contains(l, "(unknown command 1)") ||
		!strings.Contains(l, ": accepted") {
		t.Fatalf("log %q", l)
	}
}

// tty:DEVICE serves a serial device carrying the escaped stream as it is (an
// emulated board's UART behind a TCP chardev): here the slave of a pty, whose
// master stands for the chardev's TCP connection to the floor.
func TestAttachServesTTY(t *testing.T) {
	m := openMachine(t, t.TempDir())
	defer m.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	master, slave, err := sas.OpenPTY("")
	if err != nil {
		t.Skipf("no pty here: %v", err)
	}
	defer master.Close()
	var log syncBuffer
	if _, err := Attach(ctx, m, "EGM-1", "tty:"+slave, 5, &log); err != nil {
		t.Fatal(err)
	}
	if said := strings.TrimSpace(log.String()); said != "sas: tty "+slave+" (escaped stream) address 5" {
		t.Fatalf("log %q", said)
	}
	p := &floor.Poller{Addr: 5, Host: &sas.Host{Port: master}}
	mt, err := p.Meters()
	if err != nil {
		t.Fatalf("meters over the tty: %v (log %q)", err, log.String())
	}
	if mt.GamesPlayed != 0 || mt.CurrentCredits != 0 {
		t.Fatalf("a fresh machine's meters %+v", mt)
	}
}
