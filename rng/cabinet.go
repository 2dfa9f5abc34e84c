package rng

import (
	"fmt"
	"time"
)

// Mode names where a Generator's entropy comes from.
type Mode string

const (
	// ModeOS is the cabinet's mode: getrandom, health-tested.
	ModeOS Mode = "os"
	// ModeSeeded is deterministic, for simulation and golden tests only.
	ModeSeeded Mode = "seeded"
)

// Settings are the RNG part of the cabinet's configuration.
type Settings struct {
	Mode           Mode   `json:"mode"`
	ReseedRequests uint64 `json:"reseed_requests,omitempty"`
	ReseedMinutes  int    `json:"reseed_minutes,omitempty"`
}

// NewCabinet builds the cabinet's generator from its configuration. It refuses the
// deterministic mode: a cabinet whose outcomes could be replayed from a seed would
// break R-RNG-1 and R-PLAYER-3.
func NewCabinet(s Settings, clock Clock) (*Generator, error) {
	switch s.Mode {
	case ModeOS, "":
	case ModeSeeded:
		return nil, fmt.Errorf("rng: the cabinet refuses mode %q: deterministic generators are for simulation and golden tests only", s.Mode)
	default:
		return nil, fmt.Errorf("rng: unknown mode %q (want %q)", s.Mode, ModeOS)
	}
	if s.ReseedMinutes < 0 {
		return nil, fmt.Errorf("rng: reseed_minutes %d is negative", s.ReseedMinutes)
	}
	return New(Options{
		ReseedRequests: s.ReseedRequests,
		ReseedInterval: time.Duration(s.ReseedMinutes) * time.Minute,
		Clock:          clock,
	})
}
