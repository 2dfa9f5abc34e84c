package threecard

import (
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"

	"egm/rng"
	"egm/tables/internal/simtest"
)

// h parses "Qh 6s 4d".
func h(t *testing.T, s string) [3]Card {
	t.Helper()
	f := strings.Fields(s)
	if len(f) != 3 {
		t.Fatalf("hand %q", s)
	}
	var out [3]Card
	for i, x := range f {
		r := strings.IndexByte("23456789TJQKA", x[0])
		su := strings.IndexByte("cdhs", x[1])
		if r < 0 || su < 0 {
			t.Fatalf("card %q", x)
		}
		out[i] = NewCard(r, su)
	}
	return out
}

func TestEvaluate(t *testing.T) {
	cats := []struct {
		hand string
		want Category
	}{
		{"Ah Kh Qh", StraightFlush}, {"3c 2c Ac", StraightFlush}, {"7s 7d 7c", Trips},
		{"Ah Ks Qh", Straight}, {"Ad 2s 3h", Straight}, {"Kd As 2h", HighCard},
		{"2h 9h Jh", Flush}, {"9c 9d 2c", Pair}, {"Qs 3d 2c", HighCard},
	}
	for _, c := range cats {
		if got := Evaluate(h(t, c.hand)).Category(); got != c.want {
			t.Errorf("%s: %v, want %v", c.hand, got, c.want)
		}
	}
	order := []struct{ lo, hi string }{
		{"Ad 2s 3h", "2d 3s 4h"}, // 3-2-A is the lowest straight
		{"Qd Ks Ah", "Ac 2c 3c"}, // A-K-Q below any straight flush
		{"Kh Qh Jh", "Ah Kh Qh"}, // A-K-Q the highest straight flush
		{"Ah Kh Jh", "2d 3s 4h"}, // straight beats flush ("Käte tugevused")
		{"2c 2d 2h", "2s 3s 4s"}, // straight flush beats trips
		{"Ac As Kd", "2c 2d 2h"}, // trips beat any pair
		{"9c 9d 2c", "9h 9s 3c"}, // pair: the kicker decides
		{"9c 9d Ac", "Th Ts 2c"}, // the pair first
		{"Ac Kd 9h", "Ac Kd Th"}, // high card: third card
		{"Qs 6d 3c", "Qd 6h 4c"}, // Q-6-3 below Q-6-4
		{"Js Td 8c", "Qs 3d 2c"}, // J high below queen high
	}
	for _, o := range order {
		if lo, hi := Evaluate(h(t, o.lo)), Evaluate(h(t, o.hi)); lo >= hi {
			t.Errorf("%s should lose to %s", o.lo, o.hi)
		}
	}
	if Evaluate(h(t, "Ac Kd 9h")) != Evaluate(h(t, "As Kh 9c")) {
		t.Error("suits broke a tie")
	}
	if Evaluate(h(t, "Qs 3d 2c")) != QueenHigh || Evaluate(h(t, "Qs 6d 4c")) != Q64 {
		t.Error("QueenHigh or Q64 constant wrong")
	}
	if Qualifies(Evaluate(h(t, "Js Td 8c"))) || !Qualifies(Evaluate(h(t, "Qs 3d 2c"))) || !Qualifies(Evaluate(h(t, "2s 2d 3c"))) {
		t.Error("qualification wrong")
	}
}

// TestCategoryCounts: the 22,100 hands by category, the textbook counts.
func TestCategoryCounts(t *testing.T) {
	want := [NumCategories]int64{HighCard: 16440, Pair: 3744, Flush: 1096, Straight: 720, Trips: 52, StraightFlush: 48}
	var got [NumCategories]int64
	for _, x := range allHands {
		got[x.value.Category()]++
	}
	if got != want {
		t.Errorf("counts %v, want %v", got, want)
	}
}

func TestDeal(t *testing.T) {
	// The top card: χ² with 51 degrees of freedom, 99.9% point 87.97.
	simtest.Deals(t, 7, 52*2000, 51, "top card", func(src rng.Source) Card {
		r := Deal(src)
		simtest.Shoe(t, r.Deck[:], 1) // a permutation of the deck
		if [3]Card(r.Deck[0:3]) != r.Player || [3]Card(r.Deck[3:6]) != r.Dealer {
			t.Fatal("hands are not the top of the deck")
		}
		return r.Player[0]
	})
}

