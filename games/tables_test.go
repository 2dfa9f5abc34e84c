package games

import (
	"strings"
	"testing"

	"egm/tables/play"
)

// TestTableSheets: every table game's sheet has every bet's figures in range;
// roulette keeps exactly 1/37 on every bet; an unknown id is refused by name.
func TestTableSheets(t *testing.T) {
	sheets, err := TableSheets()
	if err != nil {
		t.Fatal(err)
	}
	if len(sheets) != len(TableIDs()) {
		t.Fatalf("%d sheets, %d ids", len(sheets), len(TableIDs()))
	}
	for _, s := range sheets {
		if !IsTable(s.ID) || len(s.Bets) == 0 || s.Source == "" || s.Method == "" {
			t.Errorf("%s: %+v", s.ID, s)
		}
		for _, b := range s.Bets {
			if b.EdgePct <= 0 || b.EdgePct >= 20 || b.HitPct <= 0 || b.HitPct >= 100 || b.Sigma <= 0 || b.Edge == "" || b.Pays == "" {
				t.Errorf("%s %s: %+v", s.ID, b.Name, b)
			}
			if play.KindOf(s.ID) == play.KindRoulette && b.Edge != "1/37" {
				t.Errorf("roulette %s: edge %s, want 1/37", b.Name, b.Edge)
			}
		}
	}
	if _, err := TableSheets("blackjack-x"); err == nil || !strings.Contains(err.Error(), "roulette") {
		t.Fatalf("unknown table game: %v", err)
	}
	if IsTable("hot-twins") {
		t.Fatal("a slot title taken for a table game")
	}
}
