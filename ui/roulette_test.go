//go:build cgo && !noscreen

package ui

import (
	"slices"
	"testing"

	"egm/tables/roulette"
)

// TestRouletteTouches: a touch on each part of the layout and the race track
// places the bet a croupier would take there, and every bet placed is one of the
// layout's.
func TestRouletteTouches(t *testing.T) {
	x17, y17 := cellXY(17) // column 5, middle row
	x31, y31 := cellXY(31) // column 10, bottom row
	tx, ty := trackPos(slices.Index(roulette.Wheel[:], 26))
	for _, c := range []struct {
		name string
		x, y float32
		want roulette.Bet
	}{
		{"17", x17 + rcW/2, y17 + rcH/2, roulette.Bet{Kind: roulette.Straight, Numbers: []int{17}}},
		{"zero", rgX - rZeroW/2, rgY + rcH, roulette.Bet{Kind: roulette.Straight, Numbers: []int{0}}},
		{"17|20", x17 + rcW - 5, y17 + rcH/2, roulette.Bet{Kind: roulette.Split, Numbers: []int{17, 20}}},
		{"16|17", x17 + rcW/2, y17 + rcH - 5, roulette.Bet{Kind: roulette.Split, Numbers: []int{16, 17}}},
		{"16-17-19-20", x17 + rcW - 5, y17 + rcH - 5, roulette.Bet{Kind: roulette.Corner, Numbers: []int{16, 17, 19, 20}}},
		{"street 31", x31 + rcW/2, y31 + rcH - 4, roulette.Bet{Kind: roulette.Street, Numbers: []int{31, 32, 33}}},
		{"six line 31", x31 + rcW - 4, y31 + rcH - 4, roulette.Bet{Kind: roulette.SixLine, Numbers: []int{31, 32, 33, 34, 35, 36}}},
		{"column 1", rgX + 12.5*rcW, rgY + 2.5*rcH, roulette.Bet{Kind: roulette.Column, Target: 1}},
		{"2nd 12", rgX + 6*rcW, rgY + 3*rcH + rOutH/2, roulette.Bet{Kind: roulette.Dozen, Target: 2}},
		{"black", rgX + 7*rcW, rgY + 3*rcH + 1.5*rOutH, roulette.Bet{Kind: roulette.Black}},
		{"19 to 36", rgX + 11*rcW, rgY + 3*rcH + 1.5*rOutH, roulette.Bet{Kind: roulette.High}},
		{"neighbours of 26", tx, ty, roulette.Bet{Kind: roulette.Neighbours, Target: 26}},
		{"voisins", rtX + 780, rtY + rtH/2, roulette.Bet{Kind: roulette.Voisins}},
		{"tiers", rtX + 200, rtY + rtH/2, roulette.Bet{Kind: roulette.Tiers}},
	} {
		var r RouletteTable
		got, ok := r.betAt(c.x, c.y)
		if !ok || got.Kind != c.want.Kind || got.Target != c.want.Target || !slices.Equal(got.Numbers, c.want.Numbers) {
			t.Errorf("%s: %+v %v, want %+v", c.name, got, ok, c.want)
			continue
		}
		if _, err := got.Parts(); err != nil {
			t.Errorf("%s: not a layout bet: %v", c.name, err)
		}
	}
	var r RouletteTable
	if _, ok := r.betAt(5, 5); ok {
		t.Error("a touch on the wheel placed a bet")
	}
}
