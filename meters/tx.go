package meters

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

// Tx is one transaction: everything it does is committed together, durably, or not
// at all. The machine puts a whole game step in one Tx: for a spin, the bet, the
// outcome, the meters and the credits to be.
//
// A method that refuses (a meter asked to go down, credits below zero, bad JSON)
// returns an error and also marks the Tx failed, so Update refuses it even if the
// function ignores the error.
type Tx struct {
	base   *state
	meters Meters
	rec    record
	games  map[GameKey]GameMeter
	now    func() time.Time
	err    error
}

func newTx(base *state, now func() time.Time) *Tx {
	return &Tx{base: base, meters: base.meters, now: now}
}

func (tx *Tx) fail(format string, args ...any) error {
	err := &refusedError{fmt.Sprintf("meters: "+format, args...)}
	if tx.err == nil {
		tx.err = err
	}
	return err
}

// Meter returns a meter's value as this transaction would leave it.
func (tx *Tx) Meter(m Meter) int64 { return tx.meters[m] }

// Meters returns all meters as this transaction would leave them.
func (tx *Tx) Meters() Meters { return tx.meters }

// Add adds n (0 <= n < Modulus/2) to a meter, rolling over at Modulus. A negative n is
// refused: no meter ever decreases. CurrentCredits is not changed with Add; use
// SetCredits.
func (tx *Tx) Add(m Meter, n int64) error {
	switch {
	case m < 0 || m >= NumMeters:
		return tx.fail("add to unknown meter %d", m)
	case m == CurrentCredits:
		return tx.fail("add to %s: use SetCredits", m)
	case n < 0:
		return tx.fail("add %d to %s refused: a meter never decreases", n, m)
	case n >= Modulus/2:
		return tx.fail("add %d to %s refused: over half the meter width", n, m)
	}
	tx.meters[m] = addMod(tx.meters[m], n)
	tx.touch(m)
	return nil
}

func (tx *Tx) touch(m Meter) {
	if tx.rec.Meters == nil {
		tx.rec.Meters = map[string]int64{}
	}
	tx.rec.Meters[m.String()] = tx.meters[m]
}

// SetCredits sets the current balance. It is refused below zero (no credit is ever
// extended). The commit is refused unless the credits invariant holds.
func (tx *Tx) SetCredits(cents int64) error {
	if cents < 0 || cents >= Modulus {
		return tx.fail("set credits to %d refused: outside 0..%d", cents, Modulus-1)
	}
	tx.meters[CurrentCredits] = cents
	tx.touch(CurrentCredits)
	return nil
}

// AddGame adds one play's figures to the (title, denomination) meters: games
// played, cents bet and cents won.
func (tx *Tx) AddGame(title string, denomCents, played, coinInCents, wonCents int64) error {
	if title == "" || denomCents <= 0 {
		return tx.fail("game meter needs a title and a positive denomination (got %q, %d)", title, denomCents)
	}
	for _, v := range []int64{played, coinInCents, wonCents} {
		if v < 0 || v >= Modulus/2 {
			return tx.fail("game meter %s@%d: add %d refused: a meter never decreases", title, denomCents, v)
		}
	}
	k := GameKey{title, denomCents}
	if tx.games == nil {
		tx.games = map[GameKey]GameMeter{}
	}
	g, ok := tx.games[k]
	if !ok {
		g = tx.base.games[k]
		g.Title, g.DenomCents = title, denomCents
	}
	g.GamesPlayed = addMod(g.GamesPlayed, played)
	g.CoinInCents = addMod(g.CoinInCents, coinInCents)
	g.WonCents = addMod(g.WonCents, wonCents)
	tx.games[k] = g
	return nil
}

