package sas

import (
	"bytes"
	"context"
	"net"
	"sync"
	"testing"
	"time"
)

// fakeMachine answers 1A with a meter and keeps a queue of exceptions.
type fakeMachine struct {
	mu      sync.Mutex
	queue   []byte
	credits uint64
	polls   []Poll
}

func (f *fakeMachine) Exception() byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.queue) == 0 {
		return 0
	}
	return f.queue[0]
}

func (f *fakeMachine) AckException() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.queue) > 0 {
		f.queue = f.queue[1:]
	}
}

func (f *fakeMachine) LongPoll(p Poll, reply []byte) ([]byte, Response) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.polls = append(f.polls, Poll{Addr: p.Addr, Cmd: p.Cmd, Data: append([]byte(nil), p.Data...)})
	switch p.Cmd {
	case 0x1A:
		return AppendBCD(append(reply, 0x1A), f.credits, 4), Reply
	case 0x01, 0x02:
		return reply, ACK
	case 0x21:
		return reply, NACK
	}
	return reply, NoResponse
}

// pair starts a link on one end of a pipe and returns a host on the other.
func pair(t *testing.T, m Handler, onLink func(bool)) (*Host, *Link) {
	t.Helper()
	a, b := net.Pipe()
	l := &Link{Addr: 1, Handler: m, OnLink: onLink, DownAfter: 300 * time.Millisecond}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- l.Serve(ctx, a) }()
	t.Cleanup(func() {
		cancel()
		b.Close()
		a.Close()
		<-done
	})
	return &Host{Port: b, Timeout: 100 * time.Millisecond}, l
}

func TestLongPollsAndGeneralPolls(t *testing.T) {
	m := &fakeMachine{queue: []byte{0x11, 0x12}, credits: 12345}
	h, _ := pair(t, m, nil)
	tests := []struct {
		name string
		cmd  byte
		data []byte
		crc  bool
		want []byte
	}{
		// addr 1A meter(4 BCD) CRC
		{"current credits", 0x1A, nil, false, AppendCRC([]byte{0x01, 0x1A, 0x00, 0x01, 0x23, 0x45})},
		{"enable is ACKed", 0x02, nil, true, []byte{0x01}},
		{"ROM signature NACKed", 0x21, []byte{0x12, 0x34}, true, []byte{0x81}},
	}
	for _, tc := range tests {
		got, err := h.LongPoll(1, tc.cmd, tc.data, tc.crc)
		if err != nil || !bytes.Equal(got, tc.want) {
			t.Errorf("%s: reply % X (%v), want % X", tc.name, got, err, tc.want)
		}
	}
	// Exceptions come one per general poll; a general poll again is an implied
	// NACK (the same one again), a long poll or a poll to another address the
	// implied ACK.
	for i, want := range []byte{0x11, 0x11, 0x12, 0x12, 0x00} {
		got, err := h.GeneralPoll(1)
		if err != nil || got != want {
			t.Fatalf("general poll %d: %02X %v, want %02X", i, got, err, want)
		}
		switch i {
		case 1:
			h.LongPoll(1, 0x1A, nil, false)
		case 3:
			h.Send(AppendSymbol(nil, Symbol{B: 0x80 | 2, Wake: true}))
		}
	}
}

func TestBadFramesAreIgnored(t *testing.T) {
	m := &fakeMachine{credits: 7}
	h, l := pair(t, m, nil)
	good := AppendCRC([]byte{0x01, 0x02})
	bad := append([]byte(nil), good...)
	bad[2] ^= 0xFF
	tests := []struct {
		name string
		wire []byte
	}{
		{"wrong CRC", append(AppendSymbol(nil, Symbol{B: 1, Wake: true}), AppendEscaped(nil, bad[1:])...)},
		{"cut short", append(AppendSymbol(nil, Symbol{B: 1, Wake: true}), 0x02, 0x51)},
		{"unknown command", append(AppendSymbol(nil, Symbol{B: 1, Wake: true}), 0x99, 0x00)},
		{"garbage without wake-up", []byte{0x01, 0x1A, 0x55, 0xAA}},
		{"other address", append(AppendSymbol(nil, Symbol{B: 2, Wake: true}), 0x1A)},
		{"broadcast", append(AppendSymbol(nil, Symbol{B: 0, Wake: true}), 0x1A)},
		{"line error", []byte{0xFF, 0x41}},
	}
	for _, tc := range tests {
		if err := h.Send(tc.wire); err != nil {
			t.Fatal(err)
		}
		if r, err := h.Reply(); err != nil || r != nil {
			t.Errorf("%s: the machine answered % X (%v)", tc.name, r, err)
		}
	}
	// The link still works afterwards.
	if got, _ := h.LongPoll(1, 0x1A, nil, false); !bytes.Equal(got, AppendCRC([]byte{1, 0x1A, 0, 0, 0, 7})) {
		t.Fatalf("after bad frames: % X", got)
	}
	if s := l.Stats(); s.Ignored < 3 {
		t.Fatalf("stats %+v: ignored frames not counted", s)
	}
}

