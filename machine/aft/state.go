package aft

import (
	"fmt"
	"time"

	"egm/sas"
)

// The values of critical memory that hold the AFT state: Key the State, and
// HistKey(pos) the history entry at each position 1..sas.AFTHistorySize.
const (
	Key     = "aft"
	histKey = "aft_history/"
)

// HistKey is the value holding the history entry at position pos.
func HistKey(pos byte) string { return fmt.Sprintf("%s%03d", histKey, pos) }

// Record is one transfer: the last one (State.Last) and the history entries.
type Record struct {
	Position      byte      `json:"pos,omitempty"` // history position 1..127 once committed
	Status        byte      `json:"status"`
	Type          byte      `json:"type"`
	Cents         int64     `json:"cents"`                // cashable
	Restricted    int64     `json:"restricted,omitempty"` // (refused: the machine takes cashable only)
	NonRestricted int64     `json:"nonrestricted,omitempty"`
	Flags         byte      `json:"flags,omitempty"`
	Asset         uint32    `json:"asset"`
	ID            string    `json:"id"`
	Time          time.Time `json:"time,omitzero"`  // when it completed
	Held          bool      `json:"held,omitempty"` // waiting for AML approval
	Acked         bool      `json:"acked,omitempty"`
	Reason        string    `json:"reason,omitempty"`
	Lock          bool      `json:"lock_after,omitempty"`
	// Records stored by earlier versions may carry a "code" field; the state is
	// decoded with encoding/json's default (unknown fields ignored), so they load.
}

// Pending reports a transfer not yet completed or refused.
func (r *Record) Pending() bool { return sas.AFTStatus(r.Status).Pending() }

// Same reports an identical resend of r.
func (r *Record) Same(req sas.AFTTransfer) bool {
	return r.ID == req.ID && r.Type == req.Type && uint64(r.Cents) == req.Cashable &&
		uint64(r.Restricted) == req.Restricted && uint64(r.NonRestricted) == req.NonRestricted && r.Asset == req.Asset
}

// Reg is the registration with the AFT host (long poll 73).
type Reg struct {
	Status byte                `json:"status"`
	Asset  uint32              `json:"asset"`
	Key    [sas.AFTKeyLen]byte `json:"key"`
	POSID  uint32              `json:"pos_id"`
}

// State is the value Key in critical memory.
type State struct {
	Reg     *Reg    `json:"reg,omitempty"`
	Last    *Record `json:"last,omitempty"`
	NextPos byte    `json:"next_pos,omitempty"` // next history position (1..127)
	Count   int     `json:"count,omitempty"`    // history entries held (≤127)
	Codes   []Code  `json:"codes,omitempty"`    // live one-time codes
}

// Clone is a copy of s that shares nothing with it.
func (s State) Clone() State {
	c := s
	if s.Reg != nil {
		r := *s.Reg
		c.Reg = &r
	}
	if s.Last != nil {
		l := *s.Last
		c.Last = &l
	}
	c.Codes = append([]Code(nil), s.Codes...)
	return c
}

// Registered reports a registration in force.
func (s *State) Registered() bool {
	return s.Reg != nil && s.Reg.Status == sas.AFTRegStatusRegistered
}

// HistoryPos is the history position an interrogation index names (01–7F a
// position, 81–FF the newest (FF), the one before (FE)…), given the state's
// next position and count; false when it names none (00 and 80 are not history
// positions).
func (s *State) HistoryPos(idx byte) (byte, bool) {
	switch {
	case idx == 0 || idx == 0x80:
		return 0, false
	case idx < 0x80:
		return idx, true
	}
	k := 0x100 - int(idx)
	if k > s.Count {
		return 0, false
	}
	return byte((int(s.NextPos)-1-k+2*sas.AFTHistorySize)%sas.AFTHistorySize + 1), true
}
