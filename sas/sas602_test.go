package sas

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"testing"
	"time"
)

// wake is a poll's first byte (wake-up bit set) in the escaped stream.
func wake(b byte) []byte { return AppendSymbol(nil, Symbol{B: b, Wake: true}) }

// pollWire is a whole, valid long poll as the host sends it: its layout from
// PollLayout, data bytes of value 1, the CRC where it has one.
func pollWire(t *testing.T, addr, cmd byte) []byte {
	t.Helper()
	fixed, variable, crc, ok := PollLayout(cmd)
	if !ok {
		t.Fatalf("command %02X: no layout", cmd)
	}
	frame := []byte{addr, cmd}
	switch {
	case variable:
		frame = append(frame, 2, 0, 1)
	default:
		frame = append(frame, bytes.Repeat([]byte{1}, fixed)...)
	}
	if crc {
		frame = AppendCRC(frame)
	}
	return append(wake(addr), AppendEscaped(nil, frame[1:])...)
}

// TestImpliedNACK: SAS 6.02 §3.2 — a host that did not get the exception polls
// again and gets it again (as often as it asks); its long poll is the implied
// ACK, and only then is the next one reported.
func TestImpliedNACK(t *testing.T) {
	m := &fakeMachine{queue: []byte{0x51, 0x7E}}
	h, l := pair(t, m, nil)
	steps := []struct {
		do   string // "gp" general poll, "lp" long poll 1A, "lost" a general poll whose reply the line loses
		want byte
	}{
		{"lost", 0x51}, {"gp", 0x51}, {"gp", 0x51}, {"lp", 0}, {"gp", 0x7E}, {"lp", 0}, {"gp", 0x00}, {"gp", 0x00},
	}
	for i, s := range steps {
		switch s.do {
		case "lp":
			if r, err := h.LongPoll(1, 0x1A, nil, false); err != nil || len(r) != 8 {
				t.Fatalf("step %d: long poll % X %v", i, r, err)
			}
		case "lost":
			if err := h.Send(wake(0x81)); err != nil {
				t.Fatal(err)
			}
			h.Reply() // the reply is read, and lost: the host acts as if nothing came
		default:
			got, err := h.GeneralPoll(1)
			if err != nil || got != s.want {
				t.Fatalf("step %d: general poll %02X %v, want %02X", i, got, err, s.want)
			}
		}
	}
	st := l.Stats()
	if st.Delivered != 2 || st.Redelivered != 2 {
		t.Fatalf("delivered %d, redelivered %d; want 2 and 2", st.Delivered, st.Redelivered)
	}
}

// TestBroadcastsRefused: at address 0 only the polls SAS defines as broadcasts
// (7F, 80, 86) reach the machine; every other one — each poll that moves money
// or changes state among them — is ignored, counted, and never executed.
func TestBroadcastsRefused(t *testing.T) {
	moneyOrState := []byte{0x01, 0x02, 0x03, 0x04, 0x72, 0x73, 0x74, 0x8A, 0x94, 0xA8}
	for _, cmd := range moneyOrState {
		if _, _, _, ok := PollLayout(cmd); !ok {
			t.Fatalf("poll %02X is not read at all: the test would prove nothing", cmd)
		}
	}
	for _, cmd := range LongPolls() {
		m := &fakeMachine{}
		h, l := pair(t, m, nil)
		if err := h.Send(pollWire(t, 0, cmd)); err != nil {
			t.Fatal(err)
		}
		if r, _ := h.Reply(); r != nil {
			t.Errorf("broadcast %02X answered % X", cmd, r)
		}
		h.LongPoll(1, 0x1A, nil, false) // the link reads the broadcast before this
		m.mu.Lock()
		executed := len(m.polls) > 1
		m.mu.Unlock()
		refused := l.Stats().IgnoredBy[CauseBroadcast]
		if BroadcastPolls[cmd] {
			if !executed || refused != 0 {
				t.Errorf("broadcast %02X (a SAS broadcast) not passed on (refused %d)", cmd, refused)
			}
			continue
		}
		if executed || refused != 1 {
			t.Errorf("broadcast %02X executed %v, refused %d", cmd, executed, refused)
		}
	}
}

// TestLineErrorVoidsFrame: an FF x escape (a framing or parity error) inside a
// frame voids it even when the bytes after it make its CRC right.
func TestLineErrorVoidsFrame(t *testing.T) {
	m := &fakeMachine{}
	h, l := pair(t, m, nil)
	frame := AppendCRC([]byte{1, 0x02}) // enable
	if frame[2] == 0 || frame[2] == 0xFF {
		t.Fatalf("CRC byte %02X cannot follow FF as a line error", frame[2])
	}
	wire := append(wake(1), 0x02, 0xFF, frame[2], frame[3]) // FF crc-lo: the decoder passes crc-lo on, flagged
	if err := h.Send(wire); err != nil {
		t.Fatal(err)
	}
	if r, _ := h.Reply(); r != nil {
		t.Fatalf("a frame with a line error was answered: % X", r)
	}
	if got, err := h.LongPoll(1, 0x02, nil, true); err != nil || !bytes.Equal(got, []byte{1}) {
		t.Fatalf("the next good frame: % X %v", got, err)
	}
	st := l.Stats()
	if st.IgnoredBy[CauseLineError] != 1 || st.LineErrors != 1 {
		t.Fatalf("stats %+v", st)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.polls) != 1 {
		t.Fatalf("handler saw %d polls, want only the good one", len(m.polls))
	}
}

