package sas

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"sync/atomic"
	"time"
)

// Response says how the machine answers a long poll.
type Response uint8

const (
	NoResponse Response = iota // broadcasts, and polls SAS says to ignore
	ACK                        // the bare address byte
	NACK                       // addr | 0x80
	Reply                      // addr, the reply body, CRC
)

// Handler is the machine's side of the protocol: the link layer knows frames, the
// handler knows meters, exceptions and commands.
type Handler interface {
	// Exception is the exception to report to a general poll now (0: none). It
	// stays the same until AckException.
	Exception() byte
	// AckException: the host's implied acknowledgement of the exception last
	// reported (a long poll to this machine, a poll to another address, a
	// broadcast).
	AckException()
	// LongPoll answers one long poll. A Reply body starts with the command byte
	// and is appended to reply; the link adds the address and the CRC.
	LongPoll(p Poll, reply []byte) ([]byte, Response)
}

// GeneralReplier is a Handler that may answer a general poll with a long poll's
// reply instead of an exception: SAS returns a ROM signature computed off the
// link "in response to the first general poll received after completing the
// calculation". GeneralReply returns the body (command byte first) to send, or
// ok false; AckGeneralReply is its implied acknowledgement.
type GeneralReplier interface {
	GeneralReply(body []byte) ([]byte, bool)
	AckGeneralReply()
}

// Port is a byte stream with read deadlines: a serial port, a pseudo-terminal, a
// TCP connection.
type Port interface {
	io.ReadWriter
	SetReadDeadline(time.Time) error
}

// Why a frame was ignored (FrameError.Reason, Stats.IgnoredBy).
const (
	CauseCRC         = "wrong CRC"
	CauseCutShort    = "cut short"
	CauseUnknown     = "unknown command"
	CauseInterrupted = "interrupted by a new poll"
	CauseLineError   = "line error inside the frame"
	CauseBroadcast   = "not a broadcast poll"
)

// Causes lists every reason a frame is ignored, in the order Stats reports them.
var Causes = []string{CauseCRC, CauseCutShort, CauseUnknown, CauseInterrupted, CauseLineError, CauseBroadcast}

func causeIndex(reason string) int {
	for i, c := range Causes {
		if c == reason {
			return i
		}
	}
	return -1
}

// BroadcastPolls are the long polls SAS defines as global broadcasts (type G,
// address 0): the date and time (7F) and the progressive levels (80, 86). A
// frame at address 0 with any other command is ignored (CauseBroadcast): a
// broadcast never moves money or changes the machine's state.
var BroadcastPolls = map[byte]bool{0x7F: true, 0x80: true, 0x86: true}

// Link is the machine's end of the floor link.
type Link struct {
	Addr    byte
	Handler Handler
	// RawWrites sends replies as plain bytes (a UART whose parity hardware makes
	// the 9th bit); otherwise they go out escaped, as over pty and TCP.
	RawWrites bool
	InterByte time.Duration // longest gap inside a frame on a serial line or pty (default 20 ms)
	// StreamGap is the longest gap inside a frame on a TCP connection (default
	// 1 s): inter-byte timing belongs to a real UART, and a host whose stack sends
	// the address and the command in separate segments (Nagle's algorithm) must
	// not lose its polls. A new poll's wake-up byte still ends a frame at once.
	StreamGap time.Duration
	DownAfter time.Duration // no valid poll for this long: link down (default 5 s)
	// TakeoverAfter: a TCP host that has not sent a valid poll for this long gives
	// the line up to a host that connects (default DownAfter); until then the new
	// connection waits (ServeListener).
	TakeoverAfter time.Duration
	// OnLink is told when the link goes up or down (may be nil).
	OnLink func(up bool)
	// OnIgnored is told of every ignored frame (may be nil).
	OnIgnored func(error)
	// OnPanic is told of a panic in the Handler, with the stack (nil: it goes to
	// the standard logger). Serve recovers it, answers nothing to that frame and
	// goes on with the next.
	OnPanic func(recovered any, stack []byte)
	// OnConnection is told of each TCP host's connection: "accepted", "waiting",
	// "took over", "closed" (may be nil).
	OnConnection func(event string, remote string)

	polls, ignored, panics, served    atomic.Uint64
	delivered, redelivered            atomic.Uint64
	lineErrors, connections, takeover atomic.Uint64
	byCause                           [6]atomic.Uint64
	lastValid                         atomic.Int64 // unix nanoseconds of the last valid poll
}

