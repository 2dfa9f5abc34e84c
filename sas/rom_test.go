package sas

import (
	"bytes"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// slowROM is a machine whose ROM signature takes a cabinet's time.
type slowROM struct {
	fakeMachine
	r     *Responder
	delay time.Duration
	done  atomic.Bool // the signature has been computed
}

func (s *slowROM) Meter(int, MeterCode) (uint64, bool) { return 0, false }
func (s *slowROM) SetEnabled(bool) error               { return nil }
func (s *slowROM) Games() []GameInfo                   { return nil }
func (s *slowROM) SelectedGame() int                   { return 0 }
func (s *slowROM) Now() time.Time                      { return time.Time{} }
func (s *slowROM) SetTime(time.Time) error             { return nil }
func (s *slowROM) Progressive(byte, byte, uint64)      {}
func (s *slowROM) SerialNumber() string                { return "" }
func (s *slowROM) ROMSignature(seed uint16) uint16 {
	time.Sleep(s.delay)
	s.done.Store(true)
	return seed ^ 0x5AA5
}

// TestROMSignatureOffTheLink: a new seed's signature takes 2 s; meanwhile
// every other poll is answered at once; the first general poll after it is
// ready gets the 21 reply (again on an implied NACK), then exceptions resume,
// and the same seed asked again is answered directly. The test runs in a
// synctest bubble: its clock moves only when every goroutine waits, so "while
// the signature is computed" and "at once" hold exactly, on any machine.
func TestROMSignatureOffTheLink(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		m := &slowROM{fakeMachine: fakeMachine{credits: 3, queue: []byte{0x7E}}, delay: 2 * time.Second}
		r := &Responder{M: m}
		h, _ := pair(t, &linkHandler{r: r, f: &m.fakeMachine}, nil)
		start := time.Now()
		if got, err := h.LongPoll(1, 0x21, []byte{0x34, 0x12}, true); err != nil || got != nil {
			t.Fatalf("21 with a new seed: % X %v, want silence while it is computed", got, err)
		}
		for i := range 20 {
			got, err := h.LongPoll(1, 0x1A, nil, false)
			if err != nil || len(got) != 8 {
				t.Fatalf("1A %d while the signature is computed: % X %v", i, got, err)
			}
		}
		if m.done.Load() {
			t.Fatalf("the signature was done after %v: the polls waited for it", time.Since(start))
		}
		for i := 0; !m.done.Load(); i++ { // polls go on until it is done (the link stays up)
			if got, err := h.LongPoll(1, 0x1A, nil, false); err != nil || len(got) != 8 || i > 1000 {
				t.Fatalf("1A %d while the signature is computed: % X %v", i, got, err)
			}
		}
		synctest.Wait() // the signature kept for the next general poll
		sig := AppendCRC([]byte{1, 0x21, 0x34 ^ 0xA5, 0x12 ^ 0x5A})
		for i := range 2 { // the second general poll is an implied NACK: the same again
			h.Send(wake(0x81))
			if got, err := h.Reply(); err != nil || !bytes.Equal(got, sig) {
				t.Fatalf("general poll %d after the signature: % X %v, want % X", i, got, err, sig)
			}
		}
		h.LongPoll(1, 0x1A, nil, false) // implied ACK
		if c, err := h.GeneralPoll(1); err != nil || c != 0x7E {
			t.Fatalf("exceptions after the signature: %02X %v", c, err)
		}
		t0 := time.Now()
		h.LongPoll(1, 0x1A, nil, false)
		poll := time.Since(t0) // a poll answered at once, on the bubble's clock
		t0 = time.Now()
		if got, err := h.LongPoll(1, 0x21, []byte{0x34, 0x12}, true); err != nil || !bytes.Equal(got, sig) {
			t.Fatalf("21 again: % X %v", got, err)
		}
		if d := time.Since(t0); d >= poll+ROMInline {
			t.Fatalf("a known seed took %v (a poll answered at once %v): it waited as for a new one", d, poll)
		}
	})
}

// linkHandler is a Responder whose exceptions come from a fakeMachine.
type linkHandler struct {
	r *Responder
	f *fakeMachine
}

func (l *linkHandler) Exception() byte                      { return l.f.Exception() }
func (l *linkHandler) AckException()                        { l.f.AckException() }
func (l *linkHandler) GeneralReply(b []byte) ([]byte, bool) { return l.r.GeneralReply(b) }
func (l *linkHandler) AckGeneralReply()                     { l.r.AckGeneralReply() }
func (l *linkHandler) LongPoll(p Poll, reply []byte) ([]byte, Response) {
	if p.Cmd == 0x1A {
		return l.f.LongPoll(p, reply)
	}
	return l.r.LongPoll(p, reply)
}