func TestSettle(t *testing.T) {
	cases := []struct {
		name           string
		player, dealer string
		bets           Bets
		d              Decision
		want           Result // only the return fields and Staked are compared
	}{
		{"fold loses the ante", "Qs 6d 3c", "Kh 9h 2s", Bets{Ante: 100}, Fold,
			Result{Staked: 100}},
		{"dealer does not qualify: ante 1:1, play returned", "Qs 6d 4c", "Jh 9h 2s", Bets{Ante: 100}, Play,
			Result{Staked: 200, Ante: 200, Play: 100}},
		{"player beats qualifying dealer", "Ks 6d 4c", "Qh 9h 2s", Bets{Ante: 100}, Play,
			Result{Staked: 200, Ante: 200, Play: 200}},
		{"tie is a stand-off", "Ks 6d 4c", "Kh 6h 4s", Bets{Ante: 100}, Play,
			Result{Staked: 200, Ante: 100, Play: 100}},
		{"dealer wins", "Ks 6d 4c", "2h 2d 3s", Bets{Ante: 100}, Play,
			Result{Staked: 200}},
		{"ante bonus on a losing straight", "4s 5d 6c", "7h 8h 9h", Bets{Ante: 100}, Play,
			Result{Staked: 200, AnteBonus: 100}},
		{"ante bonus trips, dealer not qualifying", "4s 4d 4c", "Jh 8h 2s", Bets{Ante: 100}, Play,
			Result{Staked: 200, Ante: 200, Play: 100, AnteBonus: 400}},
		{"straight flush: bonus 5, pair plus 40", "Js Qs Ks", "Ah Kh 2s", Bets{Ante: 100, PairPlus: 50}, Play,
			Result{Staked: 250, Ante: 200, Play: 200, AnteBonus: 500, PairPlus: 41 * 50}},
		{"pair plus pays on a fold", "9s 9d 2c", "Ah Kh 2s", Bets{Ante: 100, PairPlus: 100}, Fold,
			Result{Staked: 200, PairPlus: 200}},
		{"pair plus alone, flush 4:1", "2h 9h Jh", "Ac Kd 2s", Bets{PairPlus: 100}, Play,
			Result{Staked: 100, PairPlus: 500}},
		{"pair plus loses on high card", "2h 9h Jd", "Ac Kd 2s", Bets{PairPlus: 100}, Fold,
			Result{Staked: 100}},
		{"prime 3:1", "Ah 9d Jd", "Qc Td 2s", Bets{Ante: 100, Prime: 100}, Play,
			Result{Staked: 300, Ante: 200, Play: 200, Prime: 400}},
		{"prime 4:1: all six red", "2h 9d Jd", "Ah Kd 2d", Bets{Ante: 100, Prime: 100}, Play,
			Result{Staked: 300, Prime: 500}},
		{"prime: dealer the other colour pays 3:1", "2c 9s Js", "Ah Kd 2d", Bets{Ante: 100, Prime: 100}, Fold,
			Result{Staked: 200, Prime: 400}},
		{"prime loses on mixed colours", "2c 9s Jd", "Ah Kd 2d", Bets{Ante: 100, Prime: 100}, Fold,
			Result{Staked: 200}},
	}
	for _, c := range cases {
		r := Round{Player: h(t, c.player), Dealer: h(t, c.dealer)}
		got, err := Settle(Default, r, c.bets, c.d)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		w := c.want
		w.Returned = w.Ante + w.Play + w.AnteBonus + w.PairPlus + w.Prime
		if got.Staked != w.Staked || got.Ante != w.Ante || got.Play != w.Play || got.AnteBonus != w.AnteBonus ||
			got.PairPlus != w.PairPlus || got.Prime != w.Prime || got.Returned != w.Returned {
			t.Errorf("%s: got %+v, want %+v", c.name, got, w)
		}
	}
	bad := []struct {
		name string
		r    Round
		b    Bets
		d    Decision
	}{
		{"no main bet", Round{Player: h(t, "2c 3c 4c"), Dealer: h(t, "5c 6c 7c")}, Bets{Prime: 100}, Play},
		{"negative", Round{Player: h(t, "2c 3c 4c"), Dealer: h(t, "5c 6c 7c")}, Bets{Ante: -1}, Play},
		{"card twice", Round{Player: h(t, "2c 3c 4c"), Dealer: h(t, "4c 6c 7c")}, Bets{Ante: 100}, Play},
		{"no such card", Round{Player: [3]Card{0, 1, 52}, Dealer: h(t, "5c 6c 7c")}, Bets{Ante: 100}, Play},
		{"decision", Round{Player: h(t, "2c 3c 4c"), Dealer: h(t, "5c 6c 7c")}, Bets{Ante: 100}, Decision(2)},
	}
	for _, c := range bad {
		if _, err := Settle(Default, c.r, c.b, c.d); err == nil || !strings.HasPrefix(err.Error(), "threecard: ") {
			t.Errorf("%s: err %v", c.name, err)
		}
	}
}

