package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"sync/atomic"

	"egm/games"
	"egm/games/slot"
	"egm/reels/sim"
	"egm/rng"
)

// simReport is egm sim's result (other tools read these keys).
type simReport struct {
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
}

func cmdSim(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("sim", "sim --title ID --games N [--seed S] [--json]", stderr)
	id := fs.String("title", "", "title id (see egm titles)")
	n := fs.Int64("games", 0, "games to play (at least 1000)")
	seed := fs.Uint64("seed", 1, "seed of the simulation's deterministic generators")
	asJSON := fs.Bool("json", false, "print JSON")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *id == "" {
		return badUsage(fs, "--title is required")
	}
	if *n < 1000 {
		return badUsage(fs, "--games must be at least 1000, not %d", *n)
	}
	t, err := games.ByID(*id)
	if err != nil {
		fmt.Fprintln(stderr, "egm sim:", err)
		return 2
	}
	par, err := t.PAR()
	if err != nil {
		return fail(stderr, err)
	}
	rep, err := simulate(t, uint64(*n), *seed, newProgress(stderr, *n, t.Spec.Name))
	if err != nil {
		return fail(stderr, err)
	}
	exact, _ := par.GamePays.Float64()
	rep.Exact = exact
	h := sim.Z99 * par.Sigma / math.Sqrt(float64(rep.Games))
	rep.Low99, rep.High99 = rep.Measured-h, rep.Measured+h
	rep.Inside = exact >= rep.Low99 && exact <= rep.High99
	if *asJSON {
		return writeJSON(stdout, stderr, rep)
	}
	verdict := "INSIDE"
	if !rep.Inside {
		verdict = "OUTSIDE"
	}
	fmt.Fprintf(stdout, "%s: %d games at %.2f EUR, seed %d\n", t.Spec.Name, rep.Games, float64(rep.BetCents)/100, rep.Seed)
	fmt.Fprintf(stdout, "  measured RTP of the game's pays %.4f%%, 99%% interval %.4f%% – %.4f%%\n", 100*rep.Measured, 100*rep.Low99, 100*rep.High99)
	fmt.Fprintf(stdout, "  exact %.4f%%: %s the interval\n", 100*exact, verdict)
	fmt.Fprintf(stdout, "  (total RTP %.4f%% adds the jackpots at reset and the contributions; %d jackpot hits)\n", 100*par.RTP, rep.JackpotHits)
	fmt.Fprintf(stdout, "  hit frequency %.4f, σ %.3f, %.0f games/s\n", rep.HitFrequency, rep.Sigma, rep.GamesPerSec)
	if !rep.Inside {
		return 1
	}
	return 0
}

// simulate plays n games of t at the maximum bet through Play on every core.
func simulate(t *slot.Title, n, seed uint64, bar *progress) (simReport, error) {
	bet := slot.Bet{LineCents: slot.MaxBetCents / int64(t.Lines()), Lines: t.Lines()}
	var jackpots atomic.Int64 // shared by the workers
	res, err := sim.Run(context.Background(), sim.Options{Games: n, Seed: seed, Bet: bet.TotalCents(),
		Chunk: 1 << 16, Progress: func(done, _ uint64) { bar.set(int64(done)) }},
		func() sim.PlayFunc {
			var o slot.Outcome
			return func(src rng.Source) int64 {
				if err := t.Play(src, bet, &o); err != nil {
					panic(err) // the bet is valid by construction
				}
				if len(o.Jackpots) > 0 {
					jackpots.Add(int64(len(o.Jackpots)))
				}
				return o.Win
			}
		})
	bar.done()
	if err != nil {
		return simReport{}, err
	}
	return simReport{Title: t.Spec.ID, Games: res.Games, Seed: seed, BetCents: bet.TotalCents(),
		Measured: res.RTP(), HitFrequency: res.HitFrequency(), Sigma: res.Sigma(),
		GamesPerSec: res.Rate(), JackpotHits: jackpots.Load()}, nil
}
