package roulette

import (
	"math"
	"math/big"
	"slices"
	"strings"
	"testing"

	"egm/rng"
	"egm/tables/internal/simtest"
)

// segment returns the wheel's numbers from a to b clockwise, both included.
func segment(a, b int) []int {
	var out []int
	for i := wheelPos[a]; ; i = (i + 1) % Pockets {
		out = append(out, Wheel[i])
		if Wheel[i] == b {
			return out
		}
	}
}

func covered(t *testing.T, b Bet) []int {
	t.Helper()
	ps, err := b.Parts()
	if err != nil {
		t.Fatal(err)
	}
	var ns []int
	for _, p := range ps {
		ns = append(ns, p.Numbers...)
	}
	slices.Sort(ns)
	return slices.Compact(ns)
}

func sorted(ns []int) []int { s := slices.Clone(ns); slices.Sort(s); return s }

// TestWheelMatchesRaceTrackSections checks the wheel order against what the Estonian
// rules say of it, and the announced bets against their stated coverage.
func TestWheelMatchesRaceTrackSections(t *testing.T) {
	for i, n := range sorted(Wheel[:]) {
		if n != i {
			t.Fatalf("wheel is not a permutation of 0–36")
		}
	}
	// Colours alternate round the wheel after zero; 18 red.
	reds := 0
	for i := 1; i < Pockets; i++ {
		if IsRed(Wheel[i]) {
			reds++
		}
		if IsRed(Wheel[i]) == (i%2 == 0) {
			t.Errorf("pocket %d (%d): colours do not alternate", i, Wheel[i])
		}
	}
	if reds != 18 {
		t.Errorf("%d red numbers, want 18", reds)
	}
	tiers := covered(t, Bet{Kind: Tiers})
	voisins := covered(t, Bet{Kind: Voisins})
	orph := covered(t, Bet{Kind: Orphelins})
	cases := []struct {
		name      string
		got, want []int
	}{
		// "5 järjestikust numbrit rattal, näiteks: 2, 25, (17), 34, 6"
		{"17 and neighbours", covered(t, Bet{Kind: Neighbours, Target: 17}), sorted([]int{2, 25, 17, 34, 6})},
		{"0 and neighbours (wraps)", covered(t, Bet{Kind: Neighbours, Target: 0}), sorted([]int{3, 26, 0, 32, 15})},
		// "Katab 12 numbrit ratta osas vahemikus 27 kuni 33"
		{"tiers", tiers, sorted(segment(27, 33))},
		// "Katab 17 numbrit ratta osas vahemikus 22 kuni 25"
		{"voisins", voisins, sorted(segment(22, 25))},
	}
	for _, c := range cases {
		if !slices.Equal(c.got, c.want) {
			t.Errorf("%s covers %v, want %v", c.name, c.got, c.want)
		}
	}
	if len(tiers) != 12 || len(voisins) != 17 || len(orph) != 8 {
		t.Errorf("tiers %d, voisins %d, orphelins %d numbers; the rules say 12, 17, 8", len(tiers), len(voisins), len(orph))
	}
	// "Katab 8 numbrit, mida ei hõlma Tiers ega Voisins": the three series partition the wheel.
	all := sorted(append(append(slices.Clone(tiers), voisins...), orph...))
	for i, n := range all {
		if n != i {
			t.Fatalf("tiers, voisins and orphelins do not partition 0–36: %v", all)
		}
	}
	// Chip counts: Kazakh rules §28(10) and §28(13).
	for k, want := range map[Kind]int64{Neighbours: 5, Tiers: 6, Voisins: 9, Orphelins: 5, Straight: 1, Red: 1} {
		if got := (Bet{Kind: k}).Chips(); got != want {
			t.Errorf("%v: %d chips, want %d", k, got, want)
		}
	}
	// Every part of every announced bet is a valid layout bet.
	for _, k := range []Kind{Tiers, Voisins, Orphelins} {
		for _, p := range series[k] {
			kind := map[int]Kind{1: Straight, 2: Split, 3: Street, 4: Corner}[len(p.Numbers)]
			if err := checkInside(kind, p.Numbers); err != nil {
				t.Errorf("%v part %v: %v", k, p.Numbers, err)
			}
		}
	}
}