// SetGame records a new game in progress, with its outcome. It is refused while
// another game is in progress (finish or clear that first, in this transaction or an
// earlier one): an outcome, once stored, is never replaced.
func (tx *Tx) SetGame(g GameInProgress) error {
	if cur, ok := tx.Game(); ok {
		return tx.fail("game %d is still in progress: finish or clear it before storing game %d", cur.Number, g.Number)
	}
	var err error
	if g.Outcome, err = compactJSON("game outcome", g.Outcome, false); err != nil {
		return tx.fail("%s", unprefixed(err))
	}
	if g.Data, err = compactJSON("game data", g.Data, true); err != nil {
		return tx.fail("%s", unprefixed(err))
	}
	g.Started = g.Started.Round(0)
	tx.rec.Game, tx.rec.Step, tx.rec.Phase, tx.rec.ClearGame = &g, nil, nil, false
	return nil
}

// SetGamePhase records where the game in progress is (the machine's name for it,
// such as "gamble") and the machine's data to resume it (gamble steps so far…),
// without writing the outcome again.
func (tx *Tx) SetGamePhase(phase string, data json.RawMessage) error {
	if _, ok := tx.Game(); !ok {
		return tx.fail("game phase %q with no game in progress", phase)
	}
	data, err := compactJSON("game data", data, true)
	if err != nil {
		return tx.fail("%s", unprefixed(err))
	}
	tx.rec.Phase = &gamePhase{Phase: phase, Data: data}
	return nil
}

// SetGameStep records the last presented step of the game in progress: a small
// commit, made once per presented step.
func (tx *Tx) SetGameStep(step int) error {
	if _, ok := tx.Game(); !ok {
		return tx.fail("presentation step %d with no game in progress", step)
	}
	tx.rec.Step = &step
	return nil
}

// ClearGame ends the game in progress (after settlement, or after a void).
func (tx *Tx) ClearGame() {
	tx.rec.Game, tx.rec.Step, tx.rec.Phase, tx.rec.Finish, tx.rec.ClearGame = nil, nil, nil, nil, true
}

// Game returns the game in progress as this transaction would leave it.
func (tx *Tx) Game() (GameInProgress, bool) {
	var g *GameInProgress
	switch {
	case tx.rec.Game != nil:
		g = tx.rec.Game
	case tx.rec.ClearGame || tx.rec.Finish != nil:
		return GameInProgress{}, false
	default:
		g = tx.base.game
	}
	if g == nil {
		return GameInProgress{}, false
	}
	out := *g
	if tx.rec.Step != nil {
		out.Step = *tx.rec.Step
	}
	if tx.rec.Phase != nil {
		out.Phase, out.Data = tx.rec.Phase.Phase, tx.rec.Phase.Data
	}
	return out, true
}

// AppendRecall adds a finished game to game recall (the oldest beyond RecallDepth is
// dropped).
func (tx *Tx) AppendRecall(r RecallEntry) error {
	var err error
	if r.Outcome, err = compactJSON("recall outcome", r.Outcome, false); err != nil {
		return tx.fail("%s", unprefixed(err))
	}
	if r.Gamble, err = compactJSON("recall gamble", r.Gamble, true); err != nil {
		return tx.fail("%s", unprefixed(err))
	}
	if r.Data, err = compactJSON("recall data", r.Data, true); err != nil {
		return tx.fail("%s", unprefixed(err))
	}
	r.Time = r.Time.Round(0)
	tx.rec.Recall = append(tx.rec.Recall, r)
	return nil
}

// FinishGame ends the game in progress and puts it in game recall: r with the
// game's outcome and data, which are not written again (the outcome was committed
// with the bet, the data with SetGamePhase). r's Outcome and Data are ignored. It is refused when no game is in
// progress or the game was set in this same transaction (use AppendRecall then).
func (tx *Tx) FinishGame(r RecallEntry) error {
	if tx.base.game == nil || tx.rec.Game != nil || tx.rec.ClearGame || tx.rec.Finish != nil {
		return tx.fail("finish game: no game in progress committed before this transaction")
	}
	var err error
	if r.Gamble, err = compactJSON("recall gamble", r.Gamble, true); err != nil {
		return tx.fail("%s", unprefixed(err))
	}
	r.Outcome, r.Data = nil, nil
	r.Time = r.Time.Round(0)
	tx.rec.Finish, tx.rec.Step, tx.rec.Phase = &r, nil, nil
	return nil
}

