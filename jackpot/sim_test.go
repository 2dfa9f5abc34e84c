package jackpot

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"testing"

	"egm/games/slot"
	"egm/rng"
)

// simResult is the outcome of linked play on the shipped levels.
type simResult struct {
	games, coinIn int64
	contrib       map[string]int64 // Units
	awarded       map[string]int64 // cents
	awards        map[string]int64
	mystery       []int64 // every mystery award, cents
	byMachine     []int64 // mystery awards per machine
}

// simulate plays machines × games on the controller's state (the same code as the
// durable controller, without the database): each game a random machine bets one
// of the R-GAME-11 bets; a Grand hit comes once in 400,000 games and a Major once
// in 20,000, qualified with probability bet/max bet as the titles do.
func simulate(machines int, games int64, seed uint64) simResult {
	draw := rng.NewSeeded(seed)
	trig := rng.NewSeeded(seed + 1)
	bets := betChoices()
	s := newState(DefaultLevels(), trig)
	r := simResult{contrib: map[string]int64{}, awarded: map[string]int64{}, awards: map[string]int64{}, byMachine: make([]int64, machines)}
	for range games {
		m := rng.Intn(draw, machines)
		bet := bets[rng.Intn(draw, len(bets))]
		r.games++
		r.coinIn += bet
		for _, a := range s.contribute(bet, trig) {
			r.mystery = append(r.mystery, a.Cents)
			r.byMachine[m]++
			r.awarded[a.Level] += a.Cents
			r.awards[a.Level]++
		}
		for lv, odds := range []uint64{400_000, 20_000} {
			if rng.Uint64n(draw, odds) == 0 && rng.Uint64n(draw, slot.MaxBetCents) < uint64(bet) {
				a := s.hit(lv, trig)
				r.awarded[a.Level] += a.Cents
				r.awards[a.Level]++
			}
		}
	}
	for _, l := range s.Levels {
		r.contrib[l.Name] = l.Contrib
	}
	if err := s.check(); err != nil {
		panic(err)
	}
	return r
}

func meanSD(xs []int64) (mean, sd float64) {
	for _, x := range xs {
		mean += float64(x)
	}
	mean /= float64(len(xs))
	for _, x := range xs {
		sd += (float64(x) - mean) * (float64(x) - mean)
	}
	return mean, math.Sqrt(sd / float64(len(xs)-1))
}

// TestLinkedPlay is the RTP check of the jackpot parts: the contributions are
// exactly 0.5% + 0.5% + 2% of coin-in, every mystery award lies in [8,000, 12,000]
// EUR, and the awards are uniform over the window (mean within 4 standard errors
// of 10,000 EUR; quarters by chi-square at p = 0.001). EGM_JACKPOT_SIM_GAMES sets
// the number of games (default 20,000,000 on 10 machines).
func TestLinkedPlay(t *testing.T) {
	games := int64(20_000_000)
	if testing.Short() {
		games = 4_000_000
	}
	if s := os.Getenv("EGM_JACKPOT_SIM_GAMES"); s != "" {
		games, _ = strconv.ParseInt(s, 10, 64)
	}
	r := simulate(10, games, 42)
	want := map[string]int64{Grand: slot.GrandRateBP, Major: slot.MajorRateBP, MysteryName: slot.MysteryRateBP}
	for name, bp := range want {
		if r.contrib[name] != r.coinIn*bp {
			t.Errorf("%s received %d units of coin-in %d cents, want exactly %d bp", name, r.contrib[name], r.coinIn, bp)
		}
	}
	if len(r.mystery) < 50 {
		t.Fatalf("%d mystery awards in %d games", len(r.mystery), games)
	}
	var quarters [4]float64
	lo, hi := r.mystery[0], r.mystery[0]
	for _, a := range r.mystery {
		if a < MysteryMinCents || a > MysteryMaxCents {
			t.Fatalf("mystery award %d outside the window", a)
		}
		lo, hi = min(lo, a), max(hi, a)
		quarters[min(3, (a-MysteryMinCents)*4/(MysteryMaxCents-MysteryMinCents))]++
	}
	mean, sd := meanSD(r.mystery)
	se := (MysteryMaxCents - MysteryMinCents) / math.Sqrt(12) / math.Sqrt(float64(len(r.mystery)))
	if math.Abs(mean-1_000_000) > 4*se {
		t.Errorf("mystery mean %.0f cents, want 1,000,000 ± %.0f", mean, 4*se)
	}
	chi := 0.0
	e := float64(len(r.mystery)) / 4
	for _, q := range quarters {
		chi += (q - e) * (q - e) / e
	}
	if chi > 16.27 {
		t.Errorf("mystery quarters %v: chi-square %.2f > 16.27 (3 df, p = 0.001)", quarters, chi)
	}
	t.Logf("%d games on 10 machines, coin-in %s EUR; contributions %s / %s / %s EUR = %.4f%% / %.4f%% / %.4f%% of coin-in (exact in 1/10,000 cent)",
		r.games, eur(r.coinIn), eur(r.contrib[Grand]/Unit), eur(r.contrib[Major]/Unit), eur(r.contrib[MysteryName]/Unit),
		pct(r.contrib[Grand], r.coinIn), pct(r.contrib[Major], r.coinIn), pct(r.contrib[MysteryName], r.coinIn))
	t.Logf("mystery: %d awards, mean %s EUR (± %.2f SE), sd %.2f EUR (uniform: 1,154.70), min %s, max %s; quarters %v, chi-square %.2f; per machine %v",
		len(r.mystery), eur(int64(math.Round(mean))), se/100, sd/100, eur(lo), eur(hi), quarters, chi, r.byMachine)
	t.Logf("grand: %d awards, %s EUR; major: %d awards, %s EUR; jackpot return %.4f%% of coin-in (mystery %.4f%%)",
		r.awards[Grand], eur(r.awarded[Grand]), r.awards[Major], eur(r.awarded[Major]),
		100*float64(r.awarded[Grand]+r.awarded[Major]+r.awarded[MysteryName])/float64(r.coinIn),
		100*float64(r.awarded[MysteryName])/float64(r.coinIn))
}

func pct(units, coinIn int64) float64 { return 100 * float64(units) / float64(coinIn*Unit) }

func eur(cents int64) string {
	s := fmt.Sprintf("%d.%02d", cents/100, cents%100)
	// thousands separators
	i := len(s) - 3
	for i > 3 {
		i -= 3
		s = s[:i] + "," + s[i:]
	}
	return s
}

// BenchmarkLinkedPlay is the simulation's speed: games per second of linked play
// through the state's contribution code.
func BenchmarkLinkedPlay(b *testing.B) {
	r := simulate(10, int64(b.N), 7)
	b.ReportMetric(float64(len(r.mystery)), "mystery-awards")
}
