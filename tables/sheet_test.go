package tables

import (
	"bytes"
	"math"
	"math/big"
	"strings"
	"testing"
)

func TestNewBet(t *testing.T) {
	// A straight up at roulette: edge 1/37, hit 1/37, variance 36²·(1/37) + 1·(36/37) − (1/37)².
	edge, hit := big.NewRat(1, 37), big.NewRat(1, 37)
	mean := new(big.Rat).Neg(edge)
	m2 := new(big.Rat).Add(big.NewRat(35*35, 37), big.NewRat(36, 37))
	v := new(big.Rat).Sub(m2, new(big.Rat).Mul(mean, mean))
	b := NewBet("straight", "35:1", edge, hit, v)
	if b.Edge != "1/37" || b.HitFreq != "1/37" || math.Abs(b.EdgePct-2.7027027) > 1e-6 || math.Abs(b.Sigma-5.8378) > 1e-4 {
		t.Fatalf("%+v", b)
	}
}

func TestPrintAndHTML(t *testing.T) {
	long := strings.Repeat("straight flush 40:1, ", 3)
	s := Sheet{ID: "g", Name: "A <game>", Source: "rules", Method: "exact",
		Bets:  []Bet{NewBet("short", "1:1", big.NewRat(1, 100), big.NewRat(1, 2), big.NewRat(1, 1)), NewBet("long", long, big.NewRat(1, 50), big.NewRat(1, 4), big.NewRat(4, 1))},
		Notes: []string{"why the figures differ"}}
	s.Bets[0].House = "1%"
	var out bytes.Buffer
	s.Print(&out)
	text := out.String()
	for _, want := range []string{"A <game> (g)", "1.0000%", "50.0000%", "(below)", long, "note: why the figures differ", "1%"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	out.Reset()
	if err := WriteHTML(&out, []Sheet{s}); err != nil {
		t.Fatal(err)
	}
	if h := out.String(); !strings.Contains(h, "A &lt;game&gt;") || strings.Contains(h, "<game>") || !strings.Contains(h, "2.0000%") {
		t.Fatalf("html:\n%s", h)
	}
}

// PerStaked is the edge per first bet over the average stake, exact.
func TestBetPerStaked(t *testing.T) {
	for _, tc := range []struct {
		edge, stake *big.Rat
		want        string
	}{
		{big.NewRat(3, 100), big.NewRat(3, 2), "1/50"},
		{big.NewRat(1, 37), big.NewRat(1, 1), "1/37"},
		{big.NewRat(-1, 10), big.NewRat(2, 1), "-1/20"},
	} {
		var b Bet
		b.PerStaked(tc.edge, tc.stake)
		if b.EdgeStaked != tc.want {
			t.Errorf("%v / %v = %s, want %s", tc.edge, tc.stake, b.EdgeStaked, tc.want)
		}
	}
}

// A main game without exact rows: its edge per first bet over its average stake,
// on the text and the HTML sheet.
func TestMainGame(t *testing.T) {
	m := NewMainGame("Main bet", "1:1", 0.006, 1.2)
	if math.Abs(m.EdgeStaked-0.005) > 1e-15 || math.Abs(m.EdgeStakedPct-0.5) > 1e-13 || m.EdgePct != 0.6 {
		t.Fatalf("%+v", m)
	}
	s := Sheet{ID: "g", Name: "G", Main: m}
	var out bytes.Buffer
	s.Print(&out)
	want := "main game: Main bet (1:1): house edge 0.6000% per first bet, 0.5000% per unit staked (1.2000 first bets staked on average)"
	if !strings.Contains(out.String(), want) {
		t.Errorf("text lacks %q:\n%s", want, out.String())
	}
	out.Reset()
	if err := WriteHTML(&out, []Sheet{s}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "<b>Main game:</b> "+want[len("main game: "):]) {
		t.Errorf("html lacks the main game:\n%s", out.String())
	}
}
