package lab

import (
	"context"
	"fmt"
	"io"
	"math"
	"sync/atomic"

	"egm/games/slot"
	"egm/jurisdiction"
	"egm/money"
	"egm/reels/sim"
	"egm/rng"
)

// SimReport is one title's simulation through its own Play against its exact RTP
// (`egm-lab sim`, `egm-lab rtp`; other tools read these keys).
type SimReport struct {
	Title        string  `json:"title"`
	Games        uint64  `json:"games"`
	Seed         uint64  `json:"seed"`
	BetCents     int64   `json:"bet_cents"`
	Measured     float64 `json:"measured_rtp"`
	Exact        float64 `json:"exact_rtp"`
	Low99        float64 `json:"low99"`
	High99       float64 `json:"high99"`
	Inside       bool    `json:"inside"`
	HitFrequency float64 `json:"hit_frequency"`
	Sigma        float64 `json:"sigma"`
	GamesPerSec  float64 `json:"games_per_second"`
	JackpotHits  int64   `json:"jackpot_hits"`

	name     string         // the title's name, for Print
	totalRTP float64        // the PAR's total RTP, for Print
	cur      money.Currency // the bet's currency, for Print (zero: EUR)
}

// Simulate plays n games of t at the maximum bet through Play on every core, from
// deterministic generators seeded by seed, and checks the measured RTP of the
// game's own pays against par's exact figure (par.GamePays less the cap's cost)
// with its 99% interval.
// progress, if not nil, is told the games played so far.
func Simulate(t *slot.Title, par *slot.PAR, n, seed uint64, progress func(done int64)) (SimReport, error) {
	return SimulateContext(context.Background(), t, par, n, seed, progress)
}

// SimulateContext is Simulate stopped by ctx between chunks of games: the report
// of the games played until then, with ctx's error.
func SimulateContext(ctx context.Context, t *slot.Title, par *slot.PAR, n, seed uint64, progress func(done int64)) (SimReport, error) {
	return SimulateIn(ctx, jurisdiction.EE, t, par, n, seed, progress)
}

// SimulateIn is SimulateContext at the maximum bet of the profile p's bet range,
// in its currency (PlayIn): a KZ run plays the same games in tenge, so it
// measures the same RTP.
func SimulateIn(ctx context.Context, p jurisdiction.Profile, t *slot.Title, par *slot.PAR, n, seed uint64, progress func(done int64)) (SimReport, error) {
	lim := slot.Limits{MinBet: p.Limits.MinBet, MaxBet: p.Limits.MaxBet}
	bet := slot.Bet{LineCents: lim.MaxBet / int64(t.Lines()), Lines: t.Lines()}
	var jackpots atomic.Int64 // shared by the workers
	res, err := sim.Run(ctx, sim.Options{Games: n, Seed: seed, Bet: bet.TotalCents(),
		Chunk: 1 << 16, Progress: func(done, _ uint64) {
			if progress != nil {
				progress(int64(done))
			}
		}},
		func() sim.PlayFunc {
			var o slot.Outcome
			return func(src rng.Source) int64 {
				if err := t.PlayIn(src, bet, lim, &o); err != nil {
					panic(err) // the bet is valid by construction
				}
				if len(o.Jackpots) > 0 {
					jackpots.Add(int64(len(o.Jackpots)))
				}
				return o.Win
			}
		})
	stopped := ctx.Err()
	if err != nil && (stopped == nil || err != stopped) {
		return SimReport{}, fmt.Errorf("lab: simulate %s: %w", t.Spec.ID, err)
	}
	if res.Games == 0 {
		return SimReport{Title: t.Spec.ID, Seed: seed, name: t.Spec.Name, cur: p.Currency}, stopped
	}
	r := SimReport{Title: t.Spec.ID, Games: res.Games, Seed: seed, BetCents: bet.TotalCents(),
		Measured: res.RTP(), HitFrequency: res.HitFrequency(), Sigma: res.Sigma(),
		GamesPerSec: res.Rate(), JackpotHits: jackpots.Load(), name: t.Spec.Name, totalRTP: par.RTP, cur: p.Currency}
	r.Exact, _ = par.GamePays.Float64()
	if c := par.Cap; c != nil {
		// Play pays the award cut at the cap: the exact figure less the cap's
		// cost (the middle of its bounds, at most 2·10^-6 apart)
		r.Exact -= (c.CostLow + c.CostHigh) / 2
	}
	h := sim.Z99 * par.Sigma / math.Sqrt(float64(r.Games))
	r.Low99, r.High99 = r.Measured-h, r.Measured+h
	r.Inside = r.Exact >= r.Low99 && r.Exact <= r.High99
	return r, stopped
}

