package cabinet

import (
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
	"time"
)

// Event types and values of the evdev interface (linux/input-event-codes.h).
const (
	EvSyn uint16 = 0x00 // a report ends
	EvKey uint16 = 0x01 // a key or button: value 0 released, 1 pressed, 2 autorepeat
	EvSw  uint16 = 0x05 // a switch: value 0 off, 1 on
)

// Event is one struct input_event.
type Event struct {
	Time  time.Time // the kernel's timestamp (CLOCK_REALTIME unless the device was told otherwise)
	Type  uint16
	Code  uint16
	Value int32
}

// EventSize is the size of struct input_event on the running architecture: two
// native longs of struct timeval, then type, code and value.
const EventSize = 2*(bits.UintSize/8) + 8

// DecodeEvent reads one struct input_event in the kernel's native (little-endian
// on every board this runs on) byte order. Its length says the layout:
//
//	64-bit Linux (amd64, arm64): 24 bytes
//	 0              8              16     18     20             24
//	+--------------+--------------+------+------+--------------+
//	| tv_sec  s64  | tv_usec s64  | type | code | value  s32   |
//	+--------------+--------------+------+------+--------------+
//	                                u16    u16
//
//	32-bit ARM (armv7): 16 bytes
//	 0       4       8      10     12      16
//	+-------+-------+------+------+-------+
//	|tv_sec |tv_usec| type | code | value |
//	|  s32  |  s32  | u16  | u16  |  s32  |
//	+-------+-------+------+------+-------+
//
// Any other length, or a tv_usec outside 0..999999, is an error.
func DecodeEvent(b []byte) (Event, error) {
	le := binary.LittleEndian
	var sec, usec int64
	var rest []byte
	switch len(b) {
	case 24:
		sec, usec, rest = int64(le.Uint64(b[0:])), int64(le.Uint64(b[8:])), b[16:]
	case 16:
		sec, usec, rest = int64(int32(le.Uint32(b[0:]))), int64(int32(le.Uint32(b[4:]))), b[8:]
	default:
		return Event{}, fmt.Errorf("cabinet: input_event of %d bytes (want 16 or 24)", len(b))
	}
	if usec < 0 || usec > 999_999 {
		return Event{}, fmt.Errorf("cabinet: input_event with tv_usec %d outside 0..999999", usec)
	}
	return Event{
		Time: time.Unix(sec, usec*1000), Type: le.Uint16(rest[0:]), Code: le.Uint16(rest[2:]),
		Value: int32(le.Uint32(rest[4:])),
	}, nil
}

// EncodeEvent writes e in the layout of size bytes (16 or 24): DecodeEvent's
// inverse, for fake devices in tests and for uinput.
func EncodeEvent(e Event, size int) ([]byte, error) {
	le := binary.LittleEndian
	b := make([]byte, size)
	sec, usec := e.Time.Unix(), int64(e.Time.Nanosecond()/1000)
	var rest []byte
	switch size {
	case 24:
		le.PutUint64(b[0:], uint64(sec))
		le.PutUint64(b[8:], uint64(usec))
		rest = b[16:]
	case 16:
		le.PutUint32(b[0:], uint32(int32(sec)))
		le.PutUint32(b[4:], uint32(usec))
		rest = b[8:]
	default:
		return nil, fmt.Errorf("cabinet: input_event of %d bytes (want 16 or 24)", size)
	}
	le.PutUint16(rest[0:], e.Type)
	le.PutUint16(rest[2:], e.Code)
	le.PutUint32(rest[4:], uint32(e.Value))
	return b, nil
}

// ReadEvents reads whole input_event records of size bytes from r and hands
// each to fn until r ends (nil at a clean end) or fails. A record cut short is
// an error; so is one that does not decode.
func ReadEvents(r io.Reader, size int, fn func([]Event)) error {
	buf := make([]byte, 64*size)
	have := 0
	for {
		n, err := r.Read(buf[have:])
		have += n
		var batch []Event
		whole := have - have%size
		for off := 0; off < whole; off += size {
			e, derr := DecodeEvent(buf[off : off+size])
			if derr != nil {
				return derr
			}
			batch = append(batch, e)
		}
		copy(buf, buf[whole:have])
		have -= whole
		if len(batch) > 0 {
			fn(batch)
		}
		if err == io.EOF {
			if have != 0 {
				return fmt.Errorf("cabinet: input device ended inside an event (%d of %d bytes)", have, size)
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("cabinet: read input device: %w", err)
		}
	}
}
