package lab

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"testing"

	"egm/rng"
	"egm/tables/play"
	"egm/tables/threecard"
)

// tablesTestRounds is the test's rounds per game: enough for every bet of every
// sheet to be settled (blackjack's insurance about once in 13 rounds).
const tablesTestRounds = 30_000

// TestTablesSimPasses deals every game through tables/play for a fixed seed: every
// bet of its sheet settled, each on every round (insurance when offered), at the
// unit its edge is stated per, and inside its 99% interval.
func TestTablesSimPasses(t *testing.T) {
	tests := []struct {
		game  string
		bets  int
		units map[string]int64 // cents, where not one chip
	}{
		{play.Roulette, 17, map[string]int64{"neighbours": 500, "tiers": 600, "voisins": 900, "orphelins": 500}},
		{play.ThreeCard, 3, nil},
		{play.PuntoBanco, 17, nil},
		{play.Blackjack, 5, map[string]int64{"Insurance": 50}},
		{play.Holdem, 2, nil},
	}
	for _, tc := range tests {
		t.Run(tc.game, func(t *testing.T) {
			r, err := TablesSim(tc.game, tablesTestRounds, 1, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Bets) != tc.bets || r.Rounds != tablesTestRounds {
				t.Fatalf("%d bets over %d rounds, want %d over %d", len(r.Bets), r.Rounds, tc.bets, tablesTestRounds)
			}
			for _, b := range r.Bets {
				unit := tc.units[b.Bet]
				if unit == 0 {
					unit = play.Chip
				}
				n := int64(tablesTestRounds)
				if b.Bet == "Insurance" {
					if b.N < n/20 || b.N > n/9 { // offered on an ace: 1 in 13
						t.Errorf("insurance taken %d times in %d rounds", b.N, n)
					}
				} else if b.N != n {
					t.Errorf("%s settled %d times in %d rounds", b.Bet, b.N, n)
				}
				if b.UnitCents != unit {
					t.Errorf("%s: unit %d cents, want %d", b.Bet, b.UnitCents, unit)
				}
				if !b.Pass || b.Half99 <= 0 {
					t.Errorf("%s: measured %.4f%%, exact %.4f%% ± %.4f%% (z %.2f): outside", b.Bet, 100*b.Measured, 100*b.Exact, 100*b.Half99, b.Z)
				}
			}
			if r.Outside != 0 || !r.Pass() {
				t.Errorf("%d bets outside", r.Outside)
			}
		})
	}
}

// TestTablesSimCatchesWrongFigures: against expectations that are not the
// machine's (another pay table, a σ too small) the named bets fail and the others
// still pass; a sheet that lacks a bet the machine settles, or has one it never
// settles, is an error.
func TestTablesSimCatchesWrongFigures(t *testing.T) {
	tests := []struct {
		name    string
		game    string
		edit    func(t *testing.T, ex []expectation) []expectation
		fail    []string
		wantErr string
	}{
		{"Pair Plus straight 1:1 on the sheet, 6:1 paid", play.ThreeCard, func(t *testing.T, _ []expectation) []expectation {
			pt := threecard.Default
			pt.PairPlus[threecard.Straight] = 1
			ex, err := sheetExpectations(threecard.Sheet(pt))
			if err != nil {
				t.Fatal(err)
			}
			return ex
		}, []string{"Pair Plus"}, ""},
		{"Tie 9:1 on the sheet, 8:1 paid", play.PuntoBanco, func(t *testing.T, ex []expectation) []expectation {
			s, err := TableSheet(play.PuntoBanco)
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range s.Bets {
				if b.Name == "Tie" {
					ex[row(t, ex, "Tie")].exact -= b.HitPct / 100 // one more unit on every tie
				}
			}
			return ex
		}, []string{"Tie"}, ""},
		{"Égalité 2 with the Player's σ", play.PuntoBanco, func(t *testing.T, ex []expectation) []expectation {
			ex[row(t, ex, "Égalité 2")].sigma = ex[row(t, ex, "Player")].sigma
			return ex
		}, []string{"Égalité 2"}, ""},
		{"the right figures", play.PuntoBanco, func(t *testing.T, ex []expectation) []expectation { return ex }, nil, ""},
		{"a sheet without Trips", play.Holdem, func(t *testing.T, ex []expectation) []expectation {
			return slices.DeleteFunc(ex, func(e expectation) bool { return e.row == "Trips" })
		}, nil, `line "Trips" has no row`},
		{"a row the machine never settles", play.Holdem, func(t *testing.T, ex []expectation) []expectation {
			return append(ex, expectation{row: "Progressive", exact: 0.2, sigma: 1})
		}, nil, `"Progressive" was never settled`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ex, err := tableExpectations(tc.game)
			if err != nil {
				t.Fatal(err)
			}
			r, err := tablesSim(context.Background(), tc.game, tablesTestRounds, 1, tc.edit(t, ex), nil)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || !strings.HasPrefix(err.Error(), "lab: ") {
					t.Fatalf("error %v, want one with %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range r.Bets {
				if want := !slices.Contains(tc.fail, b.Bet); b.Pass != want {
					t.Errorf("%s: pass %v (measured %.4f%%, expected %.4f%% ± %.4f%%), want %v", b.Bet, b.Pass, 100*b.Measured, 100*b.Exact, 100*b.Half99, want)
				}
			}
			if r.Outside != len(tc.fail) || r.Pass() != (len(tc.fail) == 0) {
				t.Errorf("%d bets outside, want %d", r.Outside, len(tc.fail))
			}
		})
	}
}

