package blackjack

import (
	"math"
	"math/big"
	"slices"
	"strings"
	"testing"

	"egm/rng"
	"egm/tables/internal/simtest"
)

// cardsOf parses "Ah Td 9c".
func cardsOf(t *testing.T, s string) []Card {
	t.Helper()
	var out []Card
	for _, f := range strings.Fields(s) {
		c, err := ParseCard(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

// stacked is a six-deck shoe whose top is the given cards, the rest in shoe order.
func stacked(t *testing.T, top string) []Card {
	t.Helper()
	var left [52]int
	for i := range left {
		left[i] = Decks
	}
	shoe := cardsOf(t, top)
	for _, c := range shoe {
		if left[c] == 0 {
			t.Fatalf("more than %d of %v", Decks, c)
		}
		left[c]--
	}
	for c := range 52 {
		for ; left[c] > 0; left[c]-- {
			shoe = append(shoe, Card(c))
		}
	}
	return shoe
}

func TestValue(t *testing.T) {
	cases := []struct {
		hand  string
		total int
		soft  bool
	}{
		{"Ah Kd", 21, true}, {"Ah 6d", 17, true}, {"Ah 6d 5c", 12, false}, {"Ah Ad", 12, true},
		{"Ah Ad 9c", 21, true}, {"Ah Ad 9c Kd", 21, false}, {"Th 6d", 16, false}, {"Th 6d 9c", 25, false},
		{"Qs Js", 20, false}, {"2c 3d 4h 5s 6c", 20, false}, {"Ac Ad Ah As", 14, true}, {"9c 9d", 18, false},
	}
	for _, c := range cases {
		tot, soft := Value(cardsOf(t, c.hand))
		if tot != c.total || soft != c.soft {
			t.Errorf("%s: %d soft=%v, want %d soft=%v", c.hand, tot, soft, c.total, c.soft)
		}
	}
	bj := []struct {
		hand      string
		fromSplit bool
		want      bool
	}{
		{"Ah Kd", false, true}, {"Td As", false, true}, {"Ah Kd", true, false}, // split A+10 is 21, not blackjack
		{"Ah 5d 5c", false, false}, {"7h 7d 7c", false, false}, {"Kh Qd", false, false},
	}
	for _, c := range bj {
		if got := IsBlackjack(cardsOf(t, c.hand), c.fromSplit); got != c.want {
			t.Errorf("%s split=%v: blackjack %v", c.hand, c.fromSplit, got)
		}
	}
}

// TestDealerRule: the dealer draws to 16 and stands on every 17, soft 17 included.
func TestDealerRule(t *testing.T) {
	cases := []struct {
		hand     string
		s17, h17 bool // draws under the house rule; under hit-soft-17
	}{
		{"Th 6d", true, true}, {"Th 7d", false, false}, {"Ah 6d", false, true}, {"Ah Ad 5c", false, true},
		{"Ah 5d", true, true}, {"Ah 5d Tc", true, true}, {"Ah 7d", false, false}, {"9h 8d", false, false},
		{"2c 2d 2h As", false, true}, {"Tc 2d 4h", true, true}, {"Tc 2d 5h", false, false},
	}
	for _, c := range cases {
		h := cardsOf(t, c.hand)
		if DealerDraws(h, false) != c.s17 || DealerDraws(h, true) != c.h17 {
			t.Errorf("%s: draws %v (h17 %v), want %v (%v)", c.hand, DealerDraws(h, false), DealerDraws(h, true), c.s17, c.h17)
		}
	}
}

// TestDeal: every deal is a permutation of the six decks by 311 draws, and the top
// card is uniform over the 52 faces (χ², 51 degrees of freedom, 99.9% point 87.97).
func TestDeal(t *testing.T) {
	simtest.Deals(t, 7, 52*400, 311, "top card", func(src rng.Source) Card {
		s := Deal(src)
		simtest.Shoe(t, s, Decks)
		return s[0]
	})
}

// play runs a game with the given decisions (the rules' defaults when the list runs out:
// no insurance, then stand).
func play(t *testing.T, rules Rules, top string, b Bets, ds ...Decision) (*Game, Result) {
	t.Helper()
	g, err := NewGame(rules, HousePays, stacked(t, top), b)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ds {
		if err := g.Apply(d); err != nil {
			t.Fatalf("%s: %v", top, err)
		}
	}
	for !g.Done() {
		d := Stand
		if g.insuranceOpen {
			d = NoInsurance
		}
		if err := g.Apply(d); err != nil {
			t.Fatal(err)
		}
	}
	r, err := g.Settle()
	if err != nil {
		t.Fatal(err)
	}
	return g, r
}

// TestSettle: the shoe's top is player, dealer, player, then the cards in the order
// the decisions and the dealer take them.
func TestSettle(t *testing.T) {
	main := Bets{Main: 100}
	cases := []struct {
		name     string
		rules    Rules
		top      string
		bets     Bets
		ds       []Decision
		staked   int64
		returned int64
		hands    []int64 // each hand's return
	}{
		{"blackjack pays 3:2", HouseRules, "Ah 9d Kc 8s", main, nil, 100, 250, []int64{250}},
		{"blackjack against the dealer's blackjack is a push", HouseRules, "Ah Td Kc As", main, nil, 100, 100, []int64{100}},
		{"even money: insured blackjack against blackjack", HouseRules, "Kh Ad Ac Ts", main, []Decision{Insure}, 150, 250, []int64{100}},
		{"insured blackjack, no dealer blackjack", HouseRules, "Kh Ad Ac 9s", main, []Decision{Insure}, 150, 250, []int64{250}},
		{"insurance pays 2:1, the hand loses", HouseRules, "9h Ad 9c Ts", main, []Decision{Insure, Stand}, 150, 150, []int64{0}},
		{"insurance lost, 18 beats 17", HouseRules, "9h Ad 9c 6s", main, []Decision{Insure, Stand}, 150, 200, []int64{200}},
		{"20 loses to the dealer's blackjack", HouseRules, "Kh Td Qc Ah", main, []Decision{Stand}, 100, 0, []int64{0}},
		{"push on equal totals", HouseRules, "Kh Td 8c 8h", main, []Decision{Stand}, 100, 100, []int64{100}},
		{"dealer stands on soft 17", HouseRules, "Kh 6d 7c Ah", main, []Decision{Stand}, 100, 100, []int64{100}},
		{"dealer draws to 16 and busts", HouseRules, "Kh 6d 2c Th 9s", main, []Decision{Stand}, 100, 200, []int64{200}},
		{"bust loses", HouseRules, "Kh 6d 6c Th 5h Ts", main, []Decision{Hit}, 100, 0, []int64{0}},
		{"double wins 2 units", HouseRules, "6h 6d 5c Th Ts 7s", main, []Decision{Double}, 200, 400, []int64{400}},
		{"double on soft 18", HouseRules, "Ah 6d 7c 2h Ts Ts", main, []Decision{Double}, 200, 400, []int64{400}},
		{"doubled stake loses to the dealer's blackjack", HouseRules, "6h Td 5c 9h As", main, []Decision{Double}, 200, 0, []int64{0}},
		{"split 8s: one pushes, one wins", HouseRules, "8h 6d 8c Th As Tc 2s",
			main, []Decision{Split, Stand, Stand}, 200, 300, []int64{100, 200}},
		{"split, resplit, double after split", HouseRules, "8h 6d 8c 8s 3c Tc Ts Ah Js 3d",
			main, []Decision{Split, Split, Double, Stand, Stand}, 400, 500, []int64{400, 0, 100}},
		{"split stakes lose to the dealer's blackjack", HouseRules, "8h Ad 8c Ts Ts Ks",
			main, []Decision{NoInsurance, Split, Stand, Stand}, 200, 0, []int64{0, 0}},
		{"split aces: one card each, ace + ten is 21 not blackjack", HouseRules, "Ah 9d Ac Ts 7h Td",
			main, []Decision{Split}, 200, 200, []int64{200, 0}},
		{"split ace + ten loses to the dealer's blackjack", HouseRules, "Ah Td Ac Ts 7h Ad",
			main, []Decision{Split}, 200, 0, []int64{0, 0}},
		{"surrender returns half", Rules{Decks: 6, MaxHands: 4, DoubleAfterSplit: true, Surrender: true}, "Th 9d 6c",
			main, []Decision{Surrender}, 100, 50, []int64{50}},
		{"21+3 flush 9:1, top 3 loses, perfect pair 30:1", HouseRules, "2h 9h 2h Th 9c",
			Bets{Main: 100, TwentyOnePlus3: 10, Top3: 10, PerfectPairs: 10}, []Decision{Stand}, 130, 100 + 310, []int64{0}},
		{"suited trips: 21+3 9:1, top 3 270:1", HouseRules, "7s 7s 7s 5d Ts",
			Bets{Main: 100, TwentyOnePlus3: 10, Top3: 10, PerfectPairs: 10}, []Decision{Stand}, 130, 200 + 100 + 2710 + 310, []int64{200}},
		{"straight A-2-3, colour pair", HouseRules, "2h 3c 2d Th 8c",
			Bets{Main: 100, TwentyOnePlus3: 10, PerfectPairs: 10}, []Decision{Hit, Stand}, 120, 0 + 0 + 130, []int64{0}},
	}
	for _, c := range cases {
		g, r := play(t, c.rules, c.top, c.bets, c.ds...)
		var hs []int64
		for _, h := range r.Hands {
			hs = append(hs, h.Return)
		}
		if r.Staked != c.staked || r.Returned != c.returned || !slices.Equal(hs, c.hands) {
			t.Errorf("%s: staked %d returned %d hands %v (dealer %v, hands %+v); want %d, %d, %v",
				c.name, r.Staked, r.Returned, hs, r.Dealer, g.Hands, c.staked, c.returned, c.hands)
		}
	}
}

func TestIllegal(t *testing.T) {
	bad := []struct {
		name string
		top  string
		ds   []Decision
	}{
		{"split two unequal cards", "9h 6d 8c", []Decision{Split}},
		{"double after a hit", "2h 6d 3c 4s", []Decision{Hit, Double}},
		{"hit on 21", "Th 6d 5c 6s", []Decision{Hit, Hit}},
		{"insurance without an ace", "Th 6d 5c", []Decision{Insure}},
		{"play before insurance", "Th Ad 5c", []Decision{Hit}},
		{"surrender not in the house rules", "Th 6d 6c", []Decision{Surrender}},
		{"resplit aces", "Ah 6d Ac As", []Decision{Split, Split}},
		{"a fifth hand", "8h 6d 8c 8s 8d 8h", []Decision{Split, Split, Split, Split}},
		{"no decision", "Th 6d 5c", []Decision{0}},
	}
	for _, c := range bad {
		g, err := NewGame(HouseRules, HousePays, stacked(t, c.top), Bets{Main: 100})
		if err != nil {
			t.Fatal(err)
		}
		var last error
		for _, d := range c.ds {
			if last = g.Apply(d); last != nil {
				break
			}
		}
		if last == nil || !strings.HasPrefix(last.Error(), "blackjack: ") {
			t.Errorf("%s: err %v", c.name, last)
		}
	}
	shoe := stacked(t, "")
	for _, c := range []struct {
		name  string
		shoe  []Card
		bets  Bets
		rules Rules
	}{
		{"odd cents", shoe, Bets{Main: 101}, HouseRules},
		{"no main bet", shoe, Bets{TwentyOnePlus3: 100}, HouseRules},
		{"negative side bet", shoe, Bets{Main: 100, Top3: -1}, HouseRules},
		{"short shoe", shoe[1:], Bets{Main: 100}, HouseRules},
		{"a card too many", append([]Card{51}, shoe[1:]...), Bets{Main: 100}, HouseRules},
		{"no rules", shoe, Bets{Main: 100}, Rules{}},
	} {
		if _, err := NewGame(c.rules, HousePays, c.shoe, c.bets); err == nil || !strings.HasPrefix(err.Error(), "blackjack: ") {
			t.Errorf("%s: err %v", c.name, err)
		}
	}
	g, _ := NewGame(HouseRules, HousePays, stacked(t, "Th 6d 5c"), Bets{Main: 100})
	if _, err := g.Settle(); err == nil {
		t.Error("settled an unfinished round")
	}
}

// TestReplay: the same shoe and the same decisions give the same round.
func TestReplay(t *testing.T) {
	src := rng.NewSeeded(99)
	f := mainFigures(t)
	for i := 0; i < 2000; i++ {
		shoe := Deal(src)
		g, _ := NewGame(HouseRules, HousePays, append([]Card(nil), shoe...), Bets{Main: 100})
		for !g.Done() {
			if err := g.Apply(f.Strategy.Decide(g)); err != nil {
				t.Fatal(err)
			}
		}
		r1, _ := g.Settle()
		h, _ := NewGame(HouseRules, HousePays, shoe, Bets{Main: 100})
		for _, d := range g.Log {
			if err := h.Apply(d); err != nil {
				t.Fatal(err)
			}
		}
		r2, _ := h.Settle()
		if r1.Returned != r2.Returned || h.Next != g.Next || len(r1.Hands) != len(r2.Hands) {
			t.Fatalf("replay differs: %+v / %+v", r1, r2)
		}
	}
}

func TestSideBetReadings(t *testing.T) {
	three := []struct {
		hand string
		want ThreeCard
	}{
		{"7s 7s 7s", SuitedTrips}, {"7s 7h 7s", Trips}, {"4c 5c 6c", StraightFlush}, {"Qd Kd Ad", StraightFlush},
		{"Ah 2h 3h", StraightFlush}, {"Kh Ah 2h", Flush}, {"5d 6c 7h", Straight}, {"Ac 2d 3h", Straight},
		{"Kc Ad 2h", NoHand}, {"2h 9h Jh", Flush}, {"9h 9h 2h", Flush}, {"9c 9d 2c", NoHand}, {"Tc Jd Qh", Straight},
		{"Tc Kd Qh", NoHand},
	}
	for _, c := range three {
		if got := ThreeCardOf([3]Card(cardsOf(t, c.hand))); got != c.want {
			t.Errorf("%s: %v, want %v", c.hand, got, c.want)
		}
	}
	pairs := []struct {
		hand string
		want Pair
	}{
		{"Qs Qs", PerfectPair}, {"Qs Qc", ColourPair}, {"Qh Qd", ColourPair}, {"Qs Qh", MixedPair},
		{"Qs Ks", NoPair}, {"Tc Kc", NoPair},
	}
	for _, c := range pairs {
		cs := cardsOf(t, c.hand)
		if got := PairOf(cs[0], cs[1]); got != c.want {
			t.Errorf("%s: %v, want %v", c.hand, got, c.want)
		}
	}
	// The house's tables: what each class pays k:1.
	want := map[SideBet][]int64{
		TwentyOnePlus3: {0, 9, 9, 9, 9, 9},
		Top3:           {0, 0, 0, 90, 180, 270},
		PerfectPairs:   {0, 5, 12, 30},
	}
	for bet, w := range want {
		if !slices.Equal(HousePays.table(bet), w) {
			t.Errorf("%v pays %v, want %v", bet, HousePays.table(bet), w)
		}
	}
}

// TestSideFigures: the exact edges over six decks against the house rules' own
// figures ("Külgpanuste maja eelis (6 kaardipakki)": 21+3 3.24%, Top 3 9%, Perfect
// Pairs 1.93%) and against published analyses of the same tables.
func TestSideFigures(t *testing.T) {
	cases := []struct {
		bet      SideBet
		decks    int
		edge     *big.Rat
		document float64 // the house rules' figure, the exact edge rounded as they round it
		digits   float64
	}{
		// 21+3 9:1: 1 − 10·(10368+26312+155520+292896)/5013320. Published (six decks):
		// 3.2386%, hit frequency 9.6761%, σ 2.9563.
		{TwentyOnePlus3, 6, big.NewRat(4059, 125333), 0.0324, 0.00005},
		// Perfect Pairs 30/12/5: (30·5 + 12·6 + 5·12 − 288)/311 = −6/311.
		{PerfectPairs, 6, big.NewRat(6, 311), 0.0193, 0.00005},
		// Top 3 270/180/90: six decks 11.07%; the document's 9% is the eight-deck figure.
		{Top3, 6, big.NewRat(13878, 125333), 0, 0},
		{Top3, 8, big.NewRat(33502, 372255), 0.09, 0.0005},
	}
	for _, c := range cases {
		f := SideFigures(HousePays, c.bet, c.decks)
		if f.Edge.Cmp(c.edge) != 0 {
			t.Errorf("%v %d decks: edge %v, want %v", c.bet, c.decks, f.Edge, c.edge)
		}
		e, _ := f.Edge.Float64()
		if c.digits > 0 && math.Abs(e-c.document) > c.digits {
			t.Errorf("%v %d decks: %.4f%% is not the house rules' %.2f%%", c.bet, c.decks, 100*e, 100*c.document)
		}
	}
	f := SideFigures(HousePays, TwentyOnePlus3, 6)
	if hf, _ := f.HitFreq.Float64(); math.Abs(hf-0.096761) > 5e-7 || math.Abs(f.Sigma-2.9563) > 5e-5 {
		t.Errorf("21+3 hit frequency %.6f σ %.5f, published 0.096761 and 2.9563", hf, f.Sigma)
	}
	want := []int64{4528224, 292896, 155520, 25272, 10368, 1040} // nothing, flush, straight, trips, SF, suited trips
	if !slices.Equal(f.Counts, want) || f.Draws != 5013320 {
		t.Errorf("21+3 counts %v of %d", f.Counts, f.Draws)
	}
	// Perfect Pairs, the published eight-deck tables (25/12/6: 4.0964%, 30/10/5: 3.3735%).
	for _, c := range []struct {
		pays [NumPair]int64
		edge float64
	}{{[NumPair]int64{0, 6, 12, 25}, 0.040964}, {[NumPair]int64{0, 5, 10, 30}, 0.033735}} {
		p := HousePays
		p.PerfectPairs = c.pays
		e, _ := SideFigures(p, PerfectPairs, 8).Edge.Float64()
		if math.Abs(e-c.edge) > 5e-7 {
			t.Errorf("Perfect Pairs %v, 8 decks: %.6f, published %.6f", c.pays, e, c.edge)
		}
	}
}

// TestSideFiguresBrute: every set of physical cards of the shoe, one and six decks,
// with no grouping by face, gives the same fractions.
func TestSideFiguresBrute(t *testing.T) {
	for _, decks := range []int{1, 6} {
		for _, bet := range []SideBet{TwentyOnePlus3, Top3, PerfectPairs} {
			a, b := SideFigures(HousePays, bet, decks), SideFiguresBrute(HousePays, bet, decks)
			if a.Edge.Cmp(b.Edge) != 0 || a.Variance.Cmp(b.Variance) != 0 || !slices.Equal(a.Counts, b.Counts) {
				t.Errorf("%v, %d decks: combinatorics %v %v, enumeration %v %v", bet, decks, a.Edge, a.Counts, b.Edge, b.Counts)
			}
		}
	}
}

func TestSheet(t *testing.T) {
	s, err := Sheet()
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Bets) != 4 || s.Bets[0].Edge != "4059/125333" || s.Bets[3].Edge != "23/311" || len(s.Notes) != 2 {
		t.Errorf("sheet %+v", s)
	}
}
