package sas

import (
	"errors"
	"fmt"
	"os"
	"time"
)

// Poll is one poll addressed to this machine (or a broadcast long poll).
type Poll struct {
	Addr    byte // the address byte as sent: this machine's, or 0 for broadcast
	General bool // a general poll (0x80|addr): the host asks for one exception
	Cmd     byte
	// Data is what lies between the command (and the length byte of a
	// variable-length poll) and the CRC. It is only valid until the next read.
	Data []byte
}

// Shapes of the long polls the machine understands:
//
//	type R   addr cmd                       no data, no CRC
//	type S   addr cmd data[n] CRC-lo CRC-hi fixed length
//	type M   addr cmd len data[len] CRC     variable length
type shape struct {
	kind byte // 'R', 'S', 'M'
	n    int  // data bytes of an S poll
}

var pollShapes = func() map[byte]shape {
	m := map[byte]shape{
		0x01: {'S', 0}, 0x02: {'S', 0}, // disable, enable
		0x03: {'S', 0}, 0x04: {'S', 0}, // sound off, sound on
		0x0F: {'R', 0}, 0x1C: {'R', 0}, 0x1F: {'R', 0},
		0x21: {'S', 2},                 // ROM signature: seed
		0x2F: {'M', 0},                 // selected meters
		0x51: {'R', 0}, 0x53: {'S', 2}, // number of games, game configuration
		0x54: {'R', 0}, 0x55: {'R', 0}, 0x56: {'R', 0},
		0x7E: {'R', 0}, 0x7F: {'S', 7}, // date and time
		0x80: {'S', 7}, 0x86: {'M', 0}, // progressive broadcasts
		0x84: {'R', 0}, 0x85: {'R', 0}, 0x87: {'R', 0}, 0x8A: {'S', 5}, 0x9A: {'S', 2}, // progressive wins, legacy bonus
		0x72: {'M', 0}, 0x73: {'M', 0}, 0x74: {'S', 4}, // AFT
		0x1B: {'R', 0}, 0x94: {'S', 0}, 0xA8: {'S', 1}, // handpay information, remote reset, reset method
		0x2D: {'S', 2}, 0x52: {'S', 2}, // handpaid cancelled credits, game N meters
		0x6F: {'M', 0}, 0xAF: {'M', 0}, // extended meters
		0xA0: {'S', 2}, 0xB1: {'R', 0}, 0xB2: {'R', 0}, 0xB5: {'S', 2}, // features, denominations, extended game information
	}
	for c := byte(0x10); c <= 0x1A; c++ {
		m[c] = shape{'R', 0}
	}
	return m
}()

// FrameError is a frame the machine ignores: wrong CRC, cut short, unknown command.
// The link logs it and goes on; it never answers such a frame.
type FrameError struct {
	Reason string // one of Causes
	Cmd    byte
	// broadcast: a whole, valid frame at address 0 that is not a broadcast poll
	// (it still acknowledges implicitly, as any broadcast does)
	broadcast bool
}

func (e *FrameError) Error() string {
	return fmt.Sprintf("sas: frame ignored (cmd %02X): %s", e.Cmd, e.Reason)
}

// reader assembles polls from the symbol stream.
type reader struct {
	port      deadliner
	dec       *Decoder
	addr      byte
	interByte time.Duration
	pending   *Symbol // a wake-up symbol that interrupted the last frame
	pendBuf   Symbol
	frame     []byte // addr cmd [len] data CRC, for the CRC check
	sawOther  bool   // a poll to another address went by (an implied ACK)
	countedLE uint64 // the decoder's line errors already counted by the link
	frameLE   uint64 // the decoder's line errors when the frame began
}

type deadliner interface{ SetReadDeadline(time.Time) error }

// next returns the next symbol, waiting at most wait (0: the inter-byte gap).
func (r *reader) next(wait time.Duration) (Symbol, error) {
	if r.pending != nil {
		s := *r.pending
		r.pending = nil
		return s, nil
	}
	if !r.dec.Buffered() {
		if wait == 0 {
			wait = r.interByte
		}
		if err := r.port.SetReadDeadline(time.Now().Add(wait)); err != nil {
			return Symbol{}, fmt.Errorf("sas: set deadline: %w", err)
		}
	}
	return r.dec.Next()
}

// isTimeout reports whether err is a read deadline passing.
func isTimeout(err error) bool { return errors.Is(err, os.ErrDeadlineExceeded) }

// data reads one non-wake symbol inside a frame.
func (r *reader) data(cmd byte) (byte, error) {
	s, err := r.next(0)
	if err != nil {
		if isTimeout(err) {
			return 0, &FrameError{Reason: CauseCutShort, Cmd: cmd}
		}
		return 0, err
	}
	if s.Wake {
		r.pendBuf = s
		r.pending = &r.pendBuf
		return 0, &FrameError{Reason: CauseInterrupted, Cmd: cmd}
	}
	if r.dec.LineErrors != r.frameLE {
		// FF x: a framing or parity error on the line inside this frame: the
		// frame is void, whatever its CRC says.
		return 0, &FrameError{Reason: CauseLineError, Cmd: cmd}
	}
	return s.B, nil
}

// readPoll waits up to idle for a poll to this machine. It returns a timeout error
// when the line stayed quiet, a *FrameError for a frame to ignore, and (Poll, nil)
// for a poll to answer. Polls to other addresses are skipped.
func (r *reader) readPoll(idle time.Duration) (Poll, error) {
	for {
		s, err := r.next(idle)
		if err != nil {
			return Poll{}, err
		}
		if !s.Wake {
			continue // data of a frame that is not ours, or noise
		}
		switch {
		case s.B == 0x80|r.addr:
			return Poll{Addr: r.addr, General: true}, nil
		case s.B == r.addr || s.B == 0:
			r.frameLE = r.dec.LineErrors
			return r.longPoll(s.B)
		}
		// Another machine's poll: skip to the next wake-up byte. It is the
		// host's implied acknowledgement of what this machine last reported.
		r.sawOther = true
	}
}

func (r *reader) longPoll(addr byte) (Poll, error) {
	cmd, err := r.data(0)
	if err != nil {
		return Poll{}, err
	}
	r.frame = append(r.frame[:0], addr, cmd)
	sh, ok := pollShapes[cmd]
	if !ok {
		return Poll{}, &FrameError{Reason: CauseUnknown, Cmd: cmd}
	}
	p := Poll{Addr: addr, Cmd: cmd}
	if sh.kind == 'R' {
		return p, r.broadcastOK(p)
	}
	n := sh.n
	if sh.kind == 'M' {
		l, err := r.data(cmd)
		if err != nil {
			return Poll{}, err
		}
		r.frame = append(r.frame, l)
		n = int(l)
	}
	head := len(r.frame)
	for range n + 2 {
		b, err := r.data(cmd)
		if err != nil {
			return Poll{}, err
		}
		r.frame = append(r.frame, b)
	}
	if !CheckCRC(r.frame) {
		return Poll{}, &FrameError{Reason: CauseCRC, Cmd: cmd}
	}
	p.Data = r.frame[head : len(r.frame)-2]
	return p, r.broadcastOK(p)
}

// broadcastOK refuses a whole frame at address 0 whose command SAS does not
// define as a broadcast (BroadcastPolls): a broadcast 8A would pay a bonus and a
// broadcast 01 disable every machine on the line, with no answer to tell.
func (r *reader) broadcastOK(p Poll) error {
	if p.Addr != 0 || BroadcastPolls[p.Cmd] {
		return nil
	}
	return &FrameError{Reason: CauseBroadcast, Cmd: p.Cmd, broadcast: true}
}
