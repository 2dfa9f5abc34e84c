package checklist

import (
	"math/big"
	"testing"

	"egm/tables"
)

// TestExactRow: the lab's check of a sheet's row holds its percent and σ
// to its exact fractions.
func TestExactRow(t *testing.T) {
	good := tables.NewBet("red", "1:1", big.NewRat(1, 37), big.NewRat(18, 37), big.NewRat(1368, 1369))
	tests := []struct {
		name string
		edit func(b *tables.Bet)
		want bool
	}{
		{"as computed", func(*tables.Bet) {}, true},
		{"percent rounded", func(b *tables.Bet) { b.EdgePct = 2.7 }, false},
		{"σ of another bet", func(b *tables.Bet) { b.Sigma = 1.404 }, false},
		{"edge not a fraction", func(b *tables.Bet) { b.Edge = "2.7%" }, false},
		{"no variance", func(b *tables.Bet) { b.Variance = "0" }, false},
	}
	for _, tc := range tests {
		b := good
		tc.edit(&b)
		if got := exactRow(b); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
