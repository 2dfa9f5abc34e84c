package reserved

import (
	"strings"
	"testing"
	"time"

	"egm/jurisdiction"
	"egm/machine"
	"egm/machine/reserve"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/slotscene"
)

// TestWords: the cover's words are in every language of both profiles, with
// the time left counted from the recorded end and the balance in the profile's
// currency; each line fits its panel at no less than two thirds of its size
// (the wrapped ones in at most four lines); no reservation, no words.
func TestWords(t *testing.T) {
	defer kit.SetJurisdiction(jurisdiction.EE, "")
	from := time.Date(2026, 3, 2, 10, 30, 0, 0, time.UTC)
	r := reserve.New("w", "attendant", from, 42, 25_00)
	for _, prof := range []jurisdiction.Profile{jurisdiction.EE, jurisdiction.KZ} {
		kit.SetJurisdiction(prof, "")
		cents := int64(99_999_99) * kit.DemoScale()
		st := machine.Status{State: machine.Reserved, Reserved: &r, CreditsCents: cents}
		for lang, pr := range kit.ScreenLang.Printers {
			kit.ScreenLang.Player = pr
			w := Words(st, from.Add(90*time.Second))
			if w.Left != "40:30" {
				t.Errorf("%s %s: time left %q", prof.Code, lang, w.Left)
			}
			if !strings.Contains(w.Kept, kit.PlayerMoney(cents)) {
				t.Errorf("%s %s: balance line %q", prof.Code, lang, w.Kept)
			}
			for _, l := range []struct {
				s    string
				size float64
				w    float64
				wrap bool
			}{{w.Title, 84, sideW - 60, false}, {w.For, 32, sideW - 60, false}, {w.LeftCaption, 28, sideW - 60, false},
				{w.Kept, 32, sideW - 60, false}, {w.Staff, 36, sideW - 60, false}, {w.Scan, 40, sideW - 60, true}, {w.End, 26, sideW - 60, true}} {
				if l.s == "" || strings.ContainsAny(l.s, "‹›{}") || strings.Contains(l.s, "<no value>") {
					t.Errorf("%s %s: %q", prof.Code, lang, l.s)
					continue
				}
				if l.wrap {
					if n := len(slotscene.Wrap(l.s, l.size, true, l.w)); n > 4 {
						t.Errorf("%s %s: %q in %d lines", prof.Code, lang, l.s, n)
					}
				} else if f := paint.FitSize(l.s, l.size, true, l.w); f < l.size*2/3 {
					t.Errorf("%s %s: %q shrinks to %.1f of %.0f", prof.Code, lang, l.s, f, l.size)
				}
			}
		}
	}
	if w := Words(machine.Status{State: machine.Idle, Reserved: &r}, from); w.Title != "" {
		t.Errorf("words for an idle machine: %+v", w)
	}
	if w := Words(machine.Status{State: machine.Reserved, Reserved: &r}, from.Add(2*time.Hour)); w.Left != "0:00" {
		t.Errorf("time left after the end: %q", w.Left)
	}
}
