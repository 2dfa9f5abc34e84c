package sas

import (
	"context"
	"errors"
	"fmt"
	"io"
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
	// AckException: the host's next valid poll implies it received the exception.
	AckException()
	// LongPoll answers one long poll. A Reply body starts with the command byte
	// and is appended to reply; the link adds the address and the CRC.
	LongPoll(p Poll, reply []byte) ([]byte, Response)
}

// Port is a byte stream with read deadlines: a serial port, a pseudo-terminal, a
// TCP connection.
type Port interface {
	io.ReadWriter
	SetReadDeadline(time.Time) error
}

// Link is the machine's end of the floor link.
type Link struct {
	Addr    byte
	Handler Handler
	// RawWrites sends replies as plain bytes (a UART whose parity hardware makes
	// the 9th bit); otherwise they go out escaped, as over pty and TCP.
	RawWrites bool
	InterByte time.Duration // longest gap inside a frame (default 20 ms)
	DownAfter time.Duration // no valid poll for this long: link down (default 5 s)
	// OnLink is told when the link goes up or down (may be nil).
	OnLink func(up bool)
	// OnIgnored is told of every ignored frame (may be nil).
	OnIgnored func(error)
	// OnPanic is told of a panic in the Handler, with the stack (nil: it goes to
	// the standard logger). Serve recovers it, answers nothing to that frame and
	// goes on with the next.
	OnPanic func(recovered any, stack []byte)

	polls, ignored, panics atomic.Uint64
}

// Stats are the link's counters: valid polls, ignored frames, and polls whose
// handler panicked (unanswered).
type Stats struct{ Polls, Ignored, Panics uint64 }

// Stats returns the counters.
func (l *Link) Stats() Stats { return Stats{l.polls.Load(), l.ignored.Load(), l.panics.Load()} }

// Serve answers polls on port until ctx ends or the port fails. A closed port
// (io.EOF) ends Serve with nil, so a TCP transport can accept the next host.
func (l *Link) Serve(ctx context.Context, port Port) error {
	if l.Addr < 1 || l.Addr > 127 {
		return fmt.Errorf("sas: address %d outside 1..127", l.Addr)
	}
	interByte := l.InterByte
	if interByte == 0 {
		interByte = 20 * time.Millisecond
	}
	downAfter := l.DownAfter
	if downAfter == 0 {
		downAfter = 5 * time.Second
	}
	r := &reader{port: port, dec: NewDecoder(port), addr: l.Addr, interByte: interByte}
	out := make([]byte, 0, 256)
	body := make([]byte, 0, 256)
	esc := make([]byte, 0, 512)
	up := false
	lastValid := time.Now()
	owed := false // an exception was reported and awaits its implied ack
	for ctx.Err() == nil {
		p, err := r.readPoll(100 * time.Millisecond)
		if err != nil {
			var fe *FrameError
			switch {
			case isTimeout(err):
			case errors.As(err, &fe):
				l.ignored.Add(1)
				if l.OnIgnored != nil {
					l.OnIgnored(err)
				}
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
		if !up {
			up = true
			if l.OnLink != nil {
				l.OnLink(true)
			}
		}
		out, body, owed = l.answer(p, owed, out[:0], body[:0])
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
	}
	return ctx.Err()
}

// answer asks the Handler for the reply to p (out: the bytes to send, none for
// silence) after acknowledging the exception owed. A panic in the Handler is
// recovered here (panic.go): counted, logged with its stack, and the frame gets
// no answer and nothing is owed: an exception whose delivery or acknowledgement
// panicked is delivered again (at least once, never lost).
func (l *Link) answer(p Poll, owed bool, out, body []byte) ([]byte, []byte, bool) {
	defer l.recoverHandler(p) // a panic returns nil, nil, false: silence, nothing owed
	if owed {
		l.Handler.AckException()
	}
	if p.General {
		code := l.Handler.Exception()
		return append(out, code), body, code != 0
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
	return out, body, false
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
