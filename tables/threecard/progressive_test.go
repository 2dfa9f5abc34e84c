package threecard

import (
	"bytes"
	"egm/money"
	"encoding/json"
	"flag"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden sheet section in testdata/")

// TestProgressiveHandCounts: the 22,100 hands by category are the known counts
// (straight flush 48, three of a kind 52, straight 720, flush 1,096, pair 3,744,
// high card 16,440), and by the side bet's class: 4 of the 48 straight flushes are
// mini-royals, one of them in spades.
func TestProgressiveHandCounts(t *testing.T) {
	var cats [NumCategories]int64
	for _, x := range allHands {
		cats[x.value.Category()]++
	}
	if want := [NumCategories]int64{HighCard: 16440, Pair: 3744, Flush: 1096, Straight: 720, Trips: 52, StraightFlush: 48}; cats != want {
		t.Errorf("categories %v, want %v", cats, want)
	}
	f := ProgressiveExact(DefaultProgressive)
	want := [NumProgressiveHands]int64{
		ProgNone: 16440 + 3744, ProgFlush: 1096, ProgStraight: 720, ProgTrips: 52,
		ProgStraightFlush: 44, ProgMiniRoyal: 3, ProgMiniRoyalSpades: 1,
	}
	if f.Counts != want || f.Hands != 22100 {
		t.Errorf("side bet classes %v of %d, want %v of 22100", f.Counts, f.Hands, want)
	}
}

func TestProgressiveHandOf(t *testing.T) {
	for _, c := range []struct {
		hand string
		want ProgressiveHand
	}{
		{"As Ks Qs", ProgMiniRoyalSpades}, {"Qs As Ks", ProgMiniRoyalSpades},
		{"Ah Kh Qh", ProgMiniRoyal}, {"Kc Qc Ac", ProgMiniRoyal}, {"Ad Kd Qd", ProgMiniRoyal},
		{"Ks Qs Js", ProgStraightFlush}, {"3s 2s As", ProgStraightFlush}, {"4d 3d 2d", ProgStraightFlush},
		{"As Ks Qd", ProgStraight}, {"As 2d 3s", ProgStraight},
		{"7s 7d 7c", ProgTrips}, {"As Ad Ah", ProgTrips},
		{"2s 9s Js", ProgFlush}, {"As Ks Js", ProgFlush},
		{"9c 9d 2c", ProgNone}, {"Kd As 2h", ProgNone},
	} {
		if got := ProgressiveHandOf(h(t, c.hand)); got != c.want {
			t.Errorf("%s: %v, want %v", c.hand, got, c.want)
		}
	}
}

// withFlushes pays two classes from the pool and every class a fixed amount
// besides, so the two ways of computing the return meet more than one pool hand
// and every fixed pay.
var withFlushes = Progressive{
	Table: ProgressiveTable{Name: "test", Pays: [NumProgressiveHands]ProgressivePay{
		ProgMiniRoyalSpades: {Pool: true}, ProgMiniRoyal: {Pool: true}, ProgStraightFlush: {For: 70},
		ProgTrips: {For: 60}, ProgStraight: {For: 7}, ProgFlush: {For: 4},
	}},
	Pool: Pool{Currency: money.EUR, Stake: 500, Seed: 250_000, GrowthBP: 1200, ReserveBP: 500},
}

// TestProgressiveReturnTwoWays: at every pool the linear formula Fixed + Slope·J is
// the direct enumeration, Σ over the 22,100 hands of what Pays pays at J, over
// 22,100 stakes.
func TestProgressiveReturnTwoWays(t *testing.T) {
	for _, p := range []Progressive{DefaultProgressive, withFlushes} {
		if err := p.Validate(); err != nil {
			t.Fatal(err)
		}
		f := ProgressiveExact(p)
		for _, pool := range []int64{0, 1, p.Pool.Seed, 1_152_000, 2_000_037, 99_999_999} {
			var paid int64
			for _, x := range allHands {
				v, _ := p.Pays(x.cards, pool)
				paid += v
			}
			direct := big.NewRat(paid, numHands*p.Pool.Stake)
			if got := f.ReturnAt(pool); got.Cmp(direct) != 0 {
				t.Errorf("%s at %d cents: formula %v, enumeration %v", p.Table.Name, pool, got, direct)
			}
		}
	}
}

// TestProgressiveFigures: the shipped bet's figures against their closed forms.
// Per 22,100 stakes the fixed pays return 3·500 + 44·100 + 52·90 = 10,580 stakes and
// the spades mini-royal the pool, so at a pool of J stakes the return is
// (10,580 + J)/22,100: at the 5,000-stake seed 15,580/22,100 = 779/1105, break-even
// at J = 11,520 stakes (3cardpoker.com states the player's advantage "at $11,500 or
// above" for a $1 bet on this table), long run 779/1105 + 15%.
func TestProgressiveFigures(t *testing.T) {
	p := DefaultProgressive
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	f := ProgressiveExact(p)
	checks := []struct {
		name      string
		got, want *big.Rat
	}{
		{"intercept", f.Fixed, big.NewRat(10580, 22100)},
		{"slope per cent", f.Slope, big.NewRat(1, 22100*100)},
		{"at the seed", f.AtSeed, big.NewRat(15580, 22100)},
		{"break-even pool", f.BreakEven, big.NewRat(11520*100, 1)},
		{"seed's cost", f.SeedCost, big.NewRat(5000, 22100)},
		{"long run", f.LongRun, new(big.Rat).Add(big.NewRat(15580, 22100), big.NewRat(15, 100))},
		{"hits", f.Hit, big.NewRat(100, 22100)},
		{"return at break-even", f.ReturnAt(1_152_000), big.NewRat(1, 1)},
	}
	for _, c := range checks {
		if c.got.Cmp(c.want) != 0 {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
	if f.ReturnAt(1_151_999).Cmp(big.NewRat(1, 1)) >= 0 || f.ReturnAt(1_152_001).Cmp(big.NewRat(1, 1)) <= 0 {
		t.Error("the return does not cross 100% at the break-even pool")
	}
	// Variance at the seed: E[x²] = (5000² + 3·500² + 44·100² + 52·90²)/22100, less 779/1105 squared.
	m2 := big.NewRat(5000*5000+3*500*500+44*100*100+52*90*90, 22100)
	if v := m2.Sub(m2, new(big.Rat).Mul(f.AtSeed, f.AtSeed)); f.VarAt.Cmp(v) != 0 {
		t.Errorf("variance at the seed %v, want %v", f.VarAt, v)
	}
}

// TestProgressiveLongRun: by the renewal-reward theorem over the pool's cycles (a
// cycle ends on a pool hand: N stakes with E[N] = 22,100 / pool hands, the last one
// the winner's), the return is (E[N]·fixed pays per stake + seed + E[N]·growth) /
// (E[N]·stake): the long-run figure, for both tables.
func TestProgressiveLongRun(t *testing.T) {
	for _, p := range []Progressive{DefaultProgressive, withFlushes} {
		f := ProgressiveExact(p)
		n := f.Counts[ProgMiniRoyalSpades]
		if p.Table.Pays[ProgMiniRoyal].Pool {
			n += f.Counts[ProgMiniRoyal]
		}
		en := big.NewRat(numHands, n)             // E[N]
		growth, _ := p.Pool.Contribution()        // cents per stake
		perCycle := new(big.Rat).Mul(en, f.Fixed) // in stakes
		perCycle.Mul(perCycle, big.NewRat(p.Pool.Stake, 1))
		perCycle.Add(perCycle, big.NewRat(p.Pool.Seed, 1))
		perCycle.Add(perCycle, new(big.Rat).Mul(en, big.NewRat(growth, 1)))
		got := perCycle.Quo(perCycle, new(big.Rat).Mul(en, big.NewRat(p.Pool.Stake, 1)))
		if got.Cmp(f.LongRun) != 0 {
			t.Errorf("%s: renewal-reward %v, long run %v", p.Table.Name, got, f.LongRun)
		}
	}
}

func TestProgressiveValidate(t *testing.T) {
	base := DefaultProgressive
	bad := []struct {
		name string
		edit func(*Progressive)
	}{
		{"no stake", func(p *Progressive) { p.Pool.Stake = 0 }},
		{"negative seed", func(p *Progressive) { p.Pool.Seed = -1 }},
		{"shares take the stake", func(p *Progressive) { p.Pool.GrowthBP, p.Pool.ReserveBP = 9000, 1000 }},
		{"negative share", func(p *Progressive) { p.Pool.GrowthBP = -1 }},
		{"share not whole cents", func(p *Progressive) { p.Pool.GrowthBP = 1550 }},
		{"negative pay", func(p *Progressive) { p.Table.Pays[ProgTrips].For = -1 }},
		{"no pool hand", func(p *Progressive) { p.Table.Pays[ProgMiniRoyalSpades] = ProgressivePay{For: 1000} }},
		{"losing hand pays", func(p *Progressive) { p.Table.Pays[ProgNone].For = 1 }},
		// The seed's cost is 5000/22100 of each stake, 22.62%: a 23% reserve exceeds it.
		{"reserve beyond the seed's cost", func(p *Progressive) { p.Pool.ReserveBP = 2300 }},
	}
	for _, c := range bad {
		p := base
		c.edit(&p)
		if err := p.Validate(); err == nil || !strings.HasPrefix(err.Error(), "threecard: ") {
			t.Errorf("%s: err %v", c.name, err)
		}
	}
	p := base
	p.Pool.ReserveBP = 2200
	if err := p.Validate(); err != nil {
		t.Errorf("a 22%% reserve under the seed's cost: %v", err)
	}
	if g, r := withFlushes.Pool.Contribution(); g != 60 || r != 25 {
		t.Errorf("contribution of 5.00 at 12%% and 5%%: %d, %d cents", g, r)
	}
}

const goldenHeader = "# The three card poker sheet's progressive side bet section, written by `go test ./tables/threecard -run TestProgressiveGolden -update`. DO NOT EDIT.\n"

// TestProgressiveGolden pins the section as printed and as JSON: a change to the
// pay table, the pool's rules or the figures shows as a diff.
func TestProgressiveGolden(t *testing.T) {
	s := ProgressiveSheet(DefaultProgressive)
	var b bytes.Buffer
	b.WriteString(goldenHeader)
	s.Print(&b)
	j, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	b.Write(j)
	b.WriteByte('\n')
	path := filepath.Join("testdata", "progressive.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Errorf("the section differs from %s (run with -update if the change is intended):\n%s", path, b.String())
	}
	if !s.Confirm || !strings.Contains(b.String(), "operator to confirm") || s.BreakEvenCents != 1_152_000 || math.Abs(s.AtSeedPct-70.4977) > 5e-5 {
		t.Errorf("section %+v", s)
	}
}

// TestSheetHasProgressive: the three card poker sheet carries the side bet.
func TestSheetHasProgressive(t *testing.T) {
	s := Sheet(Default)
	if len(s.Progressive) != 1 || s.Progressive[0].Name != MotorCity.Name {
		t.Fatalf("progressive sections %+v", s.Progressive)
	}
}
