package tables

import (
	"bytes"
	"strings"
	"testing"
)

func TestMoney(t *testing.T) {
	for _, c := range []struct {
		cents int64
		want  string
	}{
		{0, "0.00 EUR"}, {5, "0.05 EUR"}, {100, "1.00 EUR"}, {99_999, "999.99 EUR"},
		{100_000, "1,000.00 EUR"}, {1_152_000, "11,520.00 EUR"}, {123_456_789, "1,234,567.89 EUR"}, {-250, "-2.50 EUR"},
	} {
		if got := (Progressive{Currency: "EUR"}).amount(c.cents); got != c.want {
			t.Errorf("amount(%d) = %q, want %q", c.cents, got, c.want)
		}
	}
}

// TestProgressivePrinted: a sheet prints its progressive section, with the
// operator's mark when the pay table is not the house rules', in text and HTML.
func TestProgressivePrinted(t *testing.T) {
	p := Progressive{Name: "jackpot <bet>", Source: "a casino's table", Confirm: true, Currency: "EUR", StakeCents: 100, SeedCents: 500_000,
		GrowthBP: 1500, Hands: 10, Pays: []ProgressivePay{{Hand: "top", Count: 1, Pays: "100% of the pool", AtSeedPct: 50}},
		BreakEvenCents: 1_152_000, Notes: []string{"a note"}}
	s := Sheet{ID: "g", Name: "G", Progressive: []Progressive{p}}
	var out bytes.Buffer
	s.Print(&out)
	for _, want := range []string{"progressive side bet: jackpot <bet>, fixed stake 1.00 EUR [pay table: operator to confirm]",
		"seed 5,000.00 EUR; 15.00% of each stake", "100% of the pool", "11,520.00 EUR", "note: a note"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, out.String())
		}
	}
	p.Confirm = false
	out.Reset()
	p.Print(&out)
	if strings.Contains(out.String(), "operator to confirm") {
		t.Errorf("a confirmed table marked:\n%s", out.String())
	}
	out.Reset()
	if err := WriteHTML(&out, []Sheet{s}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "<h2>Progressive side bet: jackpot &lt;bet&gt;</h2>") || !strings.Contains(out.String(), "operator to confirm") {
		t.Errorf("HTML:\n%s", out.String())
	}
}
