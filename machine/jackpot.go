package machine

import (
	"encoding/json"
	"fmt"
	"strings"

	"egm/machine/refusal"
	"egm/meters"
)

// Events of linked jackpots (the floor link raises SAS exceptions for them).
const (
	EvJackpotHit         meters.EventKind = "jackpot_hit"         // a linked level was hit: waiting for the controller (SAS 56)
	EvJackpotAmount      meters.EventKind = "jackpot_amount"      // the controller's amount for one hit, recorded
	EvProgressiveWin     meters.EventKind = "progressive_win"     // linked levels paid to credits (SAS 54)
	EvProgressiveHandpay meters.EventKind = "progressive_handpay" // linked levels paid by the attendant (with handpay_reset)
)

// MaxJackpotCents bounds one level's amount (a 5-byte BCD amount on the link).
const MaxJackpotCents int64 = 9_999_999_999

// jackpotData is what the game record holds of its linked hits: the levels in the
// order the outcome names them, and the controller's amounts as they arrived (the
// first len(Cents) levels are answered). It is the data of the jackpot phase and,
// once complete, of a handpay phase that follows it.
type jackpotData struct {
	Levels []string `json:"levels"`
	Cents  []int64  `json:"cents,omitempty"`
}

func (j *jackpotData) complete() bool { return len(j.Cents) == len(j.Levels) }

func (j *jackpotData) total() int64 {
	var s int64
	for _, c := range j.Cents {
		s += c
	}
	return s
}

func (j *jackpotData) raw() json.RawMessage {
	b, _ := json.Marshal(j) // plain fields: cannot fail
	return b
}

func (j *jackpotData) String() string {
	var b strings.Builder
	for i, l := range j.Levels {
		if i > 0 {
			b.WriteString(", ")
		}
		if i < len(j.Cents) {
			fmt.Fprintf(&b, "%s %d cents", l, j.Cents[i])
		} else {
			fmt.Fprintf(&b, "%s waiting", l)
		}
	}
	return b.String()
}

// parseJackpotData reads the jackpot amounts a game record holds (nil: none).
func parseJackpotData(g meters.GameInProgress) *jackpotData {
	if (g.Phase != PhaseJackpot && g.Phase != PhaseHandpay) || len(g.Data) == 0 {
		return nil
	}
	var j jackpotData
	if err := json.Unmarshal(g.Data, &j); err != nil || len(j.Levels) == 0 || len(j.Cents) > len(j.Levels) {
		return nil
	}
	return &j
}

// SetJackpotsLinked says whether Grand and Major are the floor controller's
// (machine/saslink sets it when the floor link is attached). Linked, a hit waits in
// JackpotPending for the controller's amount (InJackpotAmount); not linked (a
// machine without a floor), each level pays its reset value.
func (m *Machine) SetJackpotsLinked(on bool) {
	m.mu.Lock()
	m.linked = on
	m.mu.Unlock()
}

// PendingJackpot is a linked hit waiting for the controller: the game, and its
// levels with the amounts answered so far.
type PendingJackpot struct {
	Game   uint64
	Levels []string
	Cents  []int64 // the first len(Cents) levels are answered
}

// PendingJackpot returns the linked hit waiting for the controller, if any.
func (m *Machine) PendingJackpot() (PendingJackpot, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c := m.game
	if c == nil || !c.pending || c.jp == nil {
		return PendingJackpot{}, false
	}
	return PendingJackpot{Game: c.g.Number, Levels: append([]string(nil), c.jp.Levels...), Cents: append([]int64(nil), c.jp.Cents...)}, true
}

// startJackpot commits the jackpot phase of a fully presented game with linked
// hits: the machine locks in JackpotPending ("JACKPOT — waiting for the
// controller") until every level has the controller's amount.
func (m *Machine) startJackpot() error {
	c := m.game
	j := &jackpotData{Levels: append([]string(nil), c.outcome.Jackpots...)}
	if err := m.update(func(tx *meters.Tx) error {
		m.event(tx, EvJackpotHit, fmt.Sprintf("game %d: %s hit: JACKPOT, waiting for the controller", c.g.Number, strings.Join(j.Levels, " and ")))
		return tx.SetGamePhase(PhaseJackpot, j.raw())
	}); err != nil {
		return err
	}
	c.setJackpot(j)
	c.pending = true
	return nil
}

// setJackpot makes j the game's jackpot record: its win counts the controller's
// amounts answered so far, never a guessed amount for a hit still waiting (the
// same figure before and after a restart, see newCurrent).
func (c *current) setJackpot(j *jackpotData) {
	c.jp = j
	c.jackpot = j.total()
	c.win = c.outcome.Win + c.jackpot
}

// jackpotAmount records the controller's amount for the next unanswered hit of
// the pending game, in the game record (one commit), then pays the game once
// every hit is answered: to credits, or by handpay above the limit (R-WIN).
func (m *Machine) jackpotAmount(in Input) error {
	c := m.game
	if c == nil || !c.pending || c.jp == nil {
		return refusal.Other("jackpot amount: no linked jackpot is waiting")
	}
	k := len(c.jp.Cents)
	switch {
	case in.Game != c.g.Number:
		return refusal.Other("jackpot amount for game %d: the waiting jackpot is game %d's", in.Game, c.g.Number)
	case in.Hit != k:
		return refusal.Other("jackpot amount for hit %d of game %d: hit %d is the one waiting", in.Hit, c.g.Number, k)
	case in.Level != c.jp.Levels[k]:
		return refusal.Other("jackpot amount for %q: hit %d of game %d is %q", in.Level, k, c.g.Number, c.jp.Levels[k])
	case in.Cents <= 0 || in.Cents > MaxJackpotCents:
		return refusal.Other("jackpot amount %d cents outside 1..%d", in.Cents, MaxJackpotCents)
	}
	j := &jackpotData{Levels: c.jp.Levels, Cents: append(append([]int64(nil), c.jp.Cents...), in.Cents)}
	if err := m.update(func(tx *meters.Tx) error {
		m.event(tx, EvJackpotAmount, fmt.Sprintf("game %d: %s hit %d: %d cents from the controller", c.g.Number, in.Level, k, in.Cents))
		return tx.SetGamePhase(PhaseJackpot, j.raw())
	}); err != nil {
		return err
	}
	c.setJackpot(j)
	if !j.complete() {
		return nil
	}
	return m.payJackpot()
}

// payJackpot pays a game whose linked hits all have their amounts.
func (m *Machine) payJackpot() error {
	c := m.game
	c.pending = false
	c.jackpot = c.jp.total()
	c.win = c.outcome.Win + c.jackpot
	if c.win > m.cfg.HandpayLimitCents {
		return m.startHandpay()
	}
	return m.settle(c.win, 0)
}

// jackpotEvent logs how a game's linked levels were paid (inside settlement).
func (m *Machine) jackpotEvent(tx *meters.Tx, c *current, handpay int64) {
	if c.jp == nil {
		return
	}
	if handpay > 0 {
		m.event(tx, EvProgressiveHandpay, fmt.Sprintf("game %d: %s paid by the attendant", c.g.Number, c.jp))
		return
	}
	m.event(tx, EvProgressiveWin, fmt.Sprintf("game %d: %s paid to credits", c.g.Number, c.jp))
}