func row(t *testing.T, ex []expectation, name string) int {
	i, err := rowOf(ex, name)
	if err != nil {
		t.Fatal(err)
	}
	return i
}

// TestTablesSimDeterministic: the tallies depend on the seed, not on the number of
// workers.
func TestTablesSimDeterministic(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	n := uint64(2*TablesChunk + 77)
	var got []TablesSimReport
	for _, c := range []struct {
		procs int
		seed  uint64
	}{{1, 5}, {3, 5}, {3, 6}} {
		runtime.GOMAXPROCS(c.procs)
		r, err := TablesSim(play.Blackjack, n, c.seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, r)
	}
	sums := func(r TablesSimReport) []string {
		var s []string
		for _, b := range r.Bets {
			s = append(s, fmt.Sprint(b.N, b.NetCents, b.NetSq))
		}
		return s
	}
	if got[0].Workers != 1 || got[1].Workers != 3 {
		t.Errorf("workers %d and %d", got[0].Workers, got[1].Workers)
	}
	if !slices.Equal(sums(got[0]), sums(got[1])) {
		t.Errorf("1 worker and 3 differ:\n%v\n%v", sums(got[0]), sums(got[1]))
	}
	if slices.Equal(sums(got[1]), sums(got[2])) {
		t.Error("seeds 5 and 6 dealt the same")
	}
}

// TestTablesSimInsurance: taking insurance whenever it is offered settles on
// its own line and leaves the main game's play and settlement as the house
// strategy's without it.
func TestTablesSimInsurance(t *testing.T) {
	b := play.Bets{Spots: map[string]int64{play.SpotMain: 200}}
	src := rng.NewSeeded(3)
	insured := 0
	for k := 0; k < 3000; k++ {
		r, err := play.Deal(src, play.Blackjack, b)
		if err != nil {
			t.Fatal(err)
		}
		plain := r.Clone()
		with, err := settle(r, true, nil)
		if err != nil {
			t.Fatal(err)
		}
		without, err := settle(plain, false, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(with) == 2 {
			insured++
			if with[1].Bet != "Insurance" || with[1].Unit != 100 || with[1].Staked != 100 || (with[1].Returned != 0 && with[1].Returned != 300) {
				t.Fatalf("round %d: insurance line %+v", k, with[1])
			}
		}
		if len(without) != 1 || len(with) > 2 || with[0] != without[0] {
			t.Fatalf("round %d: with insurance %+v, without %+v", k, with, without)
		}
		if d := slices.Index(r.Decisions, play.Insure); d > 0 || (d < 0) != (len(with) == 1) {
			t.Fatalf("round %d: decisions %v", k, r.Decisions)
		}
	}
	if insured < 150 || insured > 350 {
		t.Errorf("insurance taken %d times in 3000 rounds", insured)
	}
}

// TestTablesSimRowOf: a line finds the row of its name or the one row qualifying it.
func TestTablesSimRowOf(t *testing.T) {
	ex := []expectation{{row: "Ante and Play (play Q-6-4 or better)"}, {row: "Banker (commission)"}, {row: "Banker (no commission)"}, {row: "Player"}, {row: "Player pair"}}
	tests := []struct {
		line    string
		want    int
		wantErr string
	}{
		{"Ante and Play", 0, ""},
		{"Banker (commission)", 1, ""},
		{"Player", 3, ""},
		{"Player pair", 4, ""},
		{"Banker", 0, "matches rows"},
		{"Ante", 0, "no row"},
	}
	for _, tc := range tests {
		got, err := rowOf(ex, tc.line)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%q: %d, %v; want an error %q", tc.line, got, err, tc.wantErr)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%q: row %d, %v; want %d", tc.line, got, err, tc.want)
		}
	}
}

// TestTablesSimVerdict: bets outside their own 99% interval pass together up to the
// family-wise limit, not one past it.
func TestTablesSimVerdict(t *testing.T) {
	reps := func(zs ...float64) []TablesSimReport {
		r := TablesSimReport{}
		for _, z := range zs {
			b := TableBetResult{Z: z, Pass: math.Abs(z) <= 2.576}
			if !b.Pass {
				r.Outside++
			}
			r.Bets = append(r.Bets, b)
		}
		return []TablesSimReport{r}
	}
	many := func(n int, z float64) []float64 { zs := make([]float64, n); zs[0] = z; return zs }
	tests := []struct {
		name    string
		reps    []TablesSimReport
		pass    bool
		outside int
		limit   float64
	}{
		{"one bet inside", reps(2.5), true, 0, 2.576},
		{"one bet outside", reps(-2.6), false, 1, 2.576},
		{"44 bets, three at |z| 3.1 together", reps(append(many(41, 0.5), 3.1, -3.1, 3.05)...), true, 3, 3.69},
		{"44 bets, one at 3.8", reps(many(44, -3.8)...), false, 1, 3.69},
		{"no bets", nil, false, 0, 0},
	}
	for _, tc := range tests {
		v := TablesVerdict(tc.reps)
		if v.Pass != tc.pass || v.Outside != tc.outside || math.Abs(v.Limit-tc.limit) > 0.005 {
			t.Errorf("%s: %+v, want pass %v, %d outside, limit %.3f", tc.name, v, tc.pass, tc.outside, tc.limit)
		}
	}
}
