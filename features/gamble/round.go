package gamble

import (
	"errors"
	"fmt"

	"egm/rng"
)

// BetKind says what the player bets on.
type BetKind uint8

// Bet kinds.
const (
	OnColour BetKind = iota + 1 // pays ×2
	OnSuit                      // pays ×4
)

// Factor is what a winning bet of this kind multiplies the stake by.
func (k BetKind) Factor() int64 {
	switch k {
	case OnColour:
		return 2
	case OnSuit:
		return 4
	}
	return 0
}

// Choice is the player's bet on one step.
type Choice struct {
	Kind   BetKind `json:"kind"`
	Colour Colour  `json:"colour,omitempty"`
	Suit   Suit    `json:"suit,omitempty"`
}

// Wins says whether card c wins the choice.
func (ch Choice) Wins(c Card) bool {
	if ch.Kind == OnSuit {
		return c.Suit == ch.Suit
	}
	return c.Colour() == ch.Colour
}

// Step is the record of one gamble: the card drawn (its deck index too, for
// recall), the choice, the result and the amount before and after, in cents.
type Step struct {
	Attempt int    `json:"attempt"`
	Choice  Choice `json:"choice"`
	Draw    int    `json:"draw"`
	Card    Card   `json:"card"`
	Won     bool   `json:"won"`
	Before  int64  `json:"before"`
	After   int64  `json:"after"`
}

// Round is the gamble on one win. It ends when the player collects, loses, or has
// no step left to offer.
type Round struct {
	Config Config `json:"config"`
	Start  int64  `json:"start"`
	Amount int64  `json:"amount"`
	Steps  []Step `json:"steps"`
	Ended  bool   `json:"ended"`
}

// ErrNotOffered is returned for a step that the limits do not allow.
var ErrNotOffered = errors.New("gamble: step not offered")

// NewRound starts the gamble on a win of win cents.
func NewRound(cfg Config, win int64) (*Round, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if win <= 0 {
		return nil, fmt.Errorf("gamble: win of %d cents cannot be gambled", win)
	}
	return &Round{Config: cfg, Start: win, Amount: win}, nil
}

// Offered says whether a bet of kind k may be played now.
func (r *Round) Offered(k BetKind) bool {
	c := r.Config
	if r.Ended || !c.Enabled || r.Amount <= 0 || len(r.Steps) >= c.MaxAttempts {
		return false
	}
	f := k.Factor()
	if f == 0 || (k == OnSuit && !c.Suits) {
		return false
	}
	return r.Amount <= c.MaxWin/f // Amount·f ≤ MaxWin without overflow
}

// Play draws one card for the player's choice and settles it. The card is drawn only
// after the checks pass, so a refused step consumes no randomness.
func (r *Round) Play(src rng.Source, ch Choice, h *History) (Step, error) {
	switch {
	case ch.Kind == OnColour && ch.Colour != Red && ch.Colour != Black:
		return Step{}, fmt.Errorf("gamble: colour bet without a colour")
	case ch.Kind == OnSuit && !ch.Suit.valid():
		return Step{}, fmt.Errorf("gamble: suit bet without a suit")
	case ch.Kind != OnColour && ch.Kind != OnSuit:
		return Step{}, fmt.Errorf("gamble: unknown bet kind %d", ch.Kind)
	}
	if !r.Offered(ch.Kind) {
		return Step{}, ErrNotOffered
	}
	i := int(rng.Uint64n(src, DeckSize))
	card := CardAt(i)
	s := Step{Attempt: len(r.Steps) + 1, Choice: ch, Draw: i, Card: card, Before: r.Amount}
	if ch.Wins(card) {
		s.Won = true
		s.After = r.Amount * ch.Kind.Factor()
	}
	r.Amount = s.After
	r.Steps = append(r.Steps, s)
	if !s.Won {
		r.Ended = true
	}
	if h != nil {
		h.Add(card)
	}
	return s, nil
}

// Over says whether the round has nothing left to play: lost, collected, or no
// bet offered any more (attempts used or the cap reached). The machine then
// credits Collect's amount.
func (r *Round) Over() bool {
	return r.Ended || !(r.Offered(OnColour) || r.Offered(OnSuit))
}

// Collect ends the round and returns the amount to credit, in cents.
func (r *Round) Collect() int64 {
	r.Ended = true
	return r.Amount
}

// MarshalText writes the bet kind's name.
func (k BetKind) MarshalText() ([]byte, error) {
	switch k {
	case OnColour:
		return []byte("colour"), nil
	case OnSuit:
		return []byte("suit"), nil
	}
	return nil, fmt.Errorf("gamble: no bet kind %d", uint8(k))
}

// UnmarshalText reads a bet kind's name.
func (k *BetKind) UnmarshalText(b []byte) error {
	switch string(b) {
	case "colour":
		*k = OnColour
	case "suit":
		*k = OnSuit
	default:
		return fmt.Errorf("gamble: unknown bet kind %q", b)
	}
	return nil
}
