package play

import (
	"slices"
	"testing"
)

// TestRegistry: every game is found by its id and by its Kind, in Kind order; an
// unknown id is no game; the lists handed out are copies; each sheet carries its
// game's id and the SAS places run 1…5 in order.
func TestRegistry(t *testing.T) {
	want := []string{Roulette, ThreeCard, PuntoBanco, Blackjack, Holdem}
	if got := IDs(); !slices.Equal(got, want) {
		t.Fatalf("IDs = %v, want %v", got, want)
	}
	for i, g := range All() {
		k := Kind(i + 1)
		if g.Kind != k || g.ID != want[i] || KindOf(g.ID) != k || Of(k).ID != g.ID || k.ID() != g.ID {
			t.Errorf("entry %d: %+v (KindOf %d, Of %q)", i, g, KindOf(g.ID), Of(k).ID)
		}
		if g.SAS != i+1 || g.Name == "" || !IsTable(g.ID) || Name(g.ID) != g.Name {
			t.Errorf("%s: SAS %d, name %q", g.ID, g.SAS, g.Name)
		}
		s, err := g.Sheet()
		if err != nil || s.ID != g.ID || len(s.Bets) == 0 {
			t.Errorf("%s: sheet %q, %d bets, %v", g.ID, s.ID, len(s.Bets), err)
		}
	}
	for _, id := range []string{"", "slots", "Roulette", "roulette "} {
		if KindOf(id) != NoGame || IsTable(id) || Name(id) != "" {
			t.Errorf("%q: a table game", id)
		}
		if _, ok := Lookup(id); ok {
			t.Errorf("Lookup(%q) found a game", id)
		}
	}
	if Of(NoGame).ID != "" || Of(KindHoldem+1).ID != "" || Of(-1).ID != "" {
		t.Error("Of: a game for no Kind")
	}
	ids, all := IDs(), All()
	ids[0], all[0].ID = "x", "x"
	if IDs()[0] != Roulette || All()[0].ID != Roulette {
		t.Error("IDs and All hand out the registry itself")
	}
}