func TestLayoutCounts(t *testing.T) {
	want := map[Kind]int{Straight: 37, Split: 60, Street: 14, Corner: 23, SixLine: 11}
	for k, n := range want {
		if got := len(validInside(k)); got != n {
			t.Errorf("%v: %d bets on the layout, want %d", k, got, n)
		}
	}
}

func TestReturn(t *testing.T) {
	cases := []struct {
		name string
		bet  Bet
		n    int
		want int64
	}{
		{"straight wins 35:1", Bet{Kind: Straight, Numbers: []int{17}, Stake: 100}, 17, 3600},
		{"straight loses", Bet{Kind: Straight, Numbers: []int{17}, Stake: 100}, 18, 0},
		{"straight on zero", Bet{Kind: Straight, Numbers: []int{0}, Stake: 100}, 0, 3600},
		{"split 17:1", Bet{Kind: Split, Numbers: []int{0, 2}, Stake: 100}, 0, 1800},
		{"split order does not matter", Bet{Kind: Split, Numbers: []int{35, 32}, Stake: 100}, 32, 1800},
		{"street 11:1", Bet{Kind: Street, Numbers: []int{34, 35, 36}, Stake: 100}, 35, 1200},
		{"trio 0-2-3", Bet{Kind: Street, Numbers: []int{0, 2, 3}, Stake: 100}, 3, 1200},
		{"corner 8:1", Bet{Kind: Corner, Numbers: []int{25, 26, 28, 29}, Stake: 100}, 28, 900},
		{"first four 8:1", Bet{Kind: Corner, Numbers: []int{0, 1, 2, 3}, Stake: 100}, 0, 900},
		{"six line 5:1", Bet{Kind: SixLine, Numbers: []int{31, 32, 33, 34, 35, 36}, Stake: 100}, 31, 600},
		{"dozen 2:1", Bet{Kind: Dozen, Target: 2, Stake: 100}, 24, 300},
		{"dozen loses on zero", Bet{Kind: Dozen, Target: 1, Stake: 100}, 0, 0},
		{"column 2:1", Bet{Kind: Column, Target: 1, Stake: 100}, 34, 300},
		{"column 3", Bet{Kind: Column, Target: 3, Stake: 100}, 34, 0},
		{"red 1:1", Bet{Kind: Red, Stake: 100}, 1, 200},
		{"red on zero loses (no la partage)", Bet{Kind: Red, Stake: 100}, 0, 0},
		{"black", Bet{Kind: Black, Stake: 100}, 2, 200},
		{"even on zero loses", Bet{Kind: Even, Stake: 100}, 0, 0},
		{"odd", Bet{Kind: Odd, Stake: 100}, 35, 200},
		{"1-18", Bet{Kind: Low, Stake: 100}, 18, 200},
		{"19-36", Bet{Kind: High, Stake: 100}, 18, 0},
		{"17 and neighbours on 6", Bet{Kind: Neighbours, Target: 17, Stake: 500}, 6, 3600},
		{"tiers on 33: split 33/36", Bet{Kind: Tiers, Stake: 600}, 33, 1800},
		{"tiers on 0", Bet{Kind: Tiers, Stake: 600}, 0, 0},
		{"voisins on 0: trio 2 chips", Bet{Kind: Voisins, Stake: 900}, 0, 2400},
		{"voisins on 26: corner 2 chips", Bet{Kind: Voisins, Stake: 900}, 26, 1800},
		{"voisins on 22: split", Bet{Kind: Voisins, Stake: 900}, 22, 1800},
		{"orphelins on 1: straight", Bet{Kind: Orphelins, Stake: 500}, 1, 3600},
		{"orphelins on 17: two splits", Bet{Kind: Orphelins, Stake: 500}, 17, 3600},
		{"orphelins on 20", Bet{Kind: Orphelins, Stake: 500}, 20, 1800},
	}
	for _, c := range cases {
		got, err := Return(c.bet, c.n)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s: returns %d, want %d", c.name, got, c.want)
		}
	}
}

