package uth

import (
	"testing"

	"egm/rng"
)

// TestRiverCounting holds Main's sorted counting (river) to the direct count of
// riverBet, and each holding's sums to a settlement of every dealer holding through
// Settle, on random boards.
func TestRiverCounting(t *testing.T) {
	c, err := newMainCtx(Default)
	if err != nil {
		t.Fatal(err)
	}
	src := rng.NewSeeded(11)
	boards := 6
	if testing.Short() {
		boards = 2
	}
	var s boardScratch
	for n := 0; n < boards; n++ {
		r := Deal(src)
		bm := MaskOf(r.Board[:]...)
		var rest []Card
		for x := Card(0); x < 52; x++ {
			if bm&x.bit() == 0 {
				rest = append(rest, x)
			}
		}
		bet := make([]handSums, numPairs)
		check := make([]path, numPairs)
		c.river(&s, bm, rest, bet, check)
		// A few holdings in full through Settle (in cents, Ante 200 so that 3:2 is
		// whole: one unit of 1/scale Ante is 100 cents).
		for k := 0; k < 40; k++ {
			i, j := rng.Intn(src, 47), rng.Intn(src, 47)
			if i == j {
				continue
			}
			player := [2]Card{rest[i], rest[j]}
			g := pairIndex[player[0]][player[1]]
			var sum1, sq1, wins, sum4, sq4 int64
			used := bm | player[0].bit() | player[1].bit()
			for a := Card(0); a < 52; a++ {
				for b := a + 1; b < 52; b++ {
					if used&(a.bit()|b.bit()) != 0 {
						continue
					}
					rd := Round{Player: player, Board: r.Board, Dealer: [2]Card{a, b}}
					res, err := Settle(Default, rd, Bets{Ante: 200, Blind: 200}, []Decision{Check, Check, Bet1x})
					if err != nil {
						t.Fatal(err)
					}
					net := (res.Returned - res.Staked) / 100
					sum1 += net
					sq1 += net * net
					if res.Returned > res.Staked {
						wins++
					}
					res, err = Settle(Default, rd, Bets{Ante: 200, Blind: 200}, []Decision{Bet4x})
					if err != nil {
						t.Fatal(err)
					}
					net = (res.Returned - res.Staked) / 100
					sum4 += net
					sq4 += net * net
				}
			}
			x := bet[g]
			if x.ev(1) != sum1 || x.m2(1) != sq1 || x.w != wins || x.ev(4) != sum4 || x.m2(4) != sq4 {
				t.Errorf("%v on %v: sums %+v, Settle gives Σ %d Σ² %d wins %d", player, r.Board, x, sum1, sq1, wins)
			}
			b1 := riverBet(c, player, r.Board)
			if (check[g].ev == sum1) != b1 || (!b1 && check[g].ev != -2*c.scale*990) {
				t.Errorf("%v on %v: river %+v, direct count bets %v (Σ %d)", player, r.Board, check[g], b1, sum1)
			}
		}
	}
}
