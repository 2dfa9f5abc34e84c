package sas

import (
	"bytes"
	"testing"
)

func TestQueuePriorities(t *testing.T) {
	var q Queue
	for _, c := range []byte{ExGameStarted, ExSlotDoorOpen, ExHandpayPending, ExGameEnded, ExSlotDoorClosed, ExAFTComplete} {
		q.Push(c)
	}
	want := []byte{ExHandpayPending, ExAFTComplete, ExSlotDoorOpen, ExSlotDoorClosed, ExGameStarted, ExGameEnded}
	for i, w := range want {
		if h := q.Head(); h != w {
			t.Fatalf("position %d: %02X, want %02X", i, h, w)
		}
		q.Pop()
	}
	if q.Head() != ExNone || q.Len() != 0 {
		t.Fatal("queue not empty")
	}
	q.Pop() // popping empty is harmless
	q.Push(ExNone)
	if q.Len() != 0 {
		t.Fatal("ExNone was queued")
	}
}

func TestQueueOverflow(t *testing.T) {
	var q Queue
	for i := 0; i < QueueCap+10; i++ {
		q.Push(ExGameStarted)
	}
	if q.Len() != QueueCap+1 {
		t.Fatalf("%d queued, want %d", q.Len(), QueueCap+1)
	}
	for q.Len() > 1 {
		q.Pop()
	}
	if q.Head() != ExBufferOverflow {
		t.Fatalf("tail %02X, want the overflow exception", q.Head())
	}
	q.Pop()
	for i := 0; i < QueueCap+1; i++ {
		q.Push(ExGameEnded)
	}
	if q.codes[len(q.codes)-1] != ExBufferOverflow {
		t.Fatal("a second overflow was not reported")
	}
}

func TestQueueRoundTrip(t *testing.T) {
	var q Queue
	for _, c := range []byte{ExSlotDoorOpen, ExHandpayPending, ExGameStarted} {
		q.Push(c)
	}
	b, _ := q.MarshalBinary()
	var r Queue
	if err := r.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	b2, _ := r.MarshalBinary()
	if !bytes.Equal(b, b2) || r.Head() != ExHandpayPending {
		t.Fatalf("% X → % X", b, b2)
	}
	for _, bad := range [][]byte{{0x11, 0x00}, make([]byte, QueueCap+2)} {
		if err := r.UnmarshalBinary(bad); err == nil {
			t.Errorf("stored queue % X accepted", bad)
		}
	}
}

func FuzzQueueUnmarshal(f *testing.F) {
	f.Add([]byte{0x11, 0x51})
	f.Fuzz(func(t *testing.T, b []byte) {
		var q Queue
		if err := q.UnmarshalBinary(b); err != nil {
			return
		}
		out, _ := q.MarshalBinary()
		if !bytes.Equal(out, b) {
			t.Fatalf("% X → % X", b, out)
		}
		for q.Len() > 0 {
			q.Pop()
		}
	})
}

// TestQueueAck: the host acknowledges the exception it received; one of higher
// priority queued between the delivery and the acknowledgement (a 6A after the
// game's 7F) stays to be delivered, and an acknowledgement of a code not waiting
// drops nothing.
func TestQueueAck(t *testing.T) {
	for _, tc := range []struct {
		name  string
		queue []byte
		ack   byte
		want  []byte
		found bool
	}{
		{"the head", []byte{ExGameEnded}, ExGameEnded, nil, true},
		{"overtaken by a higher priority", []byte{ExAFTHostCashOut, ExGameEnded}, ExGameEnded, []byte{ExAFTHostCashOut}, true},
		{"the first of two", []byte{ExGameStarted, ExGameEnded, ExGameStarted}, ExGameStarted, []byte{ExGameEnded, ExGameStarted}, true},
		{"not waiting", []byte{ExAFTHostCashOut}, ExGameEnded, []byte{ExAFTHostCashOut}, false},
		{"none delivered", []byte{ExAFTHostCashOut}, ExNone, []byte{ExAFTHostCashOut}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var q Queue
			if err := q.UnmarshalBinary(tc.queue); err != nil {
				t.Fatal(err)
			}
			if got := q.Ack(tc.ack); got != tc.found {
				t.Fatalf("Ack = %v", got)
			}
			b, _ := q.MarshalBinary()
			if !bytes.Equal(b, tc.want) && !(len(b) == 0 && len(tc.want) == 0) {
				t.Fatalf("queue % X, want % X", b, tc.want)
			}
		})
	}
	// Through Push: the game's end delivered, then the cash-out request queued.
	var q Queue
	q.Push(ExGameEnded)
	got := q.Head()
	q.Push(ExAFTHostCashOut)
	q.Ack(got)
	if q.Head() != ExAFTHostCashOut || q.Len() != 1 {
		t.Fatalf("head %02X, %d waiting", q.Head(), q.Len())
	}
}
