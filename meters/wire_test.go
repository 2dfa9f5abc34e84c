package meters

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// A view written by MarshalJSON reads back the same: meters, game meters, the game
// in progress, recall, events (the chain still verifies), counters; never the
// machine's values.
func TestSnapshotWire(t *testing.T) {
	st := mustOpen(t, t.TempDir(), testOpts())
	defer st.Close()
	for i := uint64(1); i <= 10; i++ {
		if err := st.Update(func(tx *Tx) error {
			if err := crashCommit(tx, i); err != nil {
				return err
			}
			return tx.AddCounter("gamble_in_cents", int64(i))
		}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.Update(func(tx *Tx) error { return tx.AddGame("t", 10, 3, 300, 120) }); err != nil {
		t.Fatal(err)
	}
	var raw []byte
	var want struct {
		seq      uint64
		meters   Meters
		games    []GameMeter
		game     GameInProgress
		hasGame  bool
		recall   []RecallEntry
		events   []Event
		anchor   Anchor
		counters map[string]int64
	}
	st.View(func(v *Snapshot) {
		var err error
		if raw, err = json.Marshal(v); err != nil {
			t.Fatal(err)
		}
		want.seq, want.meters, want.games = v.Seq(), v.Meters(), v.Games()
		want.game, want.hasGame = v.Game()
		want.recall, want.counters = v.Recall(), v.Counters()
		want.events, want.anchor = v.Events()
	})
	if bytes.Contains(raw, []byte(crashKey)) {
		t.Errorf("the wire form carries the machine's values: %s", raw)
	}
	v, err := DecodeSnapshot(raw)
	if err != nil {
		t.Fatal(err)
	}
	ev, an := v.Events()
	g, ok := v.Game()
	got := []any{v.Seq(), v.Meters(), v.Games(), g, ok, v.Recall(), ev, an, v.Counters()}
	exp := []any{want.seq, want.meters, want.games, want.game, want.hasGame, want.recall, want.events, want.anchor, want.counters}
	for i := range got {
		if !reflect.DeepEqual(got[i], exp[i]) {
			t.Errorf("field %d: got %+v, want %+v", i, got[i], exp[i])
		}
	}
	if len(ev) == 0 || len(v.Recall()) == 0 || !ok {
		t.Fatalf("fixture too thin: %d events, %d recall, game %v", len(ev), len(v.Recall()), ok)
	}
	if err := VerifyChain(an, ev); err != nil {
		t.Errorf("chain after the wire: %v", err)
	}
	if _, ok := v.Value(crashKey); ok {
		t.Error("a decoded view has a value")
	}
}

// A view that does not hold together is refused with a meters: error.
func TestSnapshotWireRefuses(t *testing.T) {
	st := mustOpen(t, t.TempDir(), testOpts())
	defer st.Close()
	for i := uint64(1); i <= 8; i++ {
		if err := st.Update(func(tx *Tx) error { return crashCommit(tx, i) }); err != nil {
			t.Fatal(err)
		}
	}
	var raw []byte
	st.View(func(v *Snapshot) { raw, _ = json.Marshal(v) })
	for _, c := range []struct{ name, from, to string }{
		{"an event's detail changed", `commit 4`, `commit 5`},
		{"not JSON", `{"seq"`, `["seq"`},
		{"credits that do not reconcile", `"wallet_in_cents":`, `"wallet_in_cents":7`},
	} {
		bad := strings.Replace(string(raw), c.from, c.to, 1)
		if bad == string(raw) {
			t.Fatalf("%s: %q not in the fixture", c.name, c.from)
		}
		if _, err := DecodeSnapshot([]byte(bad)); err == nil || !strings.HasPrefix(err.Error(), "meters: view: ") {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}
