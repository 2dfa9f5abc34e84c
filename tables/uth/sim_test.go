package uth

import (
	"math"
	"math/big"
	"os"
	"strconv"
	"strings"
	"testing"

	"egm/rng"
	"egm/tables/internal/simtest"
)

// TestMainSubset recomputes three flop classes (the first, one in the middle, the
// last) and requires the flop decisions and checksums the whole analysis recorded in
// strategy.bin.gz.
func TestMainSubset(t *testing.T) {
	s, err := HouseStrategy()
	if err != nil {
		t.Fatal(err)
	}
	idx := []int{0, len(flopClasses) / 2, len(flopClasses) - 1}
	f, err := Main(Default, idx)
	if err != nil {
		t.Fatal(err)
	}
	for k, i := range idx {
		got := f.sums[k]
		got.play = 0
		if f.flopRaise[k] != s.flop[i] || got != s.sums[i] {
			t.Errorf("flop class %d %v: recomputed %+v, recorded %+v", i, flopClasses[i].cards, f.sums[k], s.sums[i])
		}
	}
	var w int64
	for _, c := range flopClasses {
		w += c.weight
	}
	if len(flopClasses) != 1755 || w != 22100 {
		t.Errorf("%d flop classes of %d flops", len(flopClasses), w)
	}
}

// TestHouseFigures: the recorded edge is the published 2.185% per Ante (2.18497%:
// the house rules' 2.19% is 2.185% rounded again), and the pre-flop strategy is the published one: bet 4x
// with any pair but deuces, any ace, any suited king and K-5 offsuit and up, Q-6
// suited and Q-8 offsuit and up, J-8 suited and J-T offsuit; check the rest (3x never).
func TestHouseFigures(t *testing.T) {
	f := HouseFigures()
	e, _ := f.Edge.Float64()
	if math.Abs(e-0.02185) > 0.000005 || math.Round(e*100000)/1000 != 2.185 {
		t.Errorf("edge %.5f%%", 100*e)
	}
	for c := 0; c < 169; c++ {
		hi, lo, suited := c/13, c%13, true
		if hi < lo {
			hi, lo, suited = lo, hi, false
		}
		want := Check
		switch {
		case hi == lo:
			if hi > 0 {
				want = Bet4x
			}
		case hi == 12, hi == 11 && (suited || lo >= 3):
			want = Bet4x
		case hi == 10 && (suited && lo >= 4 || lo >= 6):
			want = Bet4x
		case hi == 9 && (suited && lo >= 6 || lo >= 8):
			want = Bet4x
		}
		if f.PreFlop[c] != want {
			t.Errorf("%s: %v, want %v", HoleClassName(c), f.PreFlop[c], want)
		}
	}
}

// TestSimulation deals seeded rounds through Deal, the computed strategy and Settle
// (Ante = Blind = Trips = 100 cents) and checks the main game and Trips against their
// exact figures at the 99% level: |measured − exact| ≤ 2.576·σ/√N. UTH_ROUNDS sets N.
func TestSimulation(t *testing.T) {
	rounds := 1_000_000
	if testing.Short() {
		rounds = 100_000
	}
	if n, err := strconv.Atoi(os.Getenv("UTH_ROUNDS")); err == nil && n > 0 {
		rounds = n
	}
	s, err := HouseStrategy()
	if err != nil {
		t.Fatal(err)
	}
	const unit = 100
	src := rng.NewSeeded(2185)
	var main, trips, wins int64
	var ends [6]int
	for i := 0; i < rounds; i++ {
		r := Deal(src)
		var ds []Decision
		for _, shown := range [][]Card{nil, r.Board[:3], r.Board[:]} {
			d, err := s.Decide(r.Player, shown)
			if err != nil {
				t.Fatal(err)
			}
			ds = append(ds, d)
			if d != Check {
				break
			}
		}
		ends[ds[len(ds)-1]]++
		res, err := Settle(Default, r, Bets{Ante: unit, Blind: unit, Trips: unit}, ds)
		if err != nil {
			t.Fatal(err)
		}
		main += res.Ante + res.Blind + res.Play - (res.Staked - unit)
		trips += res.Trips - unit
		if res.Player > res.Dealer && !res.Folded {
			wins++
		}
	}
	m := HouseFigures()
	tf := TripsFigures(Default, KnownSevenCardCounts)
	for _, c := range []struct {
		name     string
		net      int64
		edge, vr *big.Rat
	}{
		{"main game", main, m.Edge, m.Variance},
		{"Trips", trips, tf.Edge, tf.Variance},
	} {
		e, _ := c.edge.Float64()
		v, _ := c.vr.Float64()
		measured := -float64(c.net) / float64(rounds*unit)
		half := simtest.Within99(t, c.name, measured, e, math.Sqrt(v), float64(rounds))
		t.Logf("%-9s exact %.4f%% measured %.4f%% ±%.4f σ %.4f (%d rounds)", c.name, 100*e, 100*measured, 100*half, math.Sqrt(v), rounds)
	}
	// The frequencies of a win and of a pre-flop 4x bet (the holdings whose class
	// bets) against their exact values, binomial 99% intervals.
	var bet4 int64
	for a := Card(0); a < 52; a++ {
		for b := a + 1; b < 52; b++ {
			if m.PreFlop[HoleClass(a, b)] == Bet4x {
				bet4++
			}
		}
	}
	hit, _ := m.HitFreq.Float64()
	for _, c := range []struct {
		name string
		n    int64
		p    float64
	}{{"wins", wins, hit}, {"4x pre-flop", int64(ends[Bet4x]), float64(bet4) / 1326}} {
		got := float64(c.n) / float64(rounds)
		simtest.Within99(t, c.name, got, c.p, math.Sqrt(c.p*(1-c.p)), float64(rounds))
	}
	t.Logf("hands ended: 4x %d, 2x %d, 1x %d, folded %d", ends[Bet4x], ends[Bet2x], ends[Bet1x], ends[Fold])
}

func TestSheet(t *testing.T) {
	s := Sheet()
	if s.Name != "Ultimate Texas Hold'em" || len(s.Bets) != 2 {
		t.Fatalf("sheet %+v", s)
	}
	if s.Bets[0].House != "2.19%" || math.Abs(s.Bets[0].EdgePct-2.18497) > 0.00001 || math.Abs(s.Bets[1].EdgePct-1.90405) > 0.00001 {
		t.Errorf("bets %+v", s.Bets)
	}
	if s.Bets[1].Edge != wantTrips.RatString() {
		t.Errorf("Trips edge %s", s.Bets[1].Edge)
	}
	var b strings.Builder
	s.Print(&b)
	t.Log("\n" + b.String())
}
