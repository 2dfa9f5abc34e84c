package lab

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"egm/games"
	"egm/games/slot"
	"egm/jackpot"
	"egm/rng"
)

// JackpotRTPReport is a linked-play simulation's result (`egm-lab jackpot-rtp`).
type JackpotRTPReport struct {
	Titles             []string
	Machines           int
	Games, CoinIn      int64
	Hits               [3]int64 // Grand, Major, mystery
	Paid               [3]int64 // cents, in the same order
	Held, Funded       int64
	Measured, Expected float64
	Half99             float64
	Inside, InWindow   bool
	Elapsed            time.Duration
}

// OK is the verdict: the measured return inside its interval and every mystery
// award inside its window.
func (r JackpotRTPReport) OK() bool { return r.Inside && r.InWindow }

// JackpotRTP simulates linked play in-process: each of machines plays its own title
// (titles in catalogue order) at the maximum bet through the title's Play, every
// bet is contributed to the jackpot levels (jackpot.Memory: the controller's own
// money rules) and every Grand and Major symbol hit is paid the level's amount at
// that moment. The measured jackpot return (awards / coin-in) is compared with the
// PAR sheets' (Grand and Major at reset + the 3% of contributions) inside a 99%
// confidence interval from 100 batch means. g is the only source of chance;
// progress, if not nil, is told the games played so far.
func JackpotRTP(g rng.Source, machines int, n int64, progress func(done int64)) (JackpotRTPReport, error) {
	return JackpotRTPContext(context.Background(), g, machines, n, progress)
}

// JackpotRTPContext is JackpotRTP stopped by ctx every 4,096 games: the games
// and awards until then (no verdict), with ctx's error.
func JackpotRTPContext(ctx context.Context, g rng.Source, machines int, n int64, progress func(done int64)) (JackpotRTPReport, error) {
	r := JackpotRTPReport{Machines: machines}
	ts, err := games.All()
	if err != nil {
		return r, err
	}
	mem, err := jackpot.NewMemory(nil, g)
	if err != nil {
		return r, err
	}
	type seat struct {
		t   *slot.Title
		bet slot.Bet
	}
	var seats []seat
	expected := 0.03 // Grand 0.5% + Major 0.5% + mystery 2%: every contribution is paid out in the long run
	for i := range machines {
		t := ts[i%len(ts)]
		p, err := parContext(ctx, t)
		if err != nil {
			return r, err
		}
		for _, c := range p.Components {
			if c.Name == "Grand at reset" || c.Name == "Major at reset" {
				expected += c.RTP / float64(machines)
			}
		}
		lines := t.Lines()
		seats = append(seats, seat{t: t, bet: slot.Bet{LineCents: slot.MaxBetCents / int64(lines), Lines: lines}})
		r.Titles = append(r.Titles, t.Spec.ID)
	}
	const batches = 100
	per := n / batches
	var batchRet [batches]float64
	start := time.Now()
	var o slot.Outcome
	r.InWindow = true
	for b := range batches {
		var bIn, bPaid int64
		for k := int64(0); k < per; k++ {
			if k%4096 == 0 && ctx.Err() != nil {
				r.Games += k
				r.Elapsed = time.Since(start)
				return r, ctx.Err()
			}
			s := seats[int(k)%len(seats)]
			if err := s.t.Play(g, s.bet, &o); err != nil {
				return r, err
			}
			bet := s.bet.TotalCents()
			bIn += bet
			for _, a := range mem.Contribute(bet) {
				r.Hits[2]++
				r.Paid[2] += a.Cents
				bPaid += a.Cents
				r.InWindow = r.InWindow && a.Cents >= jackpot.MysteryMinCents && a.Cents <= jackpot.MysteryMaxCents
			}
			for _, l := range o.Jackpots {
				c, err := mem.Hit(l)
				if err != nil {
					return r, err
				}
				i := map[string]int{slot.Grand: 0, slot.Major: 1}[l]
				r.Hits[i]++
				r.Paid[i] += c
				bPaid += c
			}
		}
		r.Games += per
		r.CoinIn += bIn
		batchRet[b] = float64(bPaid) / float64(bIn)
		if progress != nil {
			progress(r.Games)
		}
	}
	r.Elapsed = time.Since(start)
	if err := mem.Check(); err != nil {
		return r, err
	}
	for _, l := range mem.Accounts().Levels {
		r.Held += (l.AmountUnits - l.ResetCents*jackpot.Unit + l.ReserveUnits) / jackpot.Unit
		r.Funded += l.FundedUnits / jackpot.Unit
	}
	var mean, sd float64
	for _, x := range batchRet {
		mean += x / batches
	}
	for _, x := range batchRet {
		sd += (x - mean) * (x - mean)
	}
	sd = math.Sqrt(sd / (batches - 1))
	r.Measured = float64(r.Paid[0]+r.Paid[1]+r.Paid[2]) / float64(r.CoinIn)
	r.Expected = expected
	r.Half99 = 2.576 * sd / math.Sqrt(batches)
	r.Inside = math.Abs(r.Measured-r.Expected) <= r.Half99
	return r, nil
}

// Print writes the linked play's report: the hits and awards per level, the
// measured return against the PAR's, and the money left in the levels.
func (r JackpotRTPReport) Print(w io.Writer) {
	fmt.Fprintf(w, "linked play: %d games on %d machines (%s) at the maximum bet in %.1fs, coin-in %s\n",
		r.Games, r.Machines, strings.Join(r.Titles, ", "), r.Elapsed.Seconds(), Euros(r.CoinIn))
	fmt.Fprintf(w, "  Grand  %6d hits  %s\n  Major  %6d hits  %s\n  mystery %5d awards %s (each in [%d, %d] %s: %v)\n",
		r.Hits[0], Euros(r.Paid[0]), r.Hits[1], Euros(r.Paid[1]), r.Hits[2], Euros(r.Paid[2]),
		jackpot.MysteryMinCents/Currency.Unit(), jackpot.MysteryMaxCents/Currency.Unit(), Currency.Code, r.InWindow)
	fmt.Fprintf(w, "  jackpot return measured %.4f%% of coin-in, PAR %.4f%%, 99%% interval ±%.4f%%: %s\n",
		100*r.Measured, 100*r.Expected, 100*r.Half99, map[bool]string{true: "inside", false: "OUTSIDE"}[r.Inside])
	fmt.Fprintf(w, "  at the end: %s in the levels above their resets and in reserves (paid by later awards); %s of Grand/Major resets funded by the house (the PAR's \"at reset\" parts)\n",
		Euros(r.Held), Euros(r.Funded))
}

// parContext is t.PAR() unless ctx is done first (then ctx's error: the sheet,
// seconds of exact computation, is left to finish unseen).
func parContext(ctx context.Context, t *slot.Title) (*slot.PAR, error) {
	type result struct {
		p   *slot.PAR
		err error
	}
	done := make(chan result, 1)
	go func() { p, err := t.PAR(); done <- result{p, err} }()
	select {
	case r := <-done:
		return r.p, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
