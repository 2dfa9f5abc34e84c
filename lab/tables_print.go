package lab

import (
	"context"
	"fmt"
	"io"
	"math"
	"unicode/utf8"

	"egm/rng/battery"
)

// TablesProof is `egm-lab tables`: TablesSim for each of games, rounds each.
// progress, if not nil, is told the rounds dealt so far over all the games.
func TablesProof(games []string, rounds, seed uint64, progress func(done int64)) ([]TablesSimReport, error) {
	return TablesProofContext(context.Background(), games, rounds, seed, progress)
}

// TablesProofContext is TablesProof stopped by ctx between chunks of rounds: the
// reports of the games dealt whole until then, with ctx's error.
func TablesProofContext(ctx context.Context, games []string, rounds, seed uint64, progress func(done int64)) ([]TablesSimReport, error) {
	var reps []TablesSimReport
	for i, g := range games {
		base := int64(i) * int64(rounds)
		r, err := TablesSimContext(ctx, g, rounds, seed, func(done int64) {
			if progress != nil {
				progress(base + done)
			}
		})
		if err := ctx.Err(); err != nil {
			return reps, err
		}
		if err != nil {
			return reps, err
		}
		reps = append(reps, r)
	}
	return reps, nil
}

// TablesVerdict is the verdict over all the bets of reps. Each bet's own verdict
// is its 99% interval (|z| ≤ 2.576); over m bets the verdict is family-wise at 99%
// (Bonferroni): every |z| ≤ √2·erfc⁻¹(0.01/m), 3.69 for the 44 bets of the five
// games. That holds however the bets of one round are correlated: Player and both
// Banker bets of one coup, or red and black of one spin, fall outside together,
// which a count of bets outside held to a binomial would take for a defect.
func TablesVerdict(reps []TablesSimReport) TablesSummary {
	var v TablesSummary
	for _, r := range reps {
		v.Bets += len(r.Bets)
		v.Outside += r.Outside
		for _, b := range r.Bets {
			v.MaxZ = max(v.MaxZ, math.Abs(b.Z))
		}
	}
	if v.Bets > 0 {
		v.Limit = math.Sqrt2 * math.Erfcinv(battery.Alpha/float64(v.Bets))
		v.Pass = v.MaxZ <= v.Limit
	}
	return v
}

// TablesSummary is TablesVerdict's: the bets, how many fell outside their own 99%
// interval (about 1 in 100 by chance), the largest |z| and the family-wise limit.
type TablesSummary struct {
	Bets, Outside int
	MaxZ, Limit   float64
	Pass          bool
}

// Print writes one game's report: every bet's measured edge against the exact one.
func (r TablesSimReport) Print(w io.Writer) {
	fmt.Fprintf(w, "%s (%s): %d rounds, seed %d, %d workers, %.1f s (%.0f rounds/s)\n",
		r.Name, r.Game, r.Rounds, r.Seed, r.Workers, r.Seconds, float64(r.Rounds)/max(r.Seconds, 1e-9))
	nameW := len("bet")
	for _, b := range r.Bets {
		nameW = max(nameW, utf8.RuneCountInString(b.name()))
	}
	pad := func(s string) string {
		for n := utf8.RuneCountInString(s); n < nameW; n++ {
			s += " "
		}
		return s
	}
	fmt.Fprintf(w, "  %s %10s %6s %10s %10s %9s %7s %7s %s\n", pad("bet"), "n", "unit", "exact", "measured", "99% ±", "z", "σ", "verdict")
	for _, b := range r.Bets {
		sigma := fmt.Sprintf("%7.3f", b.Sigma)
		if b.SigmaFrom != "sheet" {
			sigma += " (" + b.SigmaFrom + ")"
		}
		fmt.Fprintf(w, "  %s %10d %6.2f %9.4f%% %9.4f%% %8.4f%% %7.2f %s %s\n", pad(b.name()), b.N, float64(b.UnitCents)/100,
			100*b.Exact, 100*b.Measured, 100*b.Half99, b.Z, sigma, Verdict(b.Pass))
	}
	fmt.Fprintf(w, "  %d of %d bets inside their 99%% interval\n\n", len(r.Bets)-r.Outside, len(r.Bets))
}

// PrintTablesProof writes every game's report and the verdict over all the bets.
func PrintTablesProof(w io.Writer, reps []TablesSimReport) {
	fmt.Fprintf(w, "Table games: seeded rounds through tables/play (play.Deal, decisions by play.Auto) against each bet's exact house edge\n")
	fmt.Fprintf(w, "(edges per unit: the stake the sheet states them per; PASS when |measured − exact| ≤ 2.576·σ/√n)\n\n")
	var secs float64
	for _, r := range reps {
		r.Print(w)
		secs += r.Seconds
	}
	v := TablesVerdict(reps)
	fmt.Fprintf(w, "%d bets of %d games in %.1f s: %d outside their own 99%% interval (about 1 in 100 by chance);\n", v.Bets, len(reps), secs, v.Outside)
	fmt.Fprintf(w, "largest |z| %.2f, family-wise 99%% limit for %d bets %.2f: %s\n", v.MaxZ, v.Bets, v.Limit, Verdict(v.Pass))
}

// name is the bet as the sheet names it (the main game of blackjack, which has no
// row, as its line).
func (b TableBetResult) name() string {
	if b.Row != "" {
		return b.Row
	}
	return b.Bet
}
