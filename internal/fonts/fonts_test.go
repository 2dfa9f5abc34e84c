package fonts

import (
	"testing"

	"egm/locale"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

// missing lists the runes of s with a glyph in none of faces (newlines and tabs
// aside).
func missing(t *testing.T, faces []*sfnt.Font, s string) []rune {
	t.Helper()
	var buf sfnt.Buffer
	var out []rune
	for _, r := range s {
		if r == '\n' || r == '\t' {
			continue
		}
		found := false
		for _, f := range faces {
			g, err := f.GlyphIndex(&buf, r)
			if err != nil {
				t.Fatal(err)
			}
			found = found || g != 0
		}
		if !found {
			out = append(out, r)
		}
	}
	return out
}

func mustParse(t *testing.T, name string, ttf []byte) *sfnt.Font {
	t.Helper()
	f, err := sfnt.Parse(ttf)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return f
}

// TestNotoNeedsAFallback: Noto Sans 2020 has no minus sign (U+2212, Estonian's
// minus in CLDR) and no arrows, which the Go fonts have; the screen draws with
// Noto first and the Go face of the same weight after it.
func TestNotoNeedsAFallback(t *testing.T) {
	noto := mustParse(t, "noto", Regular)
	gof := mustParse(t, "go", goregular.TTF)
	if m := missing(t, []*sfnt.Font{noto}, "−→"); len(m) != 2 {
		t.Fatalf("Noto now has %q: the fallback may no longer be needed", "−→")
	}
	if m := missing(t, []*sfnt.Font{gof}, "₸Ә"); len(m) != 2 {
		t.Fatalf("the Go font has %q", string(m))
	}
}

// TestCataloguesHaveGlyphs: every rune of every message in every language, and
// the signs the formatter writes, has a glyph in Noto Sans or its Go fallback, in
// both weights.
func TestCataloguesHaveGlyphs(t *testing.T) {
	signs := "€₸\u00a0\u2212ӘҒҚҢӨҰҮҺІәғқңөұүһі õäöüšžÕÄÖÜŠŽ ЁёЪъЫы —·×÷→←"
	for name, faces := range map[string][]*sfnt.Font{
		"regular": {mustParse(t, "noto regular", Regular), mustParse(t, "go regular", goregular.TTF)},
		"bold":    {mustParse(t, "noto bold", Bold), mustParse(t, "go bold", gobold.TTF)},
	} {
		f := faces
		if m := missing(t, f, signs); len(m) > 0 {
			t.Errorf("%s lacks %q", name, string(m))
		}
		checked := 0
		for _, lang := range locale.All() {
			for _, id := range locale.IDs() {
				for form, s := range locale.Forms(lang, id) {
					checked++
					if m := missing(t, f, s); len(m) > 0 {
						t.Errorf("%s: %s %s (%s) has no glyph for %q", name, lang, id, form, string(m))
					}
				}
			}
		}
		if checked == 0 {
			t.Fatal("no message checked")
		}
		t.Logf("%s: %d messages checked", name, checked)
	}
}
