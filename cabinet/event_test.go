package cabinet

import (
	"bytes"
	"encoding/hex"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

func TestDecodeEvent(t *testing.T) {
	at := time.Unix(1_700_000_000, 250_000_000)
	cases := []struct {
		name string
		hex  string
		want Event
		err  string
	}{
		// sec 1700000000 = 0x6553f100, usec 250000 = 0x3d090, EV_SW, code 2, value 1
		{"64-bit", "00f1536500000000" + "90d0030000000000" + "0500" + "0200" + "01000000", Event{at, EvSw, 2, 1}, ""},
		{"32-bit", "00f15365" + "90d00300" + "0100" + "c002" + "00000000", Event{at, EvKey, 0x2c0, 0}, ""},
		{"negative value", "00f15365" + "90d00300" + "0300" + "0000" + "ffffffff", Event{at, 3, 0, -1}, ""},
		{"short", "00f15365", Event{}, "4 bytes"},
		{"usec out of range", "00f15365" + "40420f00" + "0100" + "0000" + "01000000", Event{}, "tv_usec 1000000"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, _ := hex.DecodeString(c.hex)
			got, err := DecodeEvent(b)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want %q", err, c.err)
				}
				return
			}
			if err != nil || !got.Time.Equal(c.want.Time) || got.Type != c.want.Type || got.Code != c.want.Code || got.Value != c.want.Value {
				t.Fatalf("got %+v %v, want %+v", got, err, c.want)
			}
			back, err := EncodeEvent(got, len(b))
			if err != nil || !bytes.Equal(back, b) {
				t.Fatalf("re-encoded %x, want %x", back, b)
			}
		})
	}
}

func TestEventSizeOfThisArchitecture(t *testing.T) {
	if EventSize != 16 && EventSize != 24 {
		t.Fatalf("EventSize %d", EventSize)
	}
}

func TestReadEvents(t *testing.T) {
	var stream []byte
	for i := range 5 {
		b, _ := EncodeEvent(Event{Time: time.Unix(int64(i), 0), Type: EvKey, Code: uint16(i), Value: 1}, 24)
		stream = append(stream, b...)
	}
	var got []Event
	// One byte at a time: records cut across reads are put together.
	err := ReadEvents(io.LimitReader(&oneByte{stream}, int64(len(stream))), 24, func(b []Event) { got = append(got, b...) })
	if err != nil || len(got) != 5 || got[4].Code != 4 {
		t.Fatalf("%d events, %v", len(got), err)
	}
	err = ReadEvents(bytes.NewReader(stream[:len(stream)-3]), 24, func([]Event) {})
	if err == nil || !strings.Contains(err.Error(), "inside an event") {
		t.Fatalf("a cut record: %v", err)
	}
	err = ReadEvents(errReader{}, 24, func([]Event) {})
	if err == nil || !strings.Contains(err.Error(), "cabinet: read input device") {
		t.Fatalf("a failing device: %v", err)
	}
}

type oneByte struct{ b []byte }

func (r *oneByte) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	p[0] = r.b[0]
	r.b = r.b[1:]
	return 1, nil
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("no such device") }

func FuzzDecodeEvent(f *testing.F) {
	for _, size := range []int{16, 24} {
		b, _ := EncodeEvent(Event{Time: time.Unix(12, 345_000), Type: EvSw, Code: 1, Value: 1}, size)
		f.Add(b)
	}
	f.Add([]byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, b []byte) {
		e, err := DecodeEvent(b)
		if err != nil {
			return
		}
		back, err := EncodeEvent(e, len(b))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(back, b) {
			t.Fatalf("%x decoded to %+v re-encodes to %x", b, e, back)
		}
	})
}
