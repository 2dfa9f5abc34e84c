//go:build cgo && !noscreen

package ui

import (
	"strings"
	"testing"

	"egm/tables/play"
	"egm/ui/internal/kit"
)

// The meters page names every metered game as players know it: a table game by
// its name (THREE CARD POKER), never by its id (THREE-CARD-POKER).
func TestOperatorMetersNames(t *testing.T) {
	if opShots.err != nil {
		t.Fatal(opShots.err)
	}
	p := opShots.metersPage
	tables := map[string]bool{}
	rows := false
	for _, r := range p.Right {
		if r[0] == kit.OpTr("operator.meters.per_title") {
			rows = true
			continue
		}
		if !rows {
			continue
		}
		name, _, _ := strings.Cut(r[0], " · ")
		for _, id := range play.IDs() {
			if name == strings.ToUpper(id) && name != strings.ToUpper(play.Name(id)) {
				t.Errorf("the meters page names %s by its id: %q", id, r[0])
			}
			if name == strings.ToUpper(play.Name(id)) {
				tables[id] = true
			}
		}
	}
	if len(tables) == 0 {
		t.Fatalf("no table game on the meters page (rows %q): the rig played none?", p.Right)
	}
}
