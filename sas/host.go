package sas

import (
	"errors"
	"fmt"
	"sync"
	"time"
)

// Host is the floor system's end of a link: it sends polls with the wake-up bit on
// their first byte and reads the machine's replies. The floor simulator and the
// tests use it over the same escaped stream as the machine.
type Host struct {
	Port    Port
	Timeout time.Duration // wait for a reply's first byte (default 500 ms)
	Gap     time.Duration // a reply ends after this silence (default 20 ms)
	dec     *Decoder
	buf     []byte
	mu      sync.Mutex // one poll and its reply at a time (the floor loop and AFT transfers share a host)
	lenCmd  byte       // the poll waiting for a reply with a length byte (0: none)
}

// lengthReplies are the long polls whose reply carries a length byte (addr cmd len
// data CRC): the host knows where it ends.
var lengthReplies = map[byte]bool{0x2F: true, 0x54: true, 0x56: true, 0x6F: true, 0x72: true, 0x73: true, 0x74: true, 0x87: true,
	0xAF: true, 0xB2: true, 0xB5: true}

// fixedReplies are the long polls whose reply has a fixed length (an ACK or NACK
// is one byte): the host stops reading when it is complete. A shorter reply (a
// NACK) still ends with the gap.
var fixedReplies = map[byte]int{0x15: 8, 0x1B: 24, 0x2D: 10, 0x51: 6, 0x52: 22, 0x55: 6, 0x80: 1, 0x84: 11, 0x85: 11, 0x86: 1, 0x8A: 1,
	0x94: 5, 0x9A: 18, 0xA0: 12, 0xA8: 5, 0xB1: 5}

func (h *Host) decoder() *Decoder {
	if h.dec == nil {
		h.dec = NewDecoder(h.Port)
	}
	return h.dec
}

// ErrNoReply is wrapped by a general poll the machine did not answer within
// Timeout (a long poll's silence is a nil reply): the host counts a missed poll
// and asks again, as the machine is silent while it cannot answer.
var ErrNoReply = errors.New("sas: no reply")

// GeneralPoll asks machine addr for one exception.
func (h *Host) GeneralPoll(addr byte) (byte, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if err := h.send(AppendSymbol(nil, Symbol{B: 0x80 | addr, Wake: true})); err != nil {
		return 0, err
	}
	r, err := h.reply(1)
	if err != nil {
		return 0, err
	}
	if len(r) == 0 {
		return 0, fmt.Errorf("%w to a general poll of machine %d", ErrNoReply, addr)
	}
	if len(r) != 1 {
		return 0, fmt.Errorf("sas: general poll reply of %d bytes", len(r))
	}
	return r[0], nil
}

// LongPoll sends addr cmd data (and a CRC unless the poll is type R: crc false) and
// returns the whole reply (address through CRC), or nil when nothing came.
func (h *Host) LongPoll(addr, cmd byte, data []byte, crc bool) ([]byte, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	frame := append([]byte{addr, cmd}, data...)
	if crc {
		frame = AppendCRC(frame)
	}
	wire := AppendSymbol(nil, Symbol{B: addr, Wake: true})
	wire = AppendEscaped(wire, frame[1:])
	if err := h.send(wire); err != nil {
		return nil, err
	}
	h.lenCmd = 0
	if lengthReplies[cmd] {
		h.lenCmd = cmd
	}
	r, err := h.reply(fixedReplies[cmd])
	h.lenCmd = 0
	if r != nil {
		r = append([]byte(nil), r...) // the buffer is the next poll's once the lock is released
	}
	return r, err
}

// Send writes raw escaped bytes (tests use it for malformed frames).
func (h *Host) Send(wire []byte) error { return h.send(wire) }

// Reply reads a reply: bytes until the line is quiet.
func (h *Host) Reply() ([]byte, error) { return h.reply(0) }

// send drops whatever a late reply left on the line, then writes b, so a reply is
// never taken for the answer to the next poll.
func (h *Host) send(b []byte) error {
	d := h.decoder()
	d.i, d.n, d.esc = 0, 0, 0
	var junk [256]byte
	for {
		if err := h.Port.SetReadDeadline(time.Now()); err != nil {
			return err
		}
		n, err := h.Port.Read(junk[:])
		if n == 0 || err != nil {
			break
		}
	}
	if _, err := h.Port.Write(b); err != nil {
		return fmt.Errorf("sas: host write: %w", err)
	}
	return nil
}

// reply reads a reply: want bytes when want > 0 (a general poll's one byte),
// otherwise bytes until the line is quiet for Gap.
func (h *Host) reply(want int) ([]byte, error) {
	timeout, gap := h.Timeout, h.Gap
	if timeout == 0 {
		timeout = 500 * time.Millisecond
	}
	if gap == 0 {
		gap = 20 * time.Millisecond
	}
	h.buf = h.buf[:0]
	d := h.decoder()
	wait := timeout
	for {
		if !d.Buffered() {
			if err := h.Port.SetReadDeadline(time.Now().Add(wait)); err != nil {
				return nil, err
			}
		}
		s, err := d.Next()
		if err != nil {
			if isTimeout(err) {
				if len(h.buf) == 0 {
					return nil, nil
				}
				return h.buf, nil
			}
			return h.buf, err
		}
		if s.Wake {
			return h.buf, errors.New("sas: the machine set the wake-up bit")
		}
		h.buf = append(h.buf, s.B)
		if want > 0 && len(h.buf) == want {
			return h.buf, nil
		}
		if b := h.buf; h.lenCmd != 0 && len(b) >= 3 && b[1] == h.lenCmd && len(b) == 3+int(b[2])+2 {
			return h.buf, nil // a reply with a length byte ends with its CRC: no need to wait for the gap
		}
		wait = gap
	}
}
