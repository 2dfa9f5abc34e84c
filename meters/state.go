package meters

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
)

// state is the whole content of critical memory at one sequence number. A state is
// never changed once built: apply returns a new one, so a failed commit leaves the
// old one untouched.
type state struct {
	seq    uint64
	meters Meters
	games  map[GameKey]GameMeter
	game   *GameInProgress
	recall []RecallEntry // oldest first, at most RecallDepth
	events []Event       // oldest first, at most EventTail
	anchor Anchor
	values map[string]json.RawMessage
	counts map[string]int64 // named counters: monotonic, rollover at Modulus
}

func newState() *state {
	return &state{
		games:  map[GameKey]GameMeter{},
		values: map[string]json.RawMessage{},
		counts: map[string]int64{},
		anchor: Anchor{Hash: genesisHash},
	}
}

// lastEvent returns the seq and hash the next event chains to.
func (s *state) lastEvent() (uint64, string) {
	if n := len(s.events); n > 0 {
		return s.events[n-1].Seq, s.events[n-1].Hash
	}
	return s.anchor.Seq, s.anchor.Hash
}

// image is the on-disk form of a state: the payload of a snapshot frame.
type image struct {
	Seq    uint64                     `json:"seq"`
	Meters Meters                     `json:"meters"`
	Games  []GameMeter                `json:"games"`
	Game   *GameInProgress            `json:"game,omitempty"`
	Recall []RecallEntry              `json:"recall"` // oldest first
	Events []Event                    `json:"events"` // oldest first
	Anchor Anchor                     `json:"anchor"`
	Values map[string]json.RawMessage `json:"values,omitempty"`
	Counts map[string]int64           `json:"counters,omitempty"`
}

// gamePhase changes the game in progress's Phase and Data.
type gamePhase struct {
	Phase string          `json:"phase"`
	Data  json.RawMessage `json:"data,omitempty"`
}

// record is the on-disk form of one commit: the payload of a commit frame. Meters and
// game meters are stored as their values after the commit, not as increments.
type record struct {
	Meters    map[string]int64           `json:"meters,omitempty"`
	Games     []GameMeter                `json:"games,omitempty"`
	Game      *GameInProgress            `json:"game,omitempty"`
	Step      *int                       `json:"step,omitempty"`
	Phase     *gamePhase                 `json:"phase,omitempty"`
	ClearGame bool                       `json:"clear_game,omitempty"`
	Recall    []RecallEntry              `json:"recall,omitempty"`
	Finish    *RecallEntry               `json:"finish,omitempty"` // ends the game in progress into recall; its outcome comes from the game
	Events    []Event                    `json:"events,omitempty"`
	Values    map[string]json.RawMessage `json:"values,omitempty"` // JSON null deletes a key
	Counts    map[string]int64           `json:"counters,omitempty"`
}

func (r *record) empty() bool {
	return len(r.Meters) == 0 && len(r.Games) == 0 && r.Game == nil && r.Step == nil && r.Phase == nil &&
		!r.ClearGame && r.Finish == nil && len(r.Recall) == 0 && len(r.Events) == 0 && len(r.Values) == 0 && len(r.Counts) == 0
}

func (s *state) encodeImage() ([]byte, error) { return s.encode(true) }

// encode writes the snapshot image, with the machine's values or without them
// (the wire form of a view, wire.go).
func (s *state) encode(values bool) ([]byte, error) {
	im := image{Seq: s.seq, Meters: s.meters, Game: s.game, Recall: s.recall, Events: s.events,
		Anchor: s.anchor, Counts: s.counts}
	if values {
		im.Values = s.values
	} else if c, ok := s.values[CurrencyKey]; ok { // the readers name the currency (currency.go)
		im.Values = map[string]json.RawMessage{CurrencyKey: c}
	}
	im.Games = slices.Collect(maps.Values(s.games))
	sortGameMeters(im.Games)
	if im.Recall == nil {
		im.Recall = []RecallEntry{}
	}
	if im.Events == nil {
		im.Events = []Event{}
	}
	return marshal(im)
}

// decodeImage parses and checks a snapshot payload.
func decodeImage(b []byte) (*state, error) {
	var im image
	if err := json.Unmarshal(b, &im); err != nil {
		return nil, fmt.Errorf("meters: snapshot: %w", err)
	}
	if err := im.Meters.Invariant(); err != nil {
		return nil, fmt.Errorf("meters: snapshot: %s", unprefixed(err))
	}
	s := newState()
	s.seq, s.meters, s.game, s.anchor = im.Seq, im.Meters, im.Game, im.Anchor
	for _, g := range im.Games {
		if err := checkGameMeter(g); err != nil {
			return nil, fmt.Errorf("meters: snapshot: %w", err)
		}
		if _, dup := s.games[g.Key()]; dup {
			return nil, fmt.Errorf("meters: snapshot: game meter %s@%d twice", g.Title, g.DenomCents)
		}
		s.games[g.Key()] = g
	}
	if len(im.Recall) > RecallDepth || len(im.Events) > EventTail {
		return nil, fmt.Errorf("meters: snapshot: %d recall entries and %d events, limits %d and %d",
			len(im.Recall), len(im.Events), RecallDepth, EventTail)
	}
	s.recall, s.events = im.Recall, im.Events
	if err := VerifyChain(s.anchor, s.events); err != nil {
		return nil, fmt.Errorf("meters: snapshot: %s", unprefixed(err))
	}
	for k, v := range im.Values {
		s.values[k] = v
	}
	for k, v := range im.Counts {
		if k == "" || v < 0 || v >= Modulus {
			return nil, fmt.Errorf("meters: snapshot: counter %q = %d", k, v)
		}
		s.counts[k] = v
	}
	return s, nil
}