// Stats are the link's counters.
type Stats struct {
	Polls       uint64            // valid polls to this machine (general, long, broadcast)
	Served      uint64            // replies sent (exception codes, ACK/NACK, long poll replies)
	Ignored     uint64            // frames ignored, all causes
	IgnoredBy   map[string]uint64 // frames ignored by cause (Causes)
	CRCErrors   uint64            // frames with a wrong CRC (also in IgnoredBy)
	LineErrors  uint64            // FF x escapes on the line (a framing or parity error)
	Panics      uint64            // polls whose handler panicked (unanswered)
	Delivered   uint64            // exceptions (non-zero codes) reported for the first time
	Redelivered uint64            // exceptions reported again after an implied NACK
	Connections uint64            // TCP hosts accepted
	Takeovers   uint64            // TCP hosts that took the line over from an idle one
}

// Stats returns the counters.
func (l *Link) Stats() Stats {
	s := Stats{Polls: l.polls.Load(), Served: l.served.Load(), Ignored: l.ignored.Load(),
		Panics: l.panics.Load(), Delivered: l.delivered.Load(), Redelivered: l.redelivered.Load(),
		LineErrors: l.lineErrors.Load(), Connections: l.connections.Load(), Takeovers: l.takeover.Load(),
		IgnoredBy: map[string]uint64{}}
	for i, c := range Causes {
		s.IgnoredBy[c] = l.byCause[i].Load()
	}
	s.CRCErrors = s.IgnoredBy[CauseCRC]
	return s
}

// String is the counters on one line, for logs and `egm sas-stats`.
func (s Stats) String() string {
	out := fmt.Sprintf("polls %d, served %d, exceptions delivered %d, redelivered %d, ignored %d",
		s.Polls, s.Served, s.Delivered, s.Redelivered, s.Ignored)
	for _, c := range Causes {
		if n := s.IgnoredBy[c]; n > 0 {
			out += fmt.Sprintf(" (%s %d)", c, n)
		}
	}
	return out + fmt.Sprintf(", CRC errors %d, line errors %d, handler panics %d, TCP hosts %d, takeovers %d",
		s.CRCErrors, s.LineErrors, s.Panics, s.Connections, s.Takeovers)
}

// ignore counts an ignored frame and tells OnIgnored.
func (l *Link) ignore(err error) {
	l.ignored.Add(1)
	var fe *FrameError
	if errors.As(err, &fe) {
		if i := causeIndex(fe.Reason); i >= 0 {
			l.byCause[i].Add(1)
		}
	}
	if l.OnIgnored != nil {
		l.OnIgnored(err)
	}
}

// owed is what the link reported to a general poll and awaits the host's
// implied acknowledgement: an exception code or a long poll reply (the ROM
// signature), with the exact bytes sent, for an implied NACK to get again.
type owed struct {
	code  byte   // the exception (0: none owed, or a reply)
	reply bool   // a GeneralReplier's reply is owed
	wire  []byte // what was sent
}

func (o *owed) pending() bool { return o.code != 0 || o.reply }