// The exact figures, each a fraction. The house rules state no three card poker edge
// (the section "Kolme Kaardi Pokkeri Maja Eelis" is empty) and their Pair Plus and
// Ante Bonus tables are missing, so the figures below are checked against closed forms
// and against the published figures for the same tables (Ante 3.37% per Ante, 2.01%
// element of risk; Pair Plus 40-30-6-4-1 2.32%; Prime 3:1/4:1 3.62%).
var (
	// Ante/Play, optimal strategy, Ante Bonus 5-4-1: Σ over 22,100 × 18,424 pairs.
	wantAnte = big.NewRat(686689, 20358520)
	// Pair Plus: 1 − (48·41 + 52·31 + 720·7 + 1096·5 + 3744·2)/22100 = 512/22100.
	wantPairPlus = big.NewRat(512, 22100)
)

// wantPrime is the closed form: the player's three share a colour with probability
// 2·C(26,3)/C(52,3) = 4/17; then the dealer's three from the 49 left (23 of that
// colour) are that colour too with probability C(23,3)/C(49,3) = 1771/18424.
func wantPrime() *big.Rat {
	pMono := big.NewRat(2*2600, 22100)
	pSix := big.NewRat(1771, 18424)
	win := new(big.Rat).Add(new(big.Rat).Mul(pSix, big.NewRat(4, 1)),
		new(big.Rat).Mul(new(big.Rat).Sub(big.NewRat(1, 1), pSix), big.NewRat(3, 1)))
	ev := new(big.Rat).Sub(new(big.Rat).Mul(pMono, win), new(big.Rat).Sub(big.NewRat(1, 1), pMono))
	return ev.Neg(ev)
}

func TestExactFigures(t *testing.T) {
	f := Exact(Default)
	if f.Hands != 22100 || f.Pairs != 22100*18424 {
		t.Fatalf("weighed %d hands, %d pairs", f.Hands, f.Pairs)
	}
	checks := []struct {
		name      string
		got, want *big.Rat
		published float64 // the published figure, rounded to 0.01 pp
	}{
		{"Ante/Play per Ante", f.AnteEdge, wantAnte, 0.0337},
		{"Pair Plus", f.PairPlus, wantPairPlus, 0.0232},
		{"Prime", f.Prime, wantPrime(), 0.0362},
	}
	for _, c := range checks {
		if c.got.Cmp(c.want) != 0 {
			t.Errorf("%s: edge %v, want %v", c.name, c.got, c.want)
		}
		if x, _ := c.got.Float64(); math.Abs(x-c.published) > 0.00005 {
			t.Errorf("%s: %.5f%% is not the published %.2f%%", c.name, 100*x, 100*c.published)
		}
	}
	// Hit frequencies: a pair or better is 5,660 of the 22,100 hands (16,440 are
	// high cards); three of one colour 2·C(26,3) = 5,200.
	if f.PairPlusW.Cmp(big.NewRat(5660, 22100)) != 0 || f.PrimeWin.Cmp(big.NewRat(5200, 22100)) != 0 {
		t.Errorf("Pair Plus wins %v, Prime wins %v", f.PairPlusW, f.PrimeWin)
	}
	if x, _ := f.AnteWin.Float64(); x <= 0.40 || x >= 0.50 {
		t.Errorf("Ante/Play wins with probability %v", x)
	}
	if x, _ := f.AnteRisk.Float64(); math.Abs(x-0.0201) > 0.00005 {
		t.Errorf("element of risk %.5f%%, want 2.01%%", 100*x)
	}
}

// TestOptimalStrategyIsQ64: playing beats folding exactly on the hands Q-6-4 or better
// (a pure threshold: the weakest hand played is Q-6-4, the strongest folded Q-6-3,
// whatever the suits), so the strategy of the brief is the optimal one.
func TestOptimalStrategyIsQ64(t *testing.T) {
	f := Exact(Default)
	if f.MinPlay != Q64 || f.MaxFold != Evaluate(h(t, "Qs 6d 3c")) {
		t.Errorf("weakest hand played %x, strongest folded %x; want Q-6-4 and Q-6-3", f.MinPlay, f.MaxFold)
	}
	var n int64
	for _, x := range allHands {
		if x.value >= Q64 {
			n++
		}
	}
	if n != f.PlayHands {
		t.Errorf("optimal play on %d hands, Q-6-4 or better is %d", f.PlayHands, n)
	}
}

