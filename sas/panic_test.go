package sas

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// panicky is fakeMachine with handler calls that panic while their counter is
// above zero.
type panicky struct {
	fakeMachine
	longPolls, exceptions, acks atomic.Int32
}

func (p *panicky) LongPoll(q Poll, reply []byte) ([]byte, Response) {
	if p.longPolls.Add(-1) >= 0 {
		panic("long poll bug")
	}
	return p.fakeMachine.LongPoll(q, reply)
}

func (p *panicky) Exception() byte {
	if p.exceptions.Add(-1) >= 0 {
		var m map[string]int
		m["x"]++ // a nil map: a runtime error, as a nil store was
	}
	return p.fakeMachine.Exception()
}

func (p *panicky) AckException() {
	if p.acks.Add(-1) >= 0 {
		panic(errors.New("ack bug"))
	}
	p.fakeMachine.AckException()
}

// TestHandlerPanicRecovered: a panic in the handler — in a long poll, in the
// exception of a general poll, in the acknowledgement — costs that frame its
// answer, is told to OnPanic with the stack, and the next poll is answered.
func TestHandlerPanicRecovered(t *testing.T) {
	tests := []struct {
		name  string
		arm   func(p *panicky)
		first func(h *Host) ([]byte, error) // the poll whose handler panics
	}{
		{"long poll", func(p *panicky) { p.longPolls.Store(1) },
			func(h *Host) ([]byte, error) { return h.LongPoll(1, 0x1A, nil, false) }},
		{"general poll", func(p *panicky) { p.exceptions.Store(1) },
			func(h *Host) ([]byte, error) {
				c, err := h.GeneralPoll(1)
				if errors.Is(err, ErrNoReply) {
					return nil, nil
				}
				return []byte{c}, err
			}},
		{"acknowledgement", func(p *panicky) { p.acks.Store(1) },
			func(h *Host) ([]byte, error) {
				h.Timeout = 10 * time.Second
				if c, err := h.GeneralPoll(1); c != 0x11 || err != nil { // delivered; its ack comes with the next poll
					return nil, fmt.Errorf("first exception %02X %v", c, err)
				}
				h.Timeout = 100 * time.Millisecond // silence
				return h.LongPoll(1, 0x1A, nil, false)
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := &panicky{fakeMachine: fakeMachine{queue: []byte{0x11, 0x12}, credits: 7}}
			tc.arm(m)
			var mu sync.Mutex
			var told []string
			a, b := net.Pipe()
			l := &Link{Addr: 1, Handler: m, OnPanic: func(v any, stack []byte) {
				mu.Lock()
				told = append(told, fmt.Sprint(v)+"\n"+string(stack))
				mu.Unlock()
			}}
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- l.Serve(ctx, a) }()
			defer func() { cancel(); b.Close(); a.Close(); <-done }()
			h := &Host{Port: b, Timeout: 100 * time.Millisecond}
			r, err := tc.first(h)
			if err != nil {
				t.Fatal(err)
			}
			if r != nil {
				t.Fatalf("the frame whose handler panicked was answered: % X", r)
			}
			h.Timeout = 10 * time.Second // the next poll is answered, however busy the machine
			r, err = h.LongPoll(1, 0x1A, nil, false)
			if err != nil || len(r) < 4 || r[1] != 0x1A || !CheckCRC(r) {
				t.Fatalf("after the panic: % X %v", r, err)
			}
			if c, err := h.GeneralPoll(1); err != nil || (c != 0x11 && c != 0x12) {
				t.Fatalf("general poll after the panic: %02X %v", c, err)
			}
			mu.Lock()
			defer mu.Unlock()
			if len(told) != 1 || l.Stats().Panics != 1 || !strings.Contains(told[0], "sas.(*panicky)") {
				t.Fatalf("panics told %d (stats %d): %q", len(told), l.Stats().Panics, told)
			}
			select {
			case err := <-done:
				t.Fatalf("Serve ended: %v", err)
			default:
			}
		})
	}
}