func decodeRecord(b []byte) (*record, error) {
	var r record
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("meters: commit record: %w", err)
	}
	return &r, nil
}

func checkGameMeter(g GameMeter) error {
	for _, v := range []int64{g.GamesPlayed, g.CoinInCents, g.WonCents} {
		if v < 0 || v >= Modulus {
			return fmt.Errorf("game meter %s@%d: value %d outside 0..%d", g.Title, g.DenomCents, v, Modulus-1)
		}
	}
	return nil
}

// forward reports whether a meter may move from old to new: up, or round the
// rollover (a step of less than half the width).
func forward(old, new int64) bool {
	d := new - old
	if d < 0 {
		d += Modulus
	}
	return d < Modulus/2
}

// apply returns the state after r, with seq. It checks what a commit may do, so a
// record that decodes but would move a meter backwards or break the event chain is
// refused on replay as it is on commit.
func (s *state) apply(seq uint64, r *record) (*state, error) {
	n := *s
	n.seq = seq
	for k, v := range r.Meters {
		m, ok := MeterByName(k)
		if !ok {
			return nil, fmt.Errorf("meters: commit %d: unknown meter %q", seq, k)
		}
		if v < 0 || v >= Modulus {
			return nil, fmt.Errorf("meters: commit %d: %s = %d outside 0..%d", seq, k, v, Modulus-1)
		}
		if m != CurrentCredits && !forward(s.meters[m], v) {
			return nil, fmt.Errorf("meters: commit %d: %s would decrease from %d to %d", seq, k, s.meters[m], v)
		}
		n.meters[m] = v
	}
	if len(r.Games) > 0 {
		n.games = maps.Clone(s.games)
		for _, g := range r.Games {
			if err := checkGameMeter(g); err != nil {
				return nil, fmt.Errorf("meters: commit %d: %w", seq, err)
			}
			old := s.games[g.Key()]
			if !forward(old.GamesPlayed, g.GamesPlayed) || !forward(old.CoinInCents, g.CoinInCents) || !forward(old.WonCents, g.WonCents) {
				return nil, fmt.Errorf("meters: commit %d: game meter %s@%d would decrease", seq, g.Title, g.DenomCents)
			}
			n.games[g.Key()] = g
		}
	}
	var finished []RecallEntry
	if r.Finish != nil {
		if s.game == nil {
			return nil, fmt.Errorf("meters: commit %d: finish with no game in progress", seq)
		}
		e := *r.Finish
		e.Outcome, e.Data = s.game.Outcome, s.game.Data
		finished = append(finished, e)
		n.game = nil
	}
	if r.ClearGame {
		n.game = nil
	}
	if r.Game != nil {
		g := *r.Game
		n.game = &g
	}
	if r.Step != nil {
		if n.game == nil {
			return nil, fmt.Errorf("meters: commit %d: presentation step with no game in progress", seq)
		}
		g := *n.game
		g.Step = *r.Step
		n.game = &g
	}
	if r.Phase != nil {
		if n.game == nil {
			return nil, fmt.Errorf("meters: commit %d: game phase with no game in progress", seq)
		}
		g := *n.game
		g.Phase, g.Data = r.Phase.Phase, r.Phase.Data
		n.game = &g
	}
	if add := append(finished, r.Recall...); len(add) > 0 {
		n.recall = append(s.recall, add...)
		if over := len(n.recall) - RecallDepth; over > 0 {
			n.recall = n.recall[over:]
		}
	}
	if len(r.Events) > 0 {
		last, hash := s.lastEvent()
		if err := VerifyChain(Anchor{Seq: last, Hash: hash}, r.Events); err != nil {
			return nil, fmt.Errorf("meters: commit %d: %s", seq, unprefixed(err))
		}
		n.events = append(s.events, r.Events...)
		if over := len(n.events) - EventTail; over > 0 {
			dropped := n.events[over-1]
			n.anchor = Anchor{Seq: dropped.Seq, Hash: dropped.Hash}
			n.events = n.events[over:]
		}
	}
	if len(r.Values) > 0 {
		n.values = maps.Clone(s.values)
		for k, v := range r.Values {
			if string(v) == "null" {
				delete(n.values, k)
			} else {
				n.values[k] = v
			}
		}
	}
	if len(r.Counts) > 0 {
		n.counts = maps.Clone(s.counts)
		for k, v := range r.Counts {
			if k == "" || v < 0 || v >= Modulus || !forward(s.counts[k], v) {
				return nil, fmt.Errorf("meters: commit %d: counter %q cannot go from %d to %d", seq, k, s.counts[k], v)
			}
			n.counts[k] = v
		}
	}
	if err := n.meters.Invariant(); err != nil {
		return nil, fmt.Errorf("meters: commit %d: %s", seq, unprefixed(err))
	}
	return &n, nil
}
