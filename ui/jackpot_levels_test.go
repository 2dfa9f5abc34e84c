package ui

import (
	"testing"

	"egm/ui/internal/kit"
)

type fixedSession struct{ s kit.Snapshot }

func (f fixedSession) Snapshot() kit.Snapshot { return f.s }
func (f fixedSession) Send(kit.Event) error   { return nil }

// TestLinkedLevelsEverywhere: once a machine session has the floor's levels, a
// demo session's play (attract) shows them; "—" (0) while none arrive; without a
// floor the demo keeps its reset values.
func TestLinkedLevelsEverywhere(t *testing.T) {
	defer kit.SetLinkedLevels(nil)
	demo := fixedSession{kit.Snapshot{Grand: 500_000, Major: 40_000}}
	if got := (kit.LinkedSession{Session: demo}).Snapshot(); got.Grand != 500_000 || got.Major != 40_000 || got.Mystery != 0 {
		t.Fatalf("no floor: %+v", got)
	}
	ok := true
	kit.SetLinkedLevels(func() (int64, int64, int64, bool) { return 612_345, 41_000, 987_654, ok })
	if got := (kit.LinkedSession{Session: demo}).Snapshot(); got.Grand != 612_345 || got.Major != 41_000 || got.Mystery != 987_654 {
		t.Fatalf("linked: %+v", got)
	}
	ok = false
	if got := (kit.LinkedSession{Session: demo}).Snapshot(); got.Grand != 0 || got.Major != 0 || got.Mystery != 0 {
		t.Fatalf("levels unavailable: %+v", got)
	}
}