// segmented writes every byte of a host's polls in a TCP segment of its own,
// gap apart (Nagle's algorithm, a slow stack).
type segmented struct {
	*net.TCPConn
	gap time.Duration
}

func (s segmented) Write(b []byte) (int, error) {
	for i := range b {
		if _, err := s.TCPConn.Write(b[i : i+1]); err != nil {
			return i, err
		}
		time.Sleep(s.gap)
	}
	return len(b), nil
}

func listen(t *testing.T, l *Link) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- l.ServeListener(ctx, ln) }()
	t.Cleanup(func() { cancel(); <-done })
	return ln.Addr().String()
}

// TestOneBytePerSegment: a host whose every byte is a TCP segment of its own,
// 30 ms apart (more than a UART's inter-byte limit), loses no poll.
func TestOneBytePerSegment(t *testing.T) {
	m := &fakeMachine{credits: 4321, queue: []byte{0x11, 0x12}}
	l := &Link{Addr: 1, Handler: m}
	c, err := net.Dial("tcp", listen(t, l))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	tc := c.(*net.TCPConn)
	tc.SetNoDelay(true)
	h := &Host{Port: segmented{tc, 30 * time.Millisecond}, Timeout: time.Second}
	for i := range 10 {
		got, err := h.LongPoll(1, 0x1A, nil, false)
		if err != nil || !bytes.Equal(got, AppendCRC([]byte{1, 0x1A, 0, 0, 0x43, 0x21})) {
			t.Fatalf("poll %d: % X %v", i, got, err)
		}
		if got, err := h.LongPoll(1, 0x02, nil, true); err != nil || !bytes.Equal(got, []byte{1}) {
			t.Fatalf("poll %d (enable, with CRC): % X %v", i, got, err)
		}
	}
	if st := l.Stats(); st.Ignored != 0 || st.Polls != 20 {
		t.Fatalf("stats: %v", st)
	}
}

// TestSecondHostTakesOver: a host that connected and went quiet does not lock
// the line: a second host is served once the first has been idle for
// TakeoverAfter, and the first connection is closed.
func TestSecondHostTakesOver(t *testing.T) {
	m := &fakeMachine{credits: 5}
	var events []string
	evc := make(chan string, 16)
	l := &Link{Addr: 1, Handler: m, TakeoverAfter: 300 * time.Millisecond,
		OnConnection: func(e, _ string) { evc <- e }}
	addr := listen(t, l)
	first, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	h1 := &Host{Port: first.(*net.TCPConn)}
	if r, err := h1.LongPoll(1, 0x1A, nil, false); err != nil || r == nil {
		t.Fatalf("first host: % X %v", r, err)
	}
	second, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	h2 := &Host{Port: second.(*net.TCPConn), Timeout: 2 * time.Second}
	start := time.Now()
	r, err := h2.LongPoll(1, 0x1A, nil, false)
	if err != nil || !bytes.Equal(r, AppendCRC([]byte{1, 0x1A, 0, 0, 0, 5})) {
		t.Fatalf("second host: % X %v", r, err)
	}
	t.Logf("second host served after %v", time.Since(start).Round(time.Millisecond))
	first.SetReadDeadline(time.Now().Add(time.Second))
	if _, err := first.Read(make([]byte, 1)); !errors.Is(err, io.EOF) {
		t.Fatalf("the idle first connection: %v, want it closed", err)
	}
	if st := l.Stats(); st.Connections != 2 || st.Takeovers != 1 {
		t.Fatalf("stats %v", st)
	}
	for len(evc) > 0 {
		events = append(events, <-evc)
	}
	if s := strings.Join(events, ","); !strings.Contains(s, "waiting") || !strings.Contains(s, "took over") {
		t.Fatalf("connection events %q", s)
	}
}

// TestStatsVisible: every counter moves and the one-line form names each cause.
func TestStatsVisible(t *testing.T) {
	m := &fakeMachine{queue: []byte{0x11}}
	h, l := pair(t, m, nil)
	bad := pollWire(t, 1, 0x02)
	bad[len(bad)-1] ^= 0x55
	h.Send(bad)
	h.Reply()
	h.Send(append(wake(1), 0x99))
	h.Reply()
	h.Send(pollWire(t, 0, 0x8A))
	h.Reply()
	h.GeneralPoll(1)
	h.GeneralPoll(1)
	h.LongPoll(1, 0x1A, nil, false)
	st := l.Stats()
	want := map[string]uint64{CauseCRC: 1, CauseUnknown: 1, CauseBroadcast: 1}
	for c, n := range want {
		if st.IgnoredBy[c] != n {
			t.Errorf("ignored for %q: %d, want %d", c, st.IgnoredBy[c], n)
		}
	}
	if st.Ignored != 3 || st.CRCErrors != 1 || st.Delivered != 1 || st.Redelivered != 1 || st.Served != 3 || st.Polls != 3 {
		t.Fatalf("stats %+v", st)
	}
	s := st.String()
	for _, part := range []string{"served 3", "redelivered 1", "wrong CRC 1", "not a broadcast poll 1", "CRC errors 1"} {
		if !strings.Contains(s, part) {
			t.Errorf("%q lacks %q", s, part)
		}
	}
}
