package uth

import (
	"math"
	"math/big"
	"strings"
	"testing"

	"egm/rng"
	"egm/tables/internal/simtest"
)

func cardsOf(t *testing.T, s string) []Card {
	t.Helper()
	cs, err := ParseCards(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

func mask(t *testing.T, s string) Mask { return MaskOf(cardsOf(t, s)...) }

func TestEval(t *testing.T) {
	cats := []struct {
		hand string
		want Category
	}{
		{"Ah Kh Qh Jh Th 2c 3d", RoyalFlush},
		{"9h Kh Qh Jh Th Ah 3d", RoyalFlush},
		{"5s 4s 3s 2s As Ks Qs", StraightFlush}, // the wheel in spades beats the flush
		{"9c 8c 7c 6c 5c 5d 5h", StraightFlush},
		{"7c 7d 7h 7s Ac Ad Ah", Quads},
		{"7c 7d 7h Ac Ad Ah 2c", FullHouse}, // two trips
		{"7c 7d 7h Ac Ad 2h 2c", FullHouse},
		{"2h 9h Jh 4h 6h 6c 6d", Flush}, // trips and a flush: the flush
		{"2h 3h 4h 5h 6h 7c 8d", StraightFlush},
		{"2h 3h 4h 5h 7h 6c 8d", Flush}, // a straight and a flush: the flush
		{"2h 3h 4h 5h 9h 6c 7d", Flush}, // straight 3-7 and a flush without the straight flush
		{"Ac 2d 3h 4s 5c Kd Kh", Straight},
		{"Tc Jd Qh Ks Ac Ad 2h", Straight},
		{"9c 9d 9h Ks 2c 5d 7h", Trips},
		{"9c 9d Kh Ks 2c 2d 7h", TwoPair},
		{"9c 9d Kh Js 2c 4d 7h", Pair},
		{"9c 8d Kh Js 2c 4d 6h", HighCard},
		{"Ah Kh Qh Jh Td", Straight}, // five cards
	}
	for _, c := range cats {
		if got := Eval(mask(t, c.hand)).Category(); got != c.want {
			t.Errorf("%s: %v, want %v", c.hand, got, c.want)
		}
	}
	order := []struct{ lo, hi string }{
		{"Ac 2d 3h 4s 5c Kd 9h", "2d 3h 4s 5c 6c Kd 9h"}, // the wheel is the lowest straight
		{"9c 9d Kh Ks 2c 2d 7h", "9c 9d Kh Ks 2c 2d 8h"}, // two pair: kicker
		{"9c 9d Kh Ks 8c 8d 7h", "9c 9d Kh Ks 8c 8d Jh"}, // three pairs: the third pair is a kicker
		{"9c 9d Kh Ks 8c 8d Jh", "Tc Td Kh Ks 2c 3d 4h"}, // K-K-T-T beats K-K-9-9
		{"7c 7d 7h Ac Ad 2h 2c", "7c 7d 7h Ac Ad Ah 2c"}, // aces full beats sevens full
		{"7c 7d 7h 2c 2d 2h Kc", "8c 8d 8h 2s 2d 3h 4c"}, // trips rank first
		{"Kc Qd 9h 7s 5c 3d 2h", "Kc Qd 9h 7s 6c 3d 2h"}, // the fifth card counts
		{"2h 9h Jh 4h 6h 6c 6d", "2h 9h Jh 5h 6h 6c 6d"},
		{"9c 8c 7c 6c 5c 5d 5h", "Tc 9c 8c 7c 6c 5d 5h"},
		{"Kh Qh Jh Th 9h 2c 3d", "Ah Kh Qh Jh Th 2c 3d"},
		{"Ac Ad Kc Qd 9h 2c 3d", "2c 2d 2h 4c 7d 9h Jc"},
	}
	for _, o := range order {
		if lo, hi := Eval(mask(t, o.lo)), Eval(mask(t, o.hi)); lo >= hi {
			t.Errorf("%s (%v) should lose to %s (%v)", o.lo, lo, o.hi, hi)
		}
	}
	ties := [][2]string{
		{"Ac Kd 9h 7s 5c 3d 2h", "As Kh 9c 7d 5s 4c 2c"}, // the sixth and seventh cards play no part
		{"Ac Kd 9h 7s 5c 3d 2h", "Ac Kd 9h 7s 5c 4d 2h"},
		{"Ah Kh Qh Jh Th 2c 3d", "As Ks Qs Js Ts 9s 8s"}, // royal flushes
		{"9c 9d Kh Ks 8c 8d Jh", "9c 9d Kh Ks 2c 3d Jh"},
	}
	for _, p := range ties {
		if a, b := Eval(mask(t, p[0])), Eval(mask(t, p[1])); a != b {
			t.Errorf("%s (%v) and %s (%v) should tie", p[0], a, p[1], b)
		}
	}
	if Qualifies(Eval(mask(t, "Ac Kd 9h 7s 5c 3d 2h"))) || !Qualifies(Eval(mask(t, "2c 2d 3h 4s 5c 7d 8h"))) {
		t.Error("qualification wrong")
	}
	if Eval(mask(t, "2c 2d 3h 4s 6c")) <= PairOrBetter || Eval(mask(t, "Ac Kd Qh Js 9c")) >= PairOrBetter {
		t.Error("PairOrBetter misplaced")
	}
}

// TestEvalAgainstBruteForce compares Eval on seven cards with the best of the 21
// five-card subsets ranked by eval5, on 300,000 random hands and on hands built to
// hit every category.
func TestEvalAgainstBruteForce(t *testing.T) {
	n := 300_000
	if testing.Short() {
		n = 30_000
	}
	src := rng.NewSeeded(5)
	var seen [NumCategories]int
	check := func(cs [7]Card) {
		got, want := Eval(MaskOf(cs[:]...)), bestOf7(cs)
		if got != want {
			t.Fatalf("%v: Eval %v, brute force %v", cs, got, want)
		}
		seen[got.Category()]++
	}
	for i := 0; i < n; i++ {
		r := Deal(src)
		check([7]Card(r.Deck[:7]))
		// Few suits and ranks: straight flushes, quads and full houses come often.
		var cs [7]Card
		used := uint64(0)
		for k := 0; k < 7; {
			c := NewCard(8+rng.Intn(src, 5), rng.Intn(src, 2))
			if i%2 == 0 {
				c = NewCard(rng.Intn(src, 6), rng.Intn(src, 4))
			}
			if used&(1<<c) == 0 {
				used |= 1 << c
				cs[k] = c
				k++
			}
		}
		check(cs)
	}
	for c, k := range seen {
		if k == 0 {
			t.Errorf("no %v among the hands", Category(c))
		}
	}
}

func TestSevenCardCounts(t *testing.T) {
	got := SevenCardCounts()
	if got != KnownSevenCardCounts {
		t.Errorf("counts %v, want %v", got, KnownSevenCardCounts)
	}
	var total int64
	for _, n := range got {
		total += n
	}
	if total != 133784560 || got[StraightFlush]+got[RoyalFlush] != 41584 {
		t.Errorf("total %d, straight flushes %d", total, got[StraightFlush]+got[RoyalFlush])
	}
}

// wantTrips is the Trips edge of 50-40-30-8-6-5-3 from the published counts:
// 1 − (4324·51 + 37260·41 + 224848·31 + 3473184·9 + 4047644·7 + 6180020·6 + 6461620·4)/133784560.
var wantTrips = big.NewRat(133784560-131237236, 133784560)

func TestTripsFigures(t *testing.T) {
	f := TripsFigures(Default, KnownSevenCardCounts)
	if f.Edge.Cmp(wantTrips) != 0 {
		t.Errorf("Trips edge %v, want %v", f.Edge, wantTrips)
	}
	if x, _ := f.Edge.Float64(); math.Abs(x-0.0190) > 0.00005 {
		t.Errorf("Trips edge %.4f%%, published 1.90%%", 100*x)
	}
	if f.HitFreq.Cmp(big.NewRat(4324+37260+224848+3473184+4047644+6180020+6461620, 133784560)) != 0 {
		t.Errorf("Trips hits %v", f.HitFreq)
	}
}

func TestDeal(t *testing.T) {
	// The dealer's second card: χ², 51 degrees of freedom, 99.9% point 87.97.
	simtest.Deals(t, 7, 52*2000, 51, "dealer's second card", func(src rng.Source) Card {
		r := Deal(src)
		simtest.Shoe(t, r.Deck[:], 1) // a permutation of the deck
		if [2]Card(r.Deck[0:2]) != r.Player || [5]Card(r.Deck[2:7]) != r.Board || [2]Card(r.Deck[7:9]) != r.Dealer {
			t.Fatal("hands are not the top of the deck")
		}
		return r.Dealer[1]
	})
}

func TestPlay(t *testing.T) {
	cases := []struct {
		ds     []Decision
		street Street
		mult   int64
		folded bool
		ok     bool
	}{
		{nil, PreFlop, 0, false, true},
		{[]Decision{Bet4x}, Showdown, 4, false, true},
		{[]Decision{Bet3x}, Showdown, 3, false, true},
		{[]Decision{Check}, Flop, 0, false, true},
		{[]Decision{Check, Bet2x}, Showdown, 2, false, true},
		{[]Decision{Check, Check}, River, 0, false, true},
		{[]Decision{Check, Check, Bet1x}, Showdown, 1, false, true},
		{[]Decision{Check, Check, Fold}, Showdown, 0, true, true},
		{[]Decision{Bet2x}, 0, 0, false, false},
		{[]Decision{Fold}, 0, 0, false, false},
		{[]Decision{Check, Bet4x}, 0, 0, false, false},
		{[]Decision{Check, Fold}, 0, 0, false, false},
		{[]Decision{Check, Check, Check}, 0, 0, false, false},
		{[]Decision{Bet4x, Bet1x}, 0, 0, false, false},
		{[]Decision{Decision(9)}, 0, 0, false, false},
	}
	for _, c := range cases {
		s, m, f, err := Play(c.ds)
		if (err == nil) != c.ok {
			t.Errorf("%v: err %v", c.ds, err)
			continue
		}
		if err != nil {
			if !strings.HasPrefix(err.Error(), "uth: ") {
				t.Errorf("%v: error %q", c.ds, err)
			}
			continue
		}
		if s != c.street || m != c.mult || f != c.folded {
			t.Errorf("%v: street %d ×%d folded %v", c.ds, s, m, f)
		}
	}
}

func round(t *testing.T, player, board, dealer string) Round {
	var r Round
	copy(r.Player[:], cardsOf(t, player))
	copy(r.Board[:], cardsOf(t, board))
	copy(r.Dealer[:], cardsOf(t, dealer))
	return r
}

func TestSettle(t *testing.T) {
	b := Bets{Ante: 100, Blind: 100}
	bt := Bets{Ante: 100, Blind: 100, Trips: 100}
	cases := []struct {
		name                  string
		player, board, dealer string
		bets                  Bets
		ds                    []Decision
		want                  Result // Staked and the returns compared
	}{
		{"4x, pair beats qualifying dealer: ante, play 1:1, blind pushes", "Ac Ad", "2c 7d 9h Js 3c", "Kc Kd", b, []Decision{Bet4x},
			Result{Staked: 600, Ante: 200, Blind: 100, Play: 800}},
		{"win, dealer not qualifying: ante pushes", "Ac Kd", "2c 7d 9h Js 3c", "Qc Td", b, []Decision{Bet4x},
			Result{Staked: 600, Ante: 100, Blind: 100, Play: 800}},
		{"loss to a qualifying dealer: everything lost", "Ac Kd", "2c 7d 9h Js 3c", "2h 5d", b, []Decision{Bet3x},
			Result{Staked: 500}},
		{"loss to a dealer not qualifying: ante pushes, blind and play lost", "Qc Td", "2c 7d 9h Js 3c", "Ac Kd", b, []Decision{Check, Bet2x},
			Result{Staked: 400, Ante: 100}},
		{"tie: everything pushes", "Ac 4d", "Kc Kd 9h 9s 3c", "Ah 5d", b, []Decision{Check, Check, Bet1x},
			Result{Staked: 300, Ante: 100, Blind: 100, Play: 100}},
		{"fold: ante and blind lost", "2c 4d", "Kc Kd 9h 8s 7c", "Ah 5d", b, []Decision{Check, Check, Fold},
			Result{Staked: 200}},
		{"straight wins: blind 1:1", "Tc Jd", "Qh Ks Ac 2d 2h", "3c 3d", b, []Decision{Bet4x},
			Result{Staked: 600, Ante: 200, Blind: 200, Play: 800}},
		{"flush wins: blind 3:2", "2h 9h", "Qh Kh 4h 2d 3c", "Ac Ad", b, []Decision{Check, Bet2x},
			Result{Staked: 400, Ante: 200, Blind: 250, Play: 400}},
		{"full house: blind 3:1, trips 8:1", "9c 9d", "9h Ks Kc 2d 3c", "Ac Ad", bt, []Decision{Bet4x},
			Result{Staked: 700, Ante: 200, Blind: 400, Play: 800, Trips: 900}},
		{"royal: blind 500:1, trips 50:1", "Ah Kh", "Qh Jh Th 2d 3c", "Ac Ad", bt, []Decision{Bet4x},
			Result{Staked: 700, Ante: 200, Blind: 50100, Play: 800, Trips: 5100}},
		{"straight flush loses to a better one: blind lost, trips paid", "4s 5s", "6s 7s 8s Kd Kc", "9s Ts", bt, []Decision{Bet4x},
			Result{Staked: 700, Trips: 4100}},
		{"trips pays on a fold", "9c 9d", "9h 2s 5c Jd 3c", "Ac Ad", bt, []Decision{Check, Check, Fold},
			Result{Staked: 300, Trips: 400}},
		{"trips loses on two pair", "9c 9d", "Th Ts 5c Jd 3c", "Ac 2d", bt, []Decision{Check, Bet2x},
			Result{Staked: 500, Ante: 200, Blind: 100, Play: 400}},
		{"quads on the board tie: the kicker decides", "Ac 2d", "7c 7d 7h 7s Kc", "Qc Qd", b, []Decision{Check, Check, Bet1x},
			Result{Staked: 300, Ante: 200, Blind: 1100, Play: 200}},
		{"board plays for both: push", "2c 3d", "Ac Kd Qh Js Tc", "4c 5d", b, []Decision{Check, Check, Bet1x},
			Result{Staked: 300, Ante: 100, Blind: 100, Play: 100}},
	}
	for _, c := range cases {
		got, err := Settle(Default, round(t, c.player, c.board, c.dealer), c.bets, c.ds)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		w := c.want
		w.Returned = w.Ante + w.Blind + w.Play + w.Trips
		if got.Staked != w.Staked || got.Ante != w.Ante || got.Blind != w.Blind || got.Play != w.Play ||
			got.Trips != w.Trips || got.Returned != w.Returned {
			t.Errorf("%s: got %+v, want %+v", c.name, got, w)
		}
	}
	ok := round(t, "2c 3d", "Ac Kd Qh Js Tc", "4c 5d")
	bad := []struct {
		name string
		r    Round
		b    Bets
		ds   []Decision
	}{
		{"no ante", ok, Bets{Trips: 100}, []Decision{Bet4x}},
		{"blind not the ante", ok, Bets{Ante: 100, Blind: 200}, []Decision{Bet4x}},
		{"negative trips", ok, Bets{Ante: 100, Blind: 100, Trips: -1}, []Decision{Bet4x}},
		{"odd blind: 3:2 not whole cents", ok, Bets{Ante: 101, Blind: 101}, []Decision{Bet4x}},
		{"card twice", round(t, "2c 3d", "2c Kd Qh Js Tc", "4c 5d"), b, []Decision{Bet4x}},
		{"no such card", Round{Player: [2]Card{0, 52}, Board: [5]Card{1, 2, 3, 4, 5}, Dealer: [2]Card{6, 7}}, b, []Decision{Bet4x}},
		{"undecided", ok, b, []Decision{Check}},
		{"illegal", ok, b, []Decision{Bet1x}},
	}
	for _, c := range bad {
		if _, err := Settle(Default, c.r, c.b, c.ds); err == nil || !strings.HasPrefix(err.Error(), "uth: ") {
			t.Errorf("%s: err %v", c.name, err)
		}
	}
}
