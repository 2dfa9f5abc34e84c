//go:build cgo && !noscreen

package ui

import (
	"strings"
	"testing"

	"egm/games"
	"egm/ui/internal/slotscene"
	"egm/ui/internal/tablescene"
)

// TestTableHelpPages: every table game's rules lay out in pages that fit the
// screen, the last listing every bet with its payout and return to player.
func TestTableHelpPages(t *testing.T) {
	for _, id := range games.TableIDs() {
		if err := tablescene.WaitTableRules(id); err != nil {
			t.Fatal(err)
		}
		h := &tablescene.TableHelp{Id: id}
		pages := h.Layout()
		if len(pages) < 2 {
			t.Fatalf("%s: %d pages", id, len(pages))
		}
		r, _ := tablescene.TableRulesFor(id)
		last := pages[len(pages)-1]
		if len(last) != 1 || len(last[0].Text) != len(r.Bets) {
			t.Fatalf("%s: the last page is not the bets", id)
		}
		for _, p := range pages {
			lines := 0
			for _, f := range p {
				lines += 2
				for _, tx := range f.Text {
					lines += len(slotscene.Wrap(tx, 26, false, 1660))
				}
			}
			if 160+lines*34 > 960 && len(p) > 1 {
				t.Errorf("%s: a page of %d lines runs off the panel", id, lines)
			}
		}
		for _, b := range r.Bets {
			if !strings.Contains(strings.Join(last[0].Text, "\n"), b.Bet+": ") {
				t.Errorf("%s: bet %q missing", id, b.Bet)
			}
		}
	}
	if tablescene.OpenTableHelp(nil, "roulette", nil) {
		t.Fatal("the rules opened with no touch or key")
	}
}