func TestAPollInterruptsAFrame(t *testing.T) {
	m := &fakeMachine{credits: 1}
	h, _ := pair(t, m, nil)
	// A long poll cut off by a new poll's wake-up byte: the new poll is answered.
	wire := append(AppendSymbol(nil, Symbol{B: 1, Wake: true}), 0x02)
	wire = append(wire, AppendSymbol(nil, Symbol{B: 1, Wake: true})...)
	wire = append(wire, 0x1A)
	if err := h.Send(wire); err != nil {
		t.Fatal(err)
	}
	r, err := h.Reply()
	if err != nil || !bytes.Equal(r, AppendCRC([]byte{1, 0x1A, 0, 0, 0, 1})) {
		t.Fatalf("reply % X %v", r, err)
	}
}

func TestLinkDownAndUp(t *testing.T) {
	events := make(chan bool, 4)
	h, _ := pair(t, &fakeMachine{}, func(up bool) { events <- up })
	if _, err := h.GeneralPoll(1); err != nil {
		t.Fatal(err)
	}
	expect := func(want bool) {
		select {
		case up := <-events:
			if up != want {
				t.Fatalf("link up=%v, want %v", up, want)
			}
		case <-time.After(3 * time.Second):
			t.Fatalf("no link event (want up=%v)", want)
		}
	}
	expect(true)
	expect(false) // silence past DownAfter
	if _, err := h.GeneralPoll(1); err != nil {
		t.Fatal(err)
	}
	expect(true) // recovers by itself
}

func TestServeRefusesBadAddress(t *testing.T) {
	a, b := net.Pipe()
	defer a.Close()
	defer b.Close()
	if err := (&Link{Addr: 0, Handler: &fakeMachine{}}).Serve(context.Background(), a); err == nil {
		t.Fatal("address 0 accepted")
	}
}

// FuzzLink feeds arbitrary bytes to the link: it must never panic or hang, and
// every reply it sends must be a well-formed frame without wake-up bits.
func FuzzLink(f *testing.F) {
	f.Add(append(AppendSymbol(nil, Symbol{B: 1, Wake: true}), 0x1A))
	f.Add(AppendSymbol(nil, Symbol{B: 0x81, Wake: true}))
	f.Add(append(AppendSymbol(nil, Symbol{B: 1, Wake: true}), AppendEscaped(nil, AppendCRC([]byte{1, 0x72, 2, 0xFF, 0})[1:])...))
	f.Fuzz(func(t *testing.T, in []byte) {
		r := &reader{port: nopDeadline{}, dec: NewDecoder(bytes.NewReader(in)), addr: 1, interByte: time.Millisecond}
		for range len(in) + 2 {
			p, err := r.readPoll(time.Millisecond)
			if err != nil {
				if _, ok := err.(*FrameError); ok {
					continue
				}
				return // end of input
			}
			if !p.General && p.Addr != 1 && p.Addr != 0 {
				t.Fatalf("a poll for address %d was accepted", p.Addr)
			}
			if sh, ok := pollShapes[p.Cmd]; ok && !p.General && sh.kind == 'S' && len(p.Data) != sh.n {
				t.Fatalf("poll %02X with %d data bytes", p.Cmd, len(p.Data))
			}
		}
	})
}

type nopDeadline struct{}

func (nopDeadline) SetReadDeadline(time.Time) error { return nil }

// A reply holding data bytes FF (escaped as FF FF), after an earlier reply: the
// escaping must not feed on its own output.
func TestRepliesWithFFBytes(t *testing.T) {
	m := &fakeMachine{credits: 1}
	h, _ := pair(t, &ffMachine{m}, nil)
	for i := 0; i < 3; i++ {
		got, err := h.LongPoll(1, 0x1F, nil, false)
		want := AppendCRC([]byte{1, 0x1F, 0xFF, 0x01, 0xFF, 0xFF, 0x02})
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("reply %d: % X (%v), want % X", i, got, err, want)
		}
	}
}

// ffMachine answers 1F with data full of FF bytes.
type ffMachine struct{ *fakeMachine }

func (f *ffMachine) LongPoll(p Poll, reply []byte) ([]byte, Response) {
	if p.Cmd == 0x1F {
		return append(reply, 0x1F, 0xFF, 0x01, 0xFF, 0xFF, 0x02), Reply
	}
	return f.fakeMachine.LongPoll(p, reply)
}