// Event appends an event to the log. at is recorded as given (the machine's clock,
// even if it jumped backwards); the event's Seq orders it. A zero at takes the store's
// clock.
func (tx *Tx) Event(kind EventKind, at time.Time, detail string) Event {
	if at.IsZero() {
		at = tx.now()
	}
	seq, prev := tx.base.lastEvent()
	if n := len(tx.rec.Events); n > 0 {
		seq, prev = tx.rec.Events[n-1].Seq, tx.rec.Events[n-1].Hash
	}
	e := Event{Seq: seq + 1, Time: at.UTC().Round(0), Kind: kind, Detail: detail}
	e.Hash, _ = eventHash(prev, e) // prev comes from a verified chain
	tx.rec.Events = append(tx.rec.Events, e)
	return e
}

// SetValue stores a small JSON value under key: the machine's own durable state
// (configuration, lockups, pending cash-out…). A nil value deletes the key.
func (tx *Tx) SetValue(key string, v json.RawMessage) error {
	if key == "" {
		return tx.fail("value with an empty key")
	}
	if v == nil {
		v = json.RawMessage("null")
	} else {
		var err error
		if v, err = compactJSON("value "+strconv.Quote(key), v, false); err != nil || string(v) == "null" {
			return tx.fail("value %q is not valid JSON (or is null; use a nil value to delete)", key)
		}
	}
	if tx.rec.Values == nil {
		tx.rec.Values = map[string]json.RawMessage{}
	}
	tx.rec.Values[key] = v
	return nil
}

// Value returns the value under key as this transaction would leave it.
func (tx *Tx) Value(key string) (json.RawMessage, bool) {
	if v, ok := tx.rec.Values[key]; ok {
		if string(v) == "null" {
			return nil, false
		}
		return v, true
	}
	v, ok := tx.base.values[key]
	return v, ok
}

// AddCounter adds n (0 <= n < Modulus/2) to a named counter: a meter this package
// does not define (jackpot levels, AFT transfers, gamble…), monotonic and rolling
// over at Modulus like the others, created at zero on first use. It is not part of
// the credits invariant.
func (tx *Tx) AddCounter(name string, n int64) error {
	if name == "" {
		return tx.fail("counter with an empty name")
	}
	if _, clash := MeterByName(name); clash {
		return tx.fail("counter %q is a meter: use Add", name)
	}
	if n < 0 || n >= Modulus/2 {
		return tx.fail("add %d to counter %q refused: a meter never decreases", n, name)
	}
	if tx.rec.Counts == nil {
		tx.rec.Counts = map[string]int64{}
	}
	tx.rec.Counts[name] = addMod(tx.Counter(name), n)
	return nil
}

// Counter returns a named counter as this transaction would leave it.
func (tx *Tx) Counter(name string) int64 {
	if v, ok := tx.rec.Counts[name]; ok {
		return v
	}
	return tx.base.counts[name]
}

// finish builds the record: game meters in a stable order.
func (tx *Tx) finish() *record {
	if len(tx.games) > 0 {
		tx.rec.Games = tx.rec.Games[:0]
		for _, g := range tx.games {
			tx.rec.Games = append(tx.rec.Games, g)
		}
		sortGameMeters(tx.rec.Games)
	}
	return &tx.rec
}

// compactJSON checks b and returns a compacted copy: the bytes kept in memory are
// then exactly the bytes written to disk and read back after a restart. Empty b is
// nil if optional, else JSON null.
func compactJSON(what string, b json.RawMessage, optional bool) (json.RawMessage, error) {
	if len(b) == 0 {
		if optional {
			return nil, nil
		}
		return json.RawMessage("null"), nil
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		return nil, fmt.Errorf("meters: %s is not valid JSON", what)
	}
	return buf.Bytes(), nil
}

// marshal is json.Marshal without HTML escaping, so that stored JSON (outcomes,
// values) keeps its bytes through the round trip to disk.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