func TestInvalidBets(t *testing.T) {
	cases := []struct {
		name string
		bet  Bet
		n    int
	}{
		{"split not adjacent", Bet{Kind: Split, Numbers: []int{25, 29}, Stake: 100}, 1},
		{"split across rows", Bet{Kind: Split, Numbers: []int{3, 4}, Stake: 100}, 1},
		{"street wrong row", Bet{Kind: Street, Numbers: []int{2, 3, 4}, Stake: 100}, 1},
		{"corner not square", Bet{Kind: Corner, Numbers: []int{3, 4, 6, 7}, Stake: 100}, 1},
		{"duplicate numbers", Bet{Kind: Split, Numbers: []int{5, 5}, Stake: 100}, 1},
		{"number off the wheel", Bet{Kind: Straight, Numbers: []int{37}, Stake: 100}, 1},
		{"dozen 4", Bet{Kind: Dozen, Target: 4, Stake: 100}, 1},
		{"neighbours stake not ×5", Bet{Kind: Neighbours, Target: 3, Stake: 101}, 1},
		{"voisins stake not ×9", Bet{Kind: Voisins, Stake: 100}, 1},
		{"zero stake", Bet{Kind: Red}, 1},
		{"winning number off the wheel", Bet{Kind: Red, Stake: 100}, 37},
		{"unknown kind", Bet{Kind: numKinds, Stake: 100}, 1},
	}
	for _, c := range cases {
		_, err := Return(c.bet, c.n)
		if err == nil || !strings.HasPrefix(err.Error(), "roulette: ") {
			t.Errorf("%s: err %v, want a roulette: error", c.name, err)
		}
	}
	if _, _, err := Settle([]Bet{{Kind: Red, Stake: 100}, {Kind: Dozen, Stake: 100}}, 3); err == nil {
		t.Error("Settle accepted a set with an invalid bet")
	}
}

func TestSettle(t *testing.T) {
	bets := []Bet{
		{Kind: Straight, Numbers: []int{0}, Stake: 200},
		{Kind: Voisins, Stake: 1800},
		{Kind: Red, Stake: 1000},
	}
	staked, ret, err := Settle(bets, 0)
	if err != nil || staked != 3000 || ret != 200*36+2*200*12 {
		t.Errorf("Settle on 0: staked %d returned %d err %v", staked, ret, err)
	}
}

func TestSpinOneDraw(t *testing.T) {
	src := &rng.Counter{Src: rng.NewSeeded(1)}
	for i := 0; i < 1000; i++ {
		if n := Spin(src); n < 0 || n > 36 {
			t.Fatalf("spin %d", n)
		}
	}
	// Lemire's rejection for n = 37 has probability 37/2^64: a thousand spins, a thousand draws.
	if src.N != 1000 {
		t.Errorf("1000 spins took %d draws", src.N)
	}
}

// docEdge is the Estonian rules' figure ("Ruletti Maja Eelis": "Paigutuse panused
// (nt üksiknumber, split, street jne): 2.7%").
var docEdge = big.NewRat(27, 1000)