// Print writes the report of one title's simulation (`egm-lab sim`).
func (r SimReport) Print(w io.Writer) {
	cur := r.cur.OrRecorded()
	fmt.Fprintf(w, "%s: %d games at %s, seed %d\n", r.name, r.Games, cur.Plain(r.BetCents), r.Seed)
	fmt.Fprintf(w, "  measured RTP of the game's pays %.4f%%, 99%% interval %.4f%% – %.4f%%\n", 100*r.Measured, 100*r.Low99, 100*r.High99)
	fmt.Fprintf(w, "  exact %.4f%%: %s the interval\n", 100*r.Exact, Inside(r.Inside))
	fmt.Fprintf(w, "  (total RTP %.4f%% adds the jackpots at reset and the contributions; %d jackpot hits)\n", 100*r.totalRTP, r.JackpotHits)
	fmt.Fprintf(w, "  hit frequency %.4f, σ %.3f, %.0f games/s\n", r.HitFrequency, r.Sigma, r.GamesPerSec)
}

// Inside is the word for a measured figure inside its interval, or outside it.
func Inside(in bool) string {
	if in {
		return "INSIDE"
	}
	return "OUTSIDE"
}

// RTPProof is the lab's RTP proof (`egm-lab rtp`): every title of titles (with its
// PAR at the same index) simulated for n games through Play. progress, if not nil,
// is told the games played so far over all the titles.
func RTPProof(titles []*slot.Title, pars []*slot.PAR, n, seed uint64, progress func(done int64)) ([]SimReport, error) {
	return RTPProofContext(context.Background(), titles, pars, n, seed, progress)
}

// RTPProofContext is RTPProof stopped by ctx between chunks of games: the reports
// of the titles simulated whole until then, with ctx's error.
func RTPProofContext(ctx context.Context, titles []*slot.Title, pars []*slot.PAR, n, seed uint64, progress func(done int64)) ([]SimReport, error) {
	var reps []SimReport
	for i, t := range titles {
		base := int64(i) * int64(n)
		r, err := SimulateContext(ctx, t, pars[i], n, seed, func(done int64) {
			if progress != nil {
				progress(base + done)
			}
		})
		if err := ctx.Err(); err != nil {
			return reps, err
		}
		if err != nil {
			return nil, err
		}
		reps = append(reps, r)
	}
	return reps, nil
}

// Outside counts the reports whose exact RTP fell outside their 99% interval.
func Outside(reps []SimReport) int {
	n := 0
	for _, r := range reps {
		if !r.Inside {
			n++
		}
	}
	return n
}

// PrintRTPProof writes the RTP proof's table: one row per title and the count of
// titles inside their interval.
func PrintRTPProof(w io.Writer, games int64, reps []SimReport) {
	fmt.Fprintf(w, "RTP proof: %d games per title through Play at the maximum bet; the game's own pays\n", games)
	fmt.Fprintf(w, "(jackpot levels and contributions are exact parts of the PAR, not simulated here)\n\n")
	fmt.Fprintf(w, "%-26s %10s %10s %21s %8s %12s\n", "title", "exact", "measured", "99% interval", "verdict", "games/s")
	for _, r := range reps {
		fmt.Fprintf(w, "%-26s %9.4f%% %9.4f%% %9.4f–%9.4f%% %8s %12.0f\n", r.Title, 100*r.Exact, 100*r.Measured, 100*r.Low99, 100*r.High99, Inside(r.Inside), r.GamesPerSec)
	}
	fmt.Fprintf(w, "\n%d of %d titles inside their 99%% interval (about 1 in 100 may fall outside by chance)\n", len(reps)-Outside(reps), len(reps))
}
