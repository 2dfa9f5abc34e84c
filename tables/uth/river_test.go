package uth

import (
	"strings"
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
			if bm&bit(x) == 0 {
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
			used := bm | bit(player[0]) | bit(player[1])
			for a := Card(0); a < 52; a++ {
				for b := a + 1; b < 52; b++ {
					if used&(bit(a)|bit(b)) != 0 {
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

// TestDecideSuitInvariant: the strategy decides alike on every suit image of a hand
// (the flop lookup through a flop class's representative, whichever permutation
// reaches it) and the river decision too.
func TestDecideSuitInvariant(t *testing.T) {
	s, err := HouseStrategy()
	if err != nil {
		t.Fatal(err)
	}
	src := rng.NewSeeded(3)
	raised := 0
	for n := 0; n < 300; n++ {
		r := Deal(src)
		p := suitPerms[rng.Intn(src, 24)]
		pl := [2]Card{permute(r.Player[0], p), permute(r.Player[1], p)}
		var bd [5]Card
		for i, c := range r.Board {
			bd[i] = permute(c, p)
		}
		for _, k := range []int{0, 3, 5} {
			a, err1 := s.Decide(r.Player, r.Board[:k])
			b, err2 := s.Decide(pl, bd[:k])
			if err1 != nil || err2 != nil || a != b {
				t.Fatalf("%v %v: %v, suit image %v %v: %v (%v %v)", r.Player, r.Board[:k], a, pl, bd[:k], b, err1, err2)
			}
			if k == 3 && a == Bet2x {
				raised++
			}
		}
	}
	if raised == 0 {
		t.Error("no flop bet in 300 hands")
	}
	if _, err := s.Decide([2]Card{0, 1}, []Card{2, 3}); err == nil || !strings.HasPrefix(err.Error(), "uth: ") {
		t.Errorf("two community cards: %v", err)
	}
}
