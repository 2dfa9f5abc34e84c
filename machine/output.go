package machine

import (
	"encoding/json"
	"sync"
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
	OutEvent                                // an event entered the log (Event holds its kind and detail)
)

// Output is one output event.
type Output struct {
	Kind    OutputKind
	Status  Status
	Step    int
	Outcome json.RawMessage // the stored outcome bytes (OutPresent)
	Recall  *RecallView     // OutGameEnd
	Gamble  json.RawMessage // OutGambleStep
	Cashout *Cashout        // OutCashoutRequest
	Event   string          // OutEvent: "kind: detail"
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