// Serve answers polls on port until ctx ends or the port fails. A closed port
// (io.EOF) ends Serve with nil, so a TCP transport can accept the next host.
//
// Implied acknowledgement (SAS 6.02 §3): an exception reported to a general poll
// is acknowledged by the host's next long poll to this machine, a poll to another
// address or a valid broadcast; a general poll again is an implied NACK — the
// host did not get it — and gets the same exception again, as many times as it
// asks.
func (l *Link) Serve(ctx context.Context, port Port) error {
	if l.Addr < 1 || l.Addr > 127 {
		return fmt.Errorf("sas: address %d outside 1..127", l.Addr)
	}
	interByte := l.InterByte
	if interByte == 0 {
		interByte = 20 * time.Millisecond
	}
	switch port.(type) {
	case *net.TCPConn, *net.UnixConn: // a byte stream: no UART timing
		interByte = l.StreamGap
		if interByte == 0 {
			interByte = time.Second
		}
	}
	downAfter := l.DownAfter
	if downAfter == 0 {
		downAfter = 5 * time.Second
	}
	r := &reader{port: port, dec: NewDecoder(port), addr: l.Addr, interByte: interByte}
	defer func() { l.lineErrors.Add(r.dec.LineErrors - r.countedLE) }()
	out := make([]byte, 0, 256)
	body := make([]byte, 0, 256)
	esc := make([]byte, 0, 512)
	up := false
	lastValid := time.Now()
	var due owed
	for ctx.Err() == nil {
		p, err := r.readPoll(100 * time.Millisecond)
		l.lineErrors.Add(r.dec.LineErrors - r.countedLE)
		r.countedLE = r.dec.LineErrors
		if r.sawOther {
			r.sawOther = false
			l.ackOwed(&due) // a poll to another machine: implied ACK
		}
		if err != nil {
			var fe *FrameError
			switch {
			case isTimeout(err):
			case errors.As(err, &fe):
				if fe.broadcast {
					l.ackOwed(&due) // a valid broadcast frame acknowledges, even one refused
				}
				l.ignore(err)
			case errors.Is(err, io.EOF):
				return nil
			default:
				return fmt.Errorf("sas: read: %w", err)
			}
			if up && time.Since(lastValid) >= downAfter {
				up = false
				if l.OnLink != nil {
					l.OnLink(false)
				}
			}
			continue
		}
		l.polls.Add(1)
		lastValid = time.Now()
		l.lastValid.Store(lastValid.UnixNano())
		if !up {
			up = true
			if l.OnLink != nil {
				l.OnLink(true)
			}
		}
		out, body = l.answer(p, &due, out[:0], body[:0])
		if len(out) == 0 {
			continue
		}
		wire := out
		if !l.RawWrites {
			esc = AppendEscaped(esc[:0], out) // out and esc never share memory
			wire = esc
		}
		if err := l.write(port, wire); err != nil {
			return err
		}
		l.served.Add(1)
	}
	return ctx.Err()
}

// ackOwed gives the Handler the implied acknowledgement of what is owed. Nothing
// is owed afterwards even if the Handler panics: an exception whose
// acknowledgement failed is still at the head of the machine's queue and is
// reported again (at least once, never lost).
func (l *Link) ackOwed(due *owed) {
	if !due.pending() {
		return
	}
	defer l.recoverHandler(Poll{General: true})
	l.ack(due)
}

// ack is ackOwed without its recovery (answer recovers for the whole frame).
func (l *Link) ack(due *owed) {
	if !due.pending() {
		return
	}
	d := *due
	*due = owed{wire: due.wire[:0]}
	{
		if d.reply {
			if g, ok := l.Handler.(GeneralReplier); ok {
				g.AckGeneralReply()
			}
			return
		}
		l.Handler.AckException()
	}
}

// answer asks the Handler for the reply to p (out: the bytes to send, none for
// silence). A general poll while something is owed is an implied NACK: the same
// bytes again. Any other valid poll is the implied ACK of what is owed. A panic
// in the Handler is recovered here (panic.go): counted, logged with its stack,
// and the frame gets no answer and nothing is owed: an exception whose delivery
// panicked is delivered again (at least once, never lost).
func (l *Link) answer(p Poll, due *owed, out, body []byte) ([]byte, []byte) {
	if p.General && due.pending() {
		l.redelivered.Add(1)
		return append(out, due.wire...), body // implied NACK: the host did not get it
	}
	defer l.recoverHandler(p) // a panic returns nil, nil: silence, nothing owed
	if !p.General {
		l.ack(due) // implied ACK
	}
	if p.General {
		if g, isG := l.Handler.(GeneralReplier); isG {
			if b, has := g.GeneralReply(body); has {
				out = AppendCRC(append(append(out, l.Addr), b...))
				*due = owed{reply: true, wire: append(due.wire[:0], out...)}
				return out, b
			}
		}
		code := l.Handler.Exception()
		out = append(out, code)
		if code != 0 {
			l.delivered.Add(1)
			*due = owed{code: code, wire: append(due.wire[:0], code)}
		}
		return out, body
	}
	var resp Response
	body, resp = l.Handler.LongPoll(p, body)
	if p.Addr == 0 {
		resp = NoResponse // broadcasts are never answered
	}
	switch resp {
	case ACK:
		out = append(out, l.Addr)
	case NACK:
		out = append(out, l.Addr|0x80)
	case Reply:
		out = append(out, l.Addr)
		out = append(out, body...)
		out = AppendCRC(out)
	}
	return out, body
}

// write sends a reply (already escaped when it must be): every byte with the
// wake-up bit clear.
func (l *Link) write(port Port, b []byte) error {
	if _, err := port.Write(b); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrClosedPipe) {
			return nil
		}
		return fmt.Errorf("sas: write: %w", err)
	}
	return nil
}
