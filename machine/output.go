package machine

import (
	"encoding/json"
	"sync"

	"egm/meters"
)

// OutputKind names an output event.
type OutputKind int

// Outputs, for the screen and the floor link.
const (
	OutState          OutputKind = iota + 1 // the state or the balance changed: Status holds the new one
	OutPresent                              // present step Step of the game in progress (Outcome holds it)
	OutGameEnd                              // a game was settled or voided: Recall holds its entry
	OutGambleStep                           // a gamble card was drawn: Gamble holds the round so far
	OutCashoutRequest                       // return Cashout.Cents to Cashout.Wallet; confirm with InCashoutConfirmed
	OutEvent                                // an event was committed to the log (doors, tilts, handpays, AML, host…): for the floor link
	OutTable                                // the table round in progress as it stands (Outcome: play.Round's JSON, decisions included)
)

var outputNames = map[OutputKind]string{OutState: "state", OutPresent: "present", OutGameEnd: "game_end",
	OutGambleStep: "gamble_step", OutCashoutRequest: "cashout_request", OutEvent: "event", OutTable: "table"}

// MarshalText writes the output's name.
func (k OutputKind) MarshalText() ([]byte, error) { return []byte(outputNames[k]), nil }

// Output is one output event.
type Output struct {
	Kind    OutputKind      `json:"kind"`
	Status  *Status         `json:"status,omitempty"` // OutState
	Step    int             `json:"step,omitempty"`
	Outcome json.RawMessage `json:"outcome,omitempty"` // the stored outcome bytes (OutPresent)
	Recall  *RecallView     `json:"recall,omitempty"`  // OutGameEnd
	Gamble  json.RawMessage `json:"gamble,omitempty"`  // OutGambleStep
	Cashout *Cashout        `json:"cashout,omitempty"` // OutCashoutRequest
	Event   *meters.Event   `json:"event,omitempty"`   // OutEvent
}

// RecallView is the part of a finished game the screen and host need.
type RecallView struct {
	Number       uint64 `json:"number"`
	Title        string `json:"title"`
	BetCents     int64  `json:"bet_cents"`
	WinCents     int64  `json:"win_cents"`
	HandpayCents int64  `json:"handpay_cents"`
	Voided       bool   `json:"voided"`
	VoidReason   string `json:"void_reason,omitempty"`
}

// subscribers deliver outputs in order, outside the machine's lock.
type subscribers struct {
	mu  sync.Mutex
	fns []func(Output)
}

func (s *subscribers) add(fn func(Output)) {
	s.mu.Lock()
	s.fns = append(s.fns, fn)
	s.mu.Unlock()
}

func (s *subscribers) deliver(outs []Output) {
	s.mu.Lock()
	fns := s.fns
	s.mu.Unlock()
	for _, o := range outs {
		for _, fn := range fns {
			fn(o)
		}
	}
}
