package play

import (
	"math"
	"testing"

	"egm/rng"
	"egm/tables/blackjack"
	"egm/tables/internal/simtest"
)

// TestBlackjackStake deals seeded rounds of the main bet alone through the
// machine's round engine (Deal, Auto, Apply, Settle) and holds the main line's
// average stake in first bets (doubles and split hands included, as the meters
// count it) to the analysis's expected total stake at the 99% level, σ measured.
// The interval (about ±0.0017) excludes the first bet alone (1) and the first bet
// with the doubles of unsplit hands only (1.0817: splits add 0.0336).
func TestBlackjackStake(t *testing.T) {
	const rounds = 300_000
	f, err := blackjack.HouseFigures()
	if err != nil {
		t.Fatal(err)
	}
	b := Bets{Spots: map[string]int64{SpotMain: Chip}}
	if err := DefaultLimits.Check(Blackjack, b); err != nil {
		t.Fatal(err)
	}
	src := rng.NewSeeded(1115)
	var sum, sq float64
	for i := 0; i < rounds; i++ {
		r, err := Deal(src, Blackjack, b)
		if err != nil {
			t.Fatal(err)
		}
		for !r.Done() {
			d, err := Auto(r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := r.Apply(d); err != nil {
				t.Fatal(err)
			}
		}
		s, err := r.Settle()
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Lines) != 1 || s.Lines[0].Bet != "Main" || s.Lines[0].Unit != Chip || s.Staked != r.Staked() {
			t.Fatalf("round %d: settlement %+v, staked %d", i, s, r.Staked())
		}
		x := float64(s.Staked) / float64(Chip)
		sum += x
		sq += x * x
	}
	m := sum / rounds
	sd := math.Sqrt(sq/rounds - m*m)
	half := simtest.Within99(t, "blackjack main bet: first bets staked", m, f.Stake, sd, rounds)
	t.Logf("first bets staked: analysis %.5f, measured %.5f ± %.5f (σ %.4f)", f.Stake, m, half, sd)
}
