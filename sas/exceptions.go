package sas

import (
	"fmt"
	"slices"
)

// Exception codes the machine raises (general poll replies). SAS-NOTES.md lists the
// public codes; these are the ones this machine uses.
const (
	ExNone            byte = 0x00
	ExSlotDoorOpen    byte = 0x11
	ExSlotDoorClosed  byte = 0x12
	ExCardCageOpen    byte = 0x15
	ExCardCageClosed  byte = 0x16
	ExACPowerApplied  byte = 0x17
	ExACPowerLost     byte = 0x18
	ExBellyDoorOpen   byte = 0x1D
	ExBellyDoorClosed byte = 0x1E
	ExGeneralTilt     byte = 0x20
	ExRAMError        byte = 0x31 // critical memory error
	ExOptionsChanged  byte = 0x3C
	ExHandpayPending  byte = 0x51
	ExHandpayReset    byte = 0x52
	ExNoProgressive   byte = 0x53
	ExProgressiveWin  byte = 0x54
	ExLevelHit        byte = 0x56
	ExCashOutPressed  byte = 0x66
	ExAFTComplete     byte = 0x69
	ExAFTHostCashOut  byte = 0x6A
	ExAFTWinCashOut   byte = 0x6B
	ExGameLocked      byte = 0x6F
	ExBufferOverflow  byte = 0x70
	ExGameStarted     byte = 0x7E
	ExGameEnded       byte = 0x7F
)

// priority: money and faults before doors, doors before game start/end chatter.
func priority(code byte) int {
	switch {
	case code == ExHandpayPending, code == ExHandpayReset, code == ExRAMError,
		code >= 0x20 && code <= 0x3B && code != ExOptionsChanged,
		code == ExACPowerApplied, code == ExACPowerLost,
		code >= ExProgressiveWin && code <= ExLevelHit,
		code >= ExAFTComplete && code <= ExGameLocked:
		return 0
	case code >= 0x11 && code <= 0x1E, code == ExOptionsChanged, code == ExCashOutPressed, code == ExNoProgressive:
		return 1
	}
	return 2
}

// QueueCap is how many exceptions wait for the host; one more place is kept for the
// buffer-overflow exception.
const QueueCap = 64

// Queue holds the exceptions the host has not yet received, in priority order and
// first-in first-out within a priority. It is a plain value: the machine stores it
// in critical memory in the same commit as the event that raised it, so no
// exception is lost to a power cut or a dead link.
type Queue struct {
	codes    []byte
	overflow bool
}

// Push queues code. When QueueCap codes wait already, the code is dropped and the
// buffer-overflow exception is queued (once) instead.
func (q *Queue) Push(code byte) {
	if code == ExNone {
		return
	}
	if len(q.codes) >= QueueCap {
		if !q.overflow {
			q.overflow = true
			q.codes = append(q.codes, ExBufferOverflow)
		}
		return
	}
	p := priority(code)
	i := len(q.codes)
	for i > 0 && priority(q.codes[i-1]) > p {
		i--
	}
	q.codes = append(q.codes, 0)
	copy(q.codes[i+1:], q.codes[i:])
	q.codes[i] = code
}

// Head is the exception to report now (ExNone when empty).
func (q *Queue) Head() byte {
	if len(q.codes) == 0 {
		return ExNone
	}
	return q.codes[0]
}

// Pop removes the head (the host received it).
func (q *Queue) Pop() {
	if len(q.codes) == 0 {
		return
	}
	if q.codes[0] == ExBufferOverflow {
		q.overflow = false
	}
	q.codes = q.codes[1:]
}

// Ack removes code, the exception the host received: the first one waiting with
// that code, which is the head unless a higher-priority exception was queued
// since it was delivered (that one must stay until it is delivered itself). It
// reports whether code was waiting.
func (q *Queue) Ack(code byte) bool {
	for i, c := range q.codes {
		if c != code {
			continue
		}
		if c == ExBufferOverflow {
			q.overflow = false
		}
		q.codes = append(q.codes[:i:i], q.codes[i+1:]...)
		return true
	}
	return false
}

// Len is the number waiting.
func (q *Queue) Len() int { return len(q.codes) }

// Waiting tells whether code waits in the queue, not yet delivered.
func (q *Queue) Waiting(code byte) bool { return slices.Contains(q.codes, code) }

// MarshalBinary is the stored form: one byte per waiting code, head first.
func (q *Queue) MarshalBinary() ([]byte, error) { return append([]byte(nil), q.codes...), nil }

// UnmarshalBinary restores a stored queue, refusing one that could not have been
// stored (too long, or holding ExNone).
func (q *Queue) UnmarshalBinary(b []byte) error {
	if len(b) > QueueCap+1 {
		return fmt.Errorf("sas: stored exception queue of %d codes exceeds %d", len(b), QueueCap+1)
	}
	*q = Queue{}
	for _, c := range b {
		if c == ExNone {
			return fmt.Errorf("sas: stored exception queue holds code 00")
		}
		q.codes = append(q.codes, c)
		if c == ExBufferOverflow {
			q.overflow = true
		}
	}
	return nil
}
