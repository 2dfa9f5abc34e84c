package main

import (
	"bytes"
	"strings"
	"testing"

	"egm/games"
)

// The exported rules carry every paytable symbol of the title (R-HELP-2).
func TestRulesHTML(t *testing.T) {
	for _, id := range []string{"gems-secrets", "hot-twins", "roll-on-fire"} {
		var out, errOut bytes.Buffer
		if code := run([]string{"rules", "--title", id, "--html"}, &out, &errOut); code != 0 {
			t.Fatalf("%s: exit %d: %s", id, code, errOut.String())
		}
		html := out.String()
		ti, err := games.ByID(id)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(html, "<h1>"+ti.Spec.Name+"</h1>") {
			t.Errorf("%s: no title heading", id)
		}
		for _, s := range ti.Spec.Reels.Symbols {
			if !strings.Contains(html, "<td>"+s.Name+"</td>") {
				t.Errorf("%s: symbol %s missing from the rules", id, s.Name)
			}
		}
		for _, want := range []string{"Total bet", "40.00 EUR", "Lock &amp; Spin", "%"} {
			if !strings.Contains(html, want) {
				t.Errorf("%s: %q missing", id, want)
			}
		}
	}
}

func TestRulesUsage(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"rules"}, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "--title is required") {
		t.Errorf("exit %d, %q", code, errOut.String())
	}
	if code := run([]string{"rules", "--title", "nope"}, &out, &errOut); code != 1 {
		t.Errorf("unknown title: exit %d", code)
	}
	out.Reset()
	if code := run([]string{"rules", "--title", "clover-power"}, &out, &errOut); code != 0 || !strings.Contains(out.String(), "Magic Clover") {
		t.Errorf("text rules: exit %d:\n%s", code, out.String())
	}
}
