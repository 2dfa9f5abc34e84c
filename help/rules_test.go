package help

import (
	"bytes"
	"egm/jurisdiction"
	"strings"
	"testing"

	"egm/games"
)

// The rules come from the math: every symbol, every line, the bet range and the RTP.
func TestRules(t *testing.T) {
	for _, id := range []string{"golden-book-of-ra", "road-to-prosperity", "viking-hoard"} {
		ti, err := games.ByID(id)
		if err != nil {
			t.Fatal(err)
		}
		r, err := NewRules(ti, english(), jurisdiction.EE.Limits)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Paytable) != len(ti.Spec.Reels.Symbols) || len(r.Lines) != ti.Lines() {
			t.Errorf("%s: %d pay rows, %d lines", id, len(r.Paytable), len(r.Lines))
		}
		if r.MinBetCents < 50 || r.MinBetCents%int64(ti.Lines()) != 0 || r.MaxBetCents > 4000 {
			t.Errorf("%s: bet range %d..%d", id, r.MinBetCents, r.MaxBetCents)
		}
		if r.RTP < 93.9 || r.RTP > 94.1 {
			t.Errorf("%s: RTP %v", id, r.RTP)
		}
		var names []string
		for _, f := range r.Features {
			names = append(names, f.Name)
		}
		for _, f := range ti.Features() {
			if f == "Grand/Major" {
				f = "Jackpots"
			}
			if !strings.Contains(strings.Join(names, "|"), f) {
				t.Errorf("%s: feature %q not explained (have %v)", id, f, names)
			}
		}
		if id == "viking-hoard" && r.MinBetCents != 80 {
			t.Errorf("40 lines: least total bet %d, want 80 (2 cents a line)", r.MinBetCents)
		}
		var b bytes.Buffer
		if err := r.WriteHTML(&b); err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(b.String(), `class="line"`); n != ti.Lines() {
			t.Errorf("%s: %d lines drawn in HTML", id, n)
		}
	}
}