// TestExactBruteAgrees enumerates all 22,100 × 18,424 pairs without the symmetry
// (about 1.3 s on two cores) and requires the same fractions.
func TestExactBruteAgrees(t *testing.T) {
	a, b := Exact(Default), ExactBrute(Default)
	for _, p := range [][2]*big.Rat{{a.AnteEdge, b.AnteEdge}, {a.AnteVar, b.AnteVar}, {a.PairPlus, b.PairPlus},
		{a.Prime, b.Prime}, {a.PrimeV, b.PrimeV}, {a.PlayFreq, b.PlayFreq}, {a.AnteWin, b.AnteWin}, {a.PairPlusW, b.PairPlusW}, {a.PrimeWin, b.PrimeWin}} {
		if p[0].Cmp(p[1]) != 0 {
			t.Errorf("orbits %v, brute force %v", p[0], p[1])
		}
	}
	if a.Categories != b.Categories || a.MinPlay != b.MinPlay || a.MaxFold != b.MaxFold {
		t.Error("orbits and brute force disagree")
	}
}

// TestSimulation deals 10^6 seeded rounds through Deal and Settle, the player playing
// Q-6-4 or better, and checks each bet's measured edge against the exact one at the
// 99% level: |measured − exact| ≤ 2.576·σ/√N.
func TestSimulation(t *testing.T) {
	const rounds = 1_000_000
	const unit = 100
	f := Exact(Default)
	src := rng.NewSeeded(31337)
	var ante, pp, prime int64 // net results in cents
	for i := 0; i < rounds; i++ {
		r := Deal(src)
		d := Fold
		if Evaluate(r.Player) >= Q64 {
			d = Play
		}
		res, err := Settle(Default, r, Bets{Ante: unit, PairPlus: unit, Prime: unit}, d)
		if err != nil {
			t.Fatal(err)
		}
		play := int64(0)
		if d == Play {
			play = unit
		}
		ante += res.Ante + res.Play + res.AnteBonus - unit - play
		pp += res.PairPlus - unit
		prime += res.Prime - unit
	}
	for _, c := range []struct {
		name     string
		net      int64
		edge, vr *big.Rat
	}{
		{"Ante/Play", ante, f.AnteEdge, f.AnteVar},
		{"Pair Plus", pp, f.PairPlus, f.PairPlusV},
		{"Prime", prime, f.Prime, f.PrimeV},
	} {
		e, _ := c.edge.Float64()
		v, _ := c.vr.Float64()
		measured := -float64(c.net) / (rounds * unit)
		half := simtest.Within99(t, c.name, measured, e, math.Sqrt(v), rounds)
		t.Logf("%-9s exact %.4f%% measured %.4f%% ±%.4f σ %.4f", c.name, 100*e, 100*measured, 100*half, math.Sqrt(v))
	}
}

// TestSheetPerStaked: the sheet's Ante/Play edge per unit staked is the element of
// risk, exactly: the Ante edge over 1 + P(play), P(play) counted here as the hands
// Q-6-4 or better (149/221), the fraction 686689/34084400; the row's note states the
// same figure.
func TestSheetPerStaked(t *testing.T) {
	f := Exact(Default)
	var played int64
	for _, x := range allHands {
		if x.value >= Q64 {
			played++
		}
	}
	pPlay := big.NewRat(played, int64(len(allHands)))
	if pPlay.Cmp(big.NewRat(149, 221)) != 0 {
		t.Fatalf("P(play) %v, want 149/221", pPlay)
	}
	risk := new(big.Rat).Quo(wantAnte, new(big.Rat).Add(big.NewRat(1, 1), pPlay))
	if risk.Cmp(big.NewRat(686689, 34084400)) != 0 || f.AnteRisk.Cmp(risk) != 0 {
		t.Fatalf("element of risk %v (figures %v), want 686689/34084400", risk, f.AnteRisk)
	}
	ante := Sheet(Default).Bets[0]
	if !strings.HasPrefix(ante.Name, "Ante and Play") || ante.EdgeStaked != risk.RatString() {
		t.Fatalf("%s: per unit staked %q, element of risk %s", ante.Name, ante.EdgeStaked, risk.RatString())
	}
	x, _ := risk.Float64()
	if ante.EdgeStakedPct != 100*x || !strings.Contains(ante.Note, fmt.Sprintf("element of risk) %.4f%%", ante.EdgeStakedPct)) {
		t.Errorf("per unit staked %v%%, note %q", ante.EdgeStakedPct, ante.Note)
	}
}
