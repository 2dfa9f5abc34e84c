//go:build cgo && !noscreen

package ui

import (
	"slices"
	"testing"

	"egm/tables/roulette"
	"egm/ui/internal/tablescene"
)

// TestRouletteTouches: a touch on each part of the layout and the race track
// places the bet a croupier would take there, and every bet placed is one of the
// layout's.
func TestRouletteTouches(t *testing.T) {
	x17, y17 := tablescene.CellXY(17) // column 5, middle row
	x31, y31 := tablescene.CellXY(31) // column 10, bottom row
	tx, ty := tablescene.TrackPos(slices.Index(roulette.Wheel[:], 26))
	for _, c := range []struct {
		name string
		x, y float32
		want roulette.Bet
	}{
		{"17", x17 + tablescene.RcW/2, y17 + tablescene.RcH/2, roulette.Bet{Kind: roulette.Straight, Numbers: []int{17}}},
		{"zero", tablescene.RgX - tablescene.RZeroW/2, tablescene.RgY + tablescene.RcH, roulette.Bet{Kind: roulette.Straight, Numbers: []int{0}}},
		{"17|20", x17 + tablescene.RcW - 5, y17 + tablescene.RcH/2, roulette.Bet{Kind: roulette.Split, Numbers: []int{17, 20}}},
		{"16|17", x17 + tablescene.RcW/2, y17 + tablescene.RcH - 5, roulette.Bet{Kind: roulette.Split, Numbers: []int{16, 17}}},
		{"16-17-19-20", x17 + tablescene.RcW - 5, y17 + tablescene.RcH - 5, roulette.Bet{Kind: roulette.Corner, Numbers: []int{16, 17, 19, 20}}},
		{"street 31", x31 + tablescene.RcW/2, y31 + tablescene.RcH - 4, roulette.Bet{Kind: roulette.Street, Numbers: []int{31, 32, 33}}},
		{"six line 31", x31 + tablescene.RcW - 4, y31 + tablescene.RcH - 4, roulette.Bet{Kind: roulette.SixLine, Numbers: []int{31, 32, 33, 34, 35, 36}}},
		{"column 1", tablescene.RgX + 12.5*tablescene.RcW, tablescene.RgY + 2.5*tablescene.RcH, roulette.Bet{Kind: roulette.Column, Target: 1}},
		{"2nd 12", tablescene.RgX + 6*tablescene.RcW, tablescene.RgY + 3*tablescene.RcH + tablescene.ROutH/2, roulette.Bet{Kind: roulette.Dozen, Target: 2}},
		{"black", tablescene.RgX + 7*tablescene.RcW, tablescene.RgY + 3*tablescene.RcH + 1.5*tablescene.ROutH, roulette.Bet{Kind: roulette.Black}},
		{"19 to 36", tablescene.RgX + 11*tablescene.RcW, tablescene.RgY + 3*tablescene.RcH + 1.5*tablescene.ROutH, roulette.Bet{Kind: roulette.High}},
		{"neighbours of 26", tx, ty, roulette.Bet{Kind: roulette.Neighbours, Target: 26}},
		{"voisins", tablescene.RtX + 780, tablescene.RtY + tablescene.RtH/2, roulette.Bet{Kind: roulette.Voisins}},
		{"tiers", tablescene.RtX + 200, tablescene.RtY + tablescene.RtH/2, roulette.Bet{Kind: roulette.Tiers}},
	} {
		var r tablescene.RouletteTable
		got, ok := r.BetAt(c.x, c.y)
		if !ok || got.Kind != c.want.Kind || got.Target != c.want.Target || !slices.Equal(got.Numbers, c.want.Numbers) {
			t.Errorf("%s: %+v %v, want %+v", c.name, got, ok, c.want)
			continue
		}
		if _, err := got.Parts(); err != nil {
			t.Errorf("%s: not a layout bet: %v", c.name, err)
		}
	}
	var r tablescene.RouletteTable
	if _, ok := r.BetAt(5, 5); ok {
		t.Error("a touch on the wheel placed a bet")
	}
}
