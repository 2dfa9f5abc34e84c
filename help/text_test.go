package help

import (
	"bytes"
	"egm/jurisdiction"
	"strings"
	"testing"

	"egm/games"
)

// The text rules carry the same figures as the Rules: every symbol, every line,
// the bet range and every feature.
func TestWriteText(t *testing.T) {
	ti, err := games.ByID("clover-power")
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRules(ti, english(), jurisdiction.EE.Limits)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := r.WriteText(&out); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	if !strings.HasPrefix(s, r.Name+" — ") || !strings.Contains(s, "Total bet ") || !strings.Contains(s, r.RTPText()) {
		t.Fatalf("heading:\n%s", s)
	}
	for _, p := range r.Paytable {
		if !strings.Contains(s, "  "+p.Symbol+" ") {
			t.Errorf("symbol %s missing", p.Symbol)
		}
	}
	if strings.Count(s, ": [") != len(r.Lines) {
		t.Errorf("%d lines shown, want %d", strings.Count(s, ": ["), len(r.Lines))
	}
	for _, f := range r.Features {
		if !strings.Contains(s, "\n"+f.Name+"\n") {
			t.Errorf("feature %s missing", f.Name)
		}
	}
}