// TestExactEdgeEveryBet counts the 37 pockets for every bet the rules define. Each
// is exactly 1/37 = 2.7027…%: every layout bet covering k numbers pays 36/k − 1, so it
// returns 36 units for 37 staked, and the announced bets are sums of such bets. The
// document's 2.7% is this figure rounded to a tenth of a point (1/37 − 0.027 =
// 1/37000); its "1:37" is the chance one in 37 (odds 36 to 1). Even chances lose
// wholly on zero ("Kõik even money (1:1) panused kaotavad nulli korral"), so they too
// are 1/37, not the 1/74 of la partage.
func TestExactEdgeEveryBet(t *testing.T) {
	want := big.NewRat(1, 37)
	hits := map[Kind]*big.Rat{
		Straight: big.NewRat(1, 37), Split: big.NewRat(2, 37), Street: big.NewRat(3, 37),
		Corner: big.NewRat(4, 37), SixLine: big.NewRat(6, 37), Dozen: big.NewRat(12, 37),
		Column: big.NewRat(12, 37), Red: big.NewRat(18, 37), Black: big.NewRat(18, 37),
		Odd: big.NewRat(18, 37), Even: big.NewRat(18, 37), Low: big.NewRat(18, 37),
		High: big.NewRat(18, 37), Neighbours: big.NewRat(5, 37), Tiers: big.NewRat(12, 37),
		Voisins: big.NewRat(17, 37), Orphelins: big.NewRat(8, 37),
	}
	bets := AllBets()
	if len(bets) != 37+60+14+23+11+3+3+6+37+3 {
		t.Errorf("%d bets", len(bets))
	}
	for _, b := range bets {
		s, err := Exact(b)
		if err != nil {
			t.Fatalf("%v %v: %v", b.Kind, b.Numbers, err)
		}
		if s.Edge.Cmp(want) != 0 {
			t.Errorf("%v %v %d: edge %v, want 1/37", b.Kind, b.Numbers, b.Target, s.Edge)
		}
		if s.HitFreq.Cmp(hits[b.Kind]) != 0 {
			t.Errorf("%v %v %d: hit frequency %v, want %v", b.Kind, b.Numbers, b.Target, s.HitFreq, hits[b.Kind])
		}
	}
	diff := new(big.Rat).Sub(want, docEdge)
	if diff.Cmp(big.NewRat(1, 37000)) != 0 {
		t.Errorf("1/37 − 2.7%% = %v, want 1/37000", diff)
	}
	if diff.Abs(diff).Cmp(big.NewRat(5, 10000)) >= 0 {
		t.Errorf("the document's 2.7%% is not 1/37 rounded to 0.1 pp")
	}
}

// TestSimulation plays 10^7 seeded spins against one bet of every kind and checks each
// measured edge against the exact one at the 99% level: |measured − exact| ≤ 2.576·σ/√N.
func TestSimulation(t *testing.T) {
	const rounds = 10_000_000
	bets := []Bet{
		{Kind: Straight, Numbers: []int{17}, Stake: 100},
		{Kind: Split, Numbers: []int{0, 1}, Stake: 100},
		{Kind: Street, Numbers: []int{0, 2, 3}, Stake: 100},
		{Kind: Corner, Numbers: []int{0, 1, 2, 3}, Stake: 100},
		{Kind: SixLine, Numbers: []int{1, 2, 3, 4, 5, 6}, Stake: 100},
		{Kind: Dozen, Target: 3, Stake: 100},
		{Kind: Column, Target: 2, Stake: 100},
		{Kind: Red, Stake: 100}, {Kind: Black, Stake: 100}, {Kind: Odd, Stake: 100},
		{Kind: Even, Stake: 100}, {Kind: Low, Stake: 100}, {Kind: High, Stake: 100},
		{Kind: Neighbours, Target: 0, Stake: 500},
		{Kind: Tiers, Stake: 600}, {Kind: Voisins, Stake: 900}, {Kind: Orphelins, Stake: 500},
	}
	// Returns per winning number, so the loop only draws and adds.
	table := make([][Pockets]int64, len(bets))
	for i, b := range bets {
		for n := 0; n < Pockets; n++ {
			r, err := Return(b, n)
			if err != nil {
				t.Fatal(err)
			}
			table[i][n] = r
		}
	}
	returned := make([]int64, len(bets))
	src := rng.NewSeeded(20240516)
	for r := 0; r < rounds; r++ {
		n := Spin(src)
		for i := range bets {
			returned[i] += table[i][n]
		}
	}
	for i, b := range bets {
		s, _ := Exact(b)
		edge, _ := s.Edge.Float64()
		v, _ := s.Variance.Float64()
		measured := 1 - float64(returned[i])/float64(int64(rounds)*b.Stake)
		half := simtest.Within99(t, b.Kind.String()+" edge", measured, edge, math.Sqrt(v), rounds)
		t.Logf("%-10v exact %.5f%% measured %.5f%% ±%.5f", b.Kind, 100*edge, 100*measured, 100*half)
	}
}
