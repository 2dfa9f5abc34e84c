package meters

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"egm/money"
)

// Snapshot is a read-only view of critical memory at one commit. It is valid only
// inside the function given to View; its methods return copies.
type Snapshot struct{ st *state }

// View calls fn with the committed state. It works on a stopped store too (the last
// acknowledged state stays readable for the operator menu and recall).
func (s *Store) View(fn func(snap *Snapshot)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fn(&Snapshot{s.st})
}

// Seq is the commit sequence number: it grows by one per commit (and per recovery
// or repair the store logs at Open).
func (v *Snapshot) Seq() uint64 { return v.st.seq }

// Meters returns the machine-wide meters.
func (v *Snapshot) Meters() Meters { return v.st.meters }

// Games returns the (title, denomination) meters, by title then denomination.
func (v *Snapshot) Games() []GameMeter {
	gs := slices.Collect(maps.Values(v.st.games))
	sortGameMeters(gs)
	return gs
}

// Game returns the game in progress, if any.
func (v *Snapshot) Game() (GameInProgress, bool) {
	if v.st.game == nil {
		return GameInProgress{}, false
	}
	return *v.st.game, true
}

// Recall returns game recall, newest first (at most RecallDepth games).
func (v *Snapshot) Recall() []RecallEntry {
	out := slices.Clone(v.st.recall)
	slices.Reverse(out)
	return out
}

// Events returns the kept event log, oldest first, and the anchor the chain starts
// from; VerifyChain(anchor, events) checks it.
func (v *Snapshot) Events() ([]Event, Anchor) { return slices.Clone(v.st.events), v.st.anchor }

// Counters returns the named counters (see Tx.AddCounter).
func (v *Snapshot) Counters() map[string]int64 { return maps.Clone(v.st.counts) }

// Counter returns one named counter (0 when it was never added to), without
// copying the others.
func (v *Snapshot) Counter(name string) int64 { return v.st.counts[name] }

// Value returns the machine's value under key.
func (v *Snapshot) Value(key string) (json.RawMessage, bool) {
	b, ok := v.st.values[key]
	return slices.Clone(b), ok
}

// Report is what `egm meters --json` prints. Its JSON is one flat object: every
// meter under its key (current_credits_cents, wallet_in_cents, …), then "seq",
// "games" (the per title and denomination meters), "counters" (named counters)
// and "currency" (the ISO code every amount is in).
type Report struct {
	Seq      uint64
	Currency string
	Meters   Meters
	Games    []GameMeter
	Counters map[string]int64
}

// MarshalJSON writes the flat object described on Report.
func (r Report) MarshalJSON() ([]byte, error) {
	m, err := r.Meters.MarshalJSON()
	if err != nil {
		return nil, err
	}
	games := r.Games
	if games == nil {
		games = []GameMeter{}
	}
	g, err := json.Marshal(games)
	if err != nil {
		return nil, err
	}
	counters := r.Counters
	if counters == nil {
		counters = map[string]int64{}
	}
	c, err := json.Marshal(counters)
	if err != nil {
		return nil, err
	}
	out := append(m[:len(m)-1:len(m)-1], fmt.Sprintf(`,"seq":%d,"games":`, r.Seq)...)
	out = append(out, g...)
	out = append(out, `,"counters":`...)
	out = append(out, c...)
	out = append(out, `,"currency":`...)
	out = append(out, CurrencyValue(money.Recorded(r.Currency))...)
	return append(out, '}'), nil
}

// Report returns the meters report.
func (v *Snapshot) Report() Report {
	cur, _ := v.Currency()
	return Report{Seq: v.st.seq, Currency: cur.Code, Meters: v.st.meters, Games: v.Games(), Counters: v.Counters()}
}

// Meters returns the committed machine-wide meters.
func (s *Store) Meters() Meters {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.st.meters
}

// Seq returns the last committed sequence number.
func (s *Store) Seq() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.st.seq
}
