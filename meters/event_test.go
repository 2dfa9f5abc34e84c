package meters

import (
	"errors"
	"testing"
	"time"
)

func chain(t *testing.T, n int) []Event {
	t.Helper()
	st := newState()
	tx := newTx(st, fixedClock())
	for i := 0; i < n; i++ {
		tx.Event(EvTilt, time.Time{}, "reason "+string(rune('a'+i)))
	}
	return tx.rec.Events
}

func TestVerifyChain(t *testing.T) {
	genesis := Anchor{Hash: genesisHash}
	cases := []struct {
		name    string
		tamper  func(evs []Event) []Event
		anchor  Anchor
		brokeAt uint64 // 0: intact
	}{
		{"intact", func(e []Event) []Event { return e }, genesis, 0},
		{"detail changed", func(e []Event) []Event { e[3].Detail = "nothing happened"; return e }, genesis, 4},
		{"time changed", func(e []Event) []Event { e[5].Time = e[5].Time.Add(time.Hour); return e }, genesis, 6},
		{"kind changed", func(e []Event) []Event { e[0].Kind = EvDoorClose; return e }, genesis, 1},
		{"entry removed", func(e []Event) []Event { return append(e[:2:2], e[3:]...) }, genesis, 4},
		{"entries swapped", func(e []Event) []Event { e[6], e[7] = e[7], e[6]; return e }, genesis, 8},
		{"hash rewritten", func(e []Event) []Event { e[2].Hash = e[1].Hash; return e }, genesis, 3},
		{"wrong anchor", func(e []Event) []Event { return e }, Anchor{Hash: "00"}, 1},
		{"tail from its anchor", func(e []Event) []Event { return e[4:] }, Anchor{Seq: 4}, 5}, // anchor hash filled below
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			evs := chain(t, 8)
			anchor := tc.anchor
			if tc.name == "tail from its anchor" {
				anchor.Hash = evs[3].Hash
				tc.brokeAt = 0
			}
			err := VerifyChain(anchor, tc.tamper(evs))
			if tc.brokeAt == 0 {
				if err != nil {
					t.Fatalf("VerifyChain: %v", err)
				}
				return
			}
			var ce *ChainError
			if !errors.As(err, &ce) || ce.Seq != tc.brokeAt {
				t.Fatalf("VerifyChain: %v, want a break at seq %d", err, tc.brokeAt)
			}
		})
	}
}
