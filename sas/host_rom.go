package sas

import (
	"errors"
	"fmt"
	"time"
)

// ErrROMSignatureLate is wrapped by Host.ROMSignature when the machine has not
// answered within the time given.
var ErrROMSignatureLate = errors.New("sas: no ROM signature")

// ROMSignature asks machine addr for its ROM signature seeded with seed (long
// poll 21) and returns it with the time from the first request to the answer.
// The machine computes it off the link (rom.go) and stays silent to the 21 until
// then; each 21 waits up to every for the answer (the host's reply timeout for
// these polls) and is then sent again, and a repeat of the same seed is answered
// as soon as the signature is ready, so the time measured is the machine's
// computation plus at most one every. A reply that comes later than every is
// dropped before the next 21, which gets the same signature again.
//
//	host:    addr 21 seed(2, low byte first) CRC(2)
//	machine: addr 21 signature(2, low byte first) CRC(2)
func (h *Host) ROMSignature(addr byte, seed uint16, within, every time.Duration) (uint16, time.Duration, error) {
	h.mu.Lock()
	timeout := h.Timeout
	h.Timeout = every
	h.mu.Unlock()
	defer func() { h.mu.Lock(); h.Timeout = timeout; h.mu.Unlock() }()
	start := time.Now()
	for {
		r, err := h.LongPoll(addr, 0x21, []byte{byte(seed), byte(seed >> 8)}, true)
		if err != nil {
			return 0, 0, err
		}
		if r != nil {
			if len(r) != 6 || r[0] != addr || r[1] != 0x21 || !CheckCRC(r) {
				return 0, 0, fmt.Errorf("sas: malformed ROM signature reply % X", r)
			}
			return uint16(r[2]) | uint16(r[3])<<8, time.Since(start), nil
		}
		if time.Since(start) >= within {
			return 0, 0, fmt.Errorf("%w from machine %d within %v (seed %04X)", ErrROMSignatureLate, addr, within, seed)
		}
	}
}
