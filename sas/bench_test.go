package sas

import (
	"context"
	"io"
	"net"
	"testing"
	"time"
)

// loopPort replays one poll forever and discards the replies: the machine's side of
// the link alone, with no peer to wait for.
type loopPort struct {
	poll []byte
	n    int
	stop int
}

func (p *loopPort) Read(b []byte) (int, error) {
	if p.stop <= 0 {
		return 0, io.EOF
	}
	p.stop--
	return copy(b, p.poll), nil
}
func (p *loopPort) Write(b []byte) (int, error)     { p.n++; return len(b), nil }
func (p *loopPort) SetReadDeadline(time.Time) error { return nil }

// BenchmarkServePoll is the machine's cost of one meter poll (1A), read, answered
// and written: time and allocations per poll in steady state.
func BenchmarkServePoll(b *testing.B) {
	poll := append(AppendSymbol(nil, Symbol{B: 1, Wake: true}), 0x1A)
	port := &loopPort{poll: poll, stop: b.N}
	l := &Link{Addr: 1, Handler: &Responder{M: newFake()}}
	b.ReportAllocs()
	b.ResetTimer()
	if err := l.Serve(context.Background(), port); err != nil {
		b.Fatal(err)
	}
	if port.n != b.N {
		b.Fatalf("%d replies to %d polls", port.n, b.N)
	}
}

// BenchmarkPollsTCP is polls per second sustained by a host and a machine over a
// loopback TCP connection (round trips, one poll at a time).
func BenchmarkPollsTCP(b *testing.B) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	l := &Link{Addr: 1, Handler: &Responder{M: newFake()}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go l.ServeListener(ctx, ln)
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	h := &Host{Port: c.(*net.TCPConn), Timeout: time.Second}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := h.GeneralPoll(1); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "polls/s")
}
