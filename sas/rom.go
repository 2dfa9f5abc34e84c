package sas

import (
	"sync"
	"time"
)

// The ROM signature (long poll 21) is a CRC over the whole program, 100–380 ms
// of work per new seed on the cabinet: SAS 6.02 §6 asks the machine to "continue
// responding to all communications" while it computes, and to return the
// signature "in response to the first general poll received after completing
// the calculation". So the Responder computes it in the background: a seed
// already computed is answered at once; a new one is started and, if it is not
// done within ROMInline, the poll gets silence, the link goes on answering every
// other poll, and the first general poll after the result is ready gets the 21
// reply instead of an exception (GeneralReplier) — again on an implied NACK,
// until the host's next poll acknowledges it. A 21 repeated with the seed once
// ready is answered directly.

// ROMInline is how long a 21 waits for a new seed's signature before the link
// moves on (the reply then comes with a general poll).
const ROMInline = 5 * time.Millisecond

type romState struct {
	mu        sync.Mutex
	sums      map[uint16]uint16
	computing bool
	done      chan struct{} // closed when the computation in progress ends
	owed      bool          // a signature computed off the link awaits a general poll
	owedSeed  uint16
}

// romSignature returns seed's signature if it is known or computed within
// ROMInline; otherwise it starts (or leaves running) the computation and says
// not yet.
func (r *Responder) romSignature(seed uint16) (uint16, bool) {
	s := &r.rom
	s.mu.Lock()
	if s.sums == nil {
		s.sums = map[uint16]uint16{}
	}
	if v, ok := s.sums[seed]; ok {
		if s.owed && s.owedSeed == seed {
			s.owed = false // answered here: no general poll needs to carry it
		}
		s.mu.Unlock()
		return v, true
	}
	if s.computing {
		s.mu.Unlock()
		return 0, false // one computation at a time: the host asks again
	}
	s.computing, s.done = true, make(chan struct{})
	done := s.done
	s.mu.Unlock()
	go func() {
		v := r.M.ROMSignature(seed)
		s.mu.Lock()
		s.sums[seed] = v
		s.computing = false
		s.owed, s.owedSeed = true, seed
		close(done)
		s.mu.Unlock()
	}()
	select {
	case <-done:
		return r.romSignature(seed)
	case <-time.After(ROMInline):
		return 0, false
	}
}

// GeneralReply implements GeneralReplier: the 21 reply of a signature computed
// off the link, once, to the first general poll after it is ready.
func (r *Responder) GeneralReply(body []byte) ([]byte, bool) {
	s := &r.rom
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.owed {
		return body, false
	}
	v := s.sums[s.owedSeed]
	return append(body, 0x21, byte(v), byte(v>>8)), true
}

// AckGeneralReply implements GeneralReplier: the host has the signature.
func (r *Responder) AckGeneralReply() {
	s := &r.rom
	s.mu.Lock()
	s.owed = false
	s.mu.Unlock()
}
