package slot

import (
	"slices"
	"testing"
)

func TestBuildStripKeepsCountsAndSpreads(t *testing.T) {
	counts := []SymbolCount{{"A", 6, 0}, {"B", 3, 0}, {"C", 2, 0}, {"D", 1, 0}}
	s, err := BuildStrip(counts, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(s) != 12 {
		t.Fatalf("length %d", len(s))
	}
	for _, c := range counts {
		n := 0
		for _, x := range s {
			if x == c.Symbol {
				n++
			}
		}
		if n != c.Count {
			t.Fatalf("%s appears %d times, want %d", c.Symbol, n, c.Count)
		}
	}
	// A (half the strip) never appears three times in a row.
	for i := range s {
		if s[i] == "A" && s[(i+1)%12] == "A" && s[(i+2)%12] == "A" {
			t.Fatalf("A clumps: %v", s)
		}
	}
	s2, _ := BuildStrip(counts, 0)
	if !slices.Equal(s, s2) {
		t.Fatal("not deterministic")
	}
	s3, _ := BuildStrip(counts, 1)
	if slices.Equal(s, s3) {
		t.Fatal("the shift changes nothing")
	}
	if _, err := BuildStrip([]SymbolCount{{"A", -1, 0}}, 0); err == nil {
		t.Fatal("negative count accepted")
	}
	if _, err := BuildStrip(nil, 0); err == nil {
		t.Fatal("empty strip accepted")
	}
}
