package checklist

import (
	"fmt"
	"math"
	"math/big"
	"strconv"

	"egm/games"
	"egm/games/slot"
	"egm/lab"
	"egm/rng"
	"egm/rng/battery"
)

// The rows that play the titles: reel stops (row 2), independence of games
// (row 3) and the RTP (row 13).

// titles are the titles in the run's scope (Scale.Titles: the first N).
func (a *allRun) titles() ([]*slot.Title, error) {
	ts, err := games.All()
	if err != nil {
		return nil, err
	}
	if a.sc.Titles > 0 && a.sc.Titles < len(ts) {
		ts = ts[:a.sc.Titles]
	}
	return ts, nil
}

// pars are the exact PAR sheets of the titles in scope, computed once.
func (a *allRun) pars() ([]*slot.Title, []*slot.PAR, error) {
	ts, err := a.titles()
	if err != nil {
		return nil, nil, err
	}
	a.mu.Lock()
	cached := a.parCache
	a.mu.Unlock()
	if cached != nil {
		return ts, cached, nil
	}
	bar := a.bar(int64(len(ts)), "PAR sheets")
	ps, err := games.PARs(ts, bar.Int)
	bar.Done()
	if err != nil {
		return nil, nil, err
	}
	a.mu.Lock()
	a.parCache = ps
	a.mu.Unlock()
	return ts, ps, nil
}

func maxBet(t *slot.Title) slot.Bet {
	return slot.Bet{LineCents: slot.MaxBetCents / int64(t.Lines()), Lines: t.Lines()}
}

// reelStops plays StopGames games of the first title through Play with the
// cabinet generator and tests each reel's stops for uniformity over its strip.
func reelStops(a *allRun, r *ItemResult) error {
	ts, err := a.titles()
	if err != nil {
		return err
	}
	t := ts[0]
	g, err := lab.Generator(-1)
	if err != nil {
		return err
	}
	strips := t.Game.Base.Strips
	counts := make([][]uint64, len(strips))
	for i, s := range strips {
		counts[i] = make([]uint64, len(s))
	}
	var o slot.Outcome
	bet := maxBet(t)
	for k := 0; k < a.sc.StopGames; k++ {
		if err := t.Play(g, bet, &o); err != nil {
			return err
		}
		for i := range strips {
			counts[i][o.Window.Stops[i]]++
		}
	}
	var rows [][]string
	fails := 0
	for i, c := range counts {
		s := battery.ChiSquareUniform(c)
		p := battery.ChiSquareP(s, len(c)-1)
		if p < battery.Alpha {
			fails++
		}
		rows = append(rows, []string{strconv.Itoa(i + 1), strconv.Itoa(len(c)), strconv.FormatFloat(s, 'f', 2, 64), strconv.Itoa(len(c) - 1), fmtP(p), lab.Verdict(p >= battery.Alpha)})
		if i == 0 || i == len(counts)-1 {
			name := fmt.Sprintf("reel-stops-%s-reel%d.png", t.Spec.ID, i+1)
			if err := plotCounts(a.plotPath(name), fmt.Sprintf("%s reel %d: stops of %d games", t.Spec.Name, i+1, a.sc.StopGames), "stop", c, 0); err != nil {
				return err
			}
			r.Plots = append(r.Plots, Plot{name, fmt.Sprintf("reel-stop histogram of %s, reel %d, games played through Play with the cabinet generator", t.Spec.Name, i+1)})
		}
	}
	allowed := battery.AllowedFailures(len(counts), battery.Alpha)
	r.check("reel stops uniform", fails <= allowed, "%s, %d games: %d of %d reels below 0.01 (up to %d allowed)", t.Spec.ID, a.sc.StopGames, fails, len(counts), allowed)
	r.table(fmt.Sprintf("reel stops of %s (%d games through Play)", t.Spec.ID, a.sc.StopGames), []string{"reel", "strip length", "χ²", "df", "p-value", "verdict"}, rows)
	return nil
}

// independence tests on one title's consecutive games.
type indep struct {
	title string
	tests []battery.TestResult
}

func independenceOf(t *slot.Title, src rng.Source, n int) (indep, error) {
	L := len(t.Game.Base.Strips[0])
	stops := make([]int32, n)
	hits := make([]bool, n)
	var o slot.Outcome
	bet := maxBet(t)
	for k := 0; k < n; k++ {
		if err := t.Play(src, bet, &o); err != nil {
			return indep{}, err
		}
		stops[k] = o.Window.Stops[0]
		hits[k] = o.Win > 0 || o.LockSpin != nil || o.FreeGames != nil
	}
	res := indep{title: t.Spec.ID}
	// Lag-1 serial correlation of reel 1's stops.
	var sx, sxx, sxy float64
	for k, s := range stops {
		x := float64(s)
		sx += x
		sxx += x * x
		if k > 0 {
			sxy += float64(stops[k-1]) * x
		}
	}
	fn := float64(n)
	mean := sx / fn
	rr := (sxy/(fn-1) - mean*mean) / (sxx/fn - mean*mean)
	res.tests = append(res.tests, battery.TestResult{Name: "serial correlation of reel-1 stops", Statistic: rr, PValue: battery.NormalTwoSidedP(rr * math.Sqrt(fn))})
	// Runs of paying and non-paying games (Wald–Wolfowitz).
	var n1, runs float64
	for k, h := range hits {
		if h {
			n1++
		}
		if k == 0 || h != hits[k-1] {
			runs++
		}
	}
	n2 := fn - n1
	mu := 2*n1*n2/fn + 1
	v := (mu - 1) * (mu - 2) / (fn - 1)
	res.tests = append(res.tests, battery.TestResult{Name: "runs of paying games", Statistic: runs, PValue: battery.NormalTwoSidedP((runs - mu) / math.Sqrt(v))})
	// Gap test: games between two stops of reel 1 at position 0, geometric with
	// p = 1/L, over 10 bins of about equal probability.
	p := 1 / float64(L)
	var bounds []int
	for j := 1; j < 10; j++ {
		b := int(math.Ceil(math.Log(1-float64(j)/10) / math.Log(1-p)))
		if len(bounds) == 0 || b > bounds[len(bounds)-1] {
			bounds = append(bounds, b)
		}
	}
	gapCounts := make([]float64, len(bounds)+1)
	gaps, gap, seen := 0.0, 0, false
	for _, s := range stops {
		if s == 0 {
			if seen {
				j := 0
				for j < len(bounds) && gap >= bounds[j] {
					j++
				}
				gapCounts[j]++
				gaps++
			}
			seen, gap = true, 0
		} else {
			gap++
		}
	}
	chi, prev := 0.0, 0
	for j := range gapCounts {
		hi := math.Inf(1)
		if j < len(bounds) {
			hi = float64(bounds[j])
		}
		pj := math.Pow(1-p, float64(prev)) - math.Pow(1-p, hi) // P(prev ≤ gap < hi)
		e := pj * gaps
		d := gapCounts[j] - e
		chi += d * d / e
		if j < len(bounds) {
			prev = bounds[j]
		}
	}
	res.tests = append(res.tests, battery.TestResult{Name: "gap test (reel 1 at stop 0)", Statistic: chi, DF: len(gapCounts) - 1, PValue: battery.ChiSquareP(chi, len(gapCounts)-1)})
	// Pairs: reel-1 stop quarter of a game against the next game's, 16 cells with
	// the exact probabilities of the strip's quarters.
	q := func(s int32) int { return int(s) * 4 / L }
	var qp [4]float64
	for s := 0; s < L; s++ {
		qp[q(int32(s))] += 1 / float64(L)
	}
	var pc [16]float64
	for k := 1; k < n; k++ {
		pc[q(stops[k-1])*4+q(stops[k])]++
	}
	chi = 0
	for c := range pc {
		e := qp[c/4] * qp[c%4] * (fn - 1)
		d := pc[c] - e
		chi += d * d / e
	}
	res.tests = append(res.tests, battery.TestResult{Name: "pairs of consecutive reel-1 stops (quarters)", Statistic: chi, DF: 15, PValue: battery.ChiSquareP(chi, 15)})
	for i := range res.tests {
		res.tests[i].Kind = "games"
		res.tests[i].Pass = res.tests[i].PValue >= battery.Alpha
	}
	return res, nil
}

func itemIndependence(a *allRun, r *ItemResult) error {
	ts, err := a.titles()
	if err != nil {
		return err
	}
	g, err := lab.Generator(-1)
	if err != nil {
		return err
	}
	bar := a.bar(int64(len(ts)), "independence")
	var rows [][]string
	var ps []float64
	fails := 0
	for i, t := range ts {
		res, err := independenceOf(t, g, a.sc.StopGames)
		if err != nil {
			return err
		}
		for _, x := range res.tests {
			df := ""
			if x.DF > 0 {
				df = strconv.Itoa(x.DF)
			}
			rows = append(rows, []string{t.Spec.ID, x.Name, strconv.FormatFloat(x.Statistic, 'g', 6, 64), df, fmtP(x.PValue), lab.Verdict(x.Pass)})
			ps = append(ps, x.PValue)
			if !x.Pass {
				fails++
			}
		}
		bar.Int(i + 1)
	}
	bar.Done()
	allowed := battery.AllowedFailures(len(ps), battery.Alpha)
	r.check("independence of consecutive games", fails <= allowed, "%d titles × %d games × 4 tests: %d p-values below 0.01, up to %d expected at 99%%", len(ts), a.sc.StopGames, fails, allowed)
	up := uniformityP(ps)
	r.check("p-values uniform", up >= 0.001, "chi-square of the %d p-values over 10 bins: p = %s", len(ps), fmtP(up))
	r.table("tests on consecutive games through Play (cabinet generator)", []string{"title", "test", "statistic", "df", "p-value", "verdict"}, rows)
	if err := plotPValues(a.plotPath("independence-pvalues.png"), fmt.Sprintf("independence: %d p-values", len(ps)), ps); err != nil {
		return err
	}
	r.Plots = append(r.Plots, Plot{"independence-pvalues.png", "p-values of the independence tests of every title"})
	r.Summary = fmt.Sprintf("%d titles, %d tests, %d below 0.01 (%d allowed)", len(ts), len(ps), fails, allowed)
	return nil
}

// convergence plays n games of t sequentially from a seeded generator and
// returns the RTP of the game's pays at log-spaced checkpoints.
func convergence(t *slot.Title, n uint64, seed uint64) (ns, rtp []float64, err error) {
	g := rng.NewSeeded(seed)
	bet := maxBet(t)
	total := float64(bet.TotalCents())
	var o slot.Outcome
	var won float64
	next := uint64(100)
	for k := uint64(1); k <= n; k++ {
		if err := t.Play(g, bet, &o); err != nil {
			return nil, nil, err
		}
		won += float64(o.Win)
		if k == next || k == n {
			ns = append(ns, float64(k))
			rtp = append(rtp, won/(float64(k)*total))
			next = uint64(float64(next) * 1.15)
		}
	}
	return ns, rtp, nil
}

func itemRTP(a *allRun, r *ItemResult) error {
	ts, pars, err := a.pars()
	if err != nil {
		return err
	}
	// Exact: components sum to the total, the target, the awards' odds.
	var rows [][]string
	exactOK, targetOK, awardsOK, volOK := 0, 0, 0, 0
	for i, p := range pars {
		sum := new(big.Rat)
		for _, c := range p.Components {
			if c.Exact != nil {
				sum.Add(sum, c.Exact)
			}
		}
		exact := p.RTPExact != nil && sum.Cmp(p.RTPExact) == 0
		if exact {
			exactOK++
		}
		// the RTP with the cap on one game's award counted: its whole interval
		// (slot.InTolerance: the same band, 94.00% ± 0.02 pp)
		inTarget := slot.InTolerance(p)
		if inTarget {
			targetOK++
		}
		awards := true
		for _, aw := range p.Awards {
			if !aw.In1e8 && !(aw.OneIn > 0) {
				awards = false
			}
		}
		if awards {
			awardsOK++
		}
		// the catalogue's label (egm titles, the help screen) is the PAR's
		vol := ts[i].Spec.Volatility == p.Volatility && p.Volatility == slot.VolatilityOf(p.Sigma)
		if vol {
			volOK++
		}
		rows = append(rows, []string{p.Title, fmt.Sprintf("%.4f%%", 100*p.RTP), fmt.Sprintf("%.4f%%", 100*f64(p.GamePays)), strconv.Itoa(len(p.Components)), lab.Verdict(exact),
			fmt.Sprintf("%.3f", p.Sigma), p.Volatility, fmt.Sprintf("%g", p.MaxWin), lab.Verdict(inTarget && awards && vol)})
	}
	n := len(pars)
	r.check("exact RTP", exactOK == n, "%d of %d titles: the PAR's components sum exactly (rational arithmetic) to its total RTP", exactOK, n)
	r.check("RTP target", targetOK == n, "%d of %d titles at 94.00%% ± 0.02 pp exactly, the cap's cost counted (bounds of the RTP with the cap wholly inside)", targetOK, n)
	r.check("advertised awards", awardsOK == n, "%d of %d titles: every advertised award reachable in 10^8 games or its odds stated", awardsOK, n)
	r.check("volatility", volOK == n, "%d of %d titles: the catalogue's volatility label is the PAR sheet's (%s)", volOK, n, slot.VolatilityRule)
	r.table("exact PAR figures", []string{"title", "total RTP", "game pays (simulated part)", "components", "Σ components = total", "σ", "volatility", "max win × bet", "verdict"}, rows)

	// Simulated: every title through Play on every core.
	bar := a.bar(int64(a.sc.SimGames)*int64(len(ts)), "RTP proof")
	reps, err := lab.RTPProof(ts, pars, a.sc.SimGames, a.o.Seed, bar.Set)
	bar.Done()
	if err != nil {
		return err
	}
	rows = nil
	for _, s := range reps {
		rows = append(rows, []string{s.Title, fmt.Sprintf("%.4f%%", 100*s.Exact), fmt.Sprintf("%.4f%%", 100*s.Measured),
			fmt.Sprintf("%.4f – %.4f%%", 100*s.Low99, 100*s.High99), lab.Inside(s.Inside), strconv.FormatInt(s.JackpotHits, 10), fmt.Sprintf("%.0f", s.GamesPerSec)})
	}
	out := lab.Outside(reps)
	allowed := battery.AllowedFailures(len(reps), battery.Alpha)
	r.check("simulated RTP", out <= allowed, "%d games per title through Play at the maximum bet, seed %d: %d of %d titles outside their 99%% interval (up to %d expected by chance)",
		a.sc.SimGames, a.o.Seed, out, len(reps), allowed)
	r.table(fmt.Sprintf("simulation: %d games per title through Play (the game's own pays)", a.sc.SimGames),
		[]string{"title", "exact", "measured", "99% interval", "verdict", "jackpot hits", "games/s"}, rows)

	// Convergence traces, one plot per title.
	cbar := a.bar(int64(len(ts)), "RTP convergence")
	for i, t := range ts {
		ns, rtp, err := convergence(t, a.sc.ConvergenceGames, a.o.Seed+uint64(i)+1)
		if err != nil {
			return err
		}
		name := fmt.Sprintf("rtp-convergence-%s.png", t.Spec.ID)
		if err := plotConvergence(a.plotPath(name), t.Spec.Name, ns, rtp, f64(pars[i].GamePays), pars[i].Sigma); err != nil {
			return err
		}
		r.Plots = append(r.Plots, Plot{name, fmt.Sprintf("%s: RTP of the game's pays over %d games with the exact figure and its 99%% band", t.Spec.ID, a.sc.ConvergenceGames)})
		cbar.Int(i + 1)
	}
	cbar.Done()
	r.Summary = fmt.Sprintf("%d titles: exact sums %d/%d, at 94%% %d/%d, simulation %d outside 99%% (%d allowed)", n, exactOK, n, targetOK, n, out, allowed)
	return nil
}

func f64(x *big.Rat) float64 {
	if x == nil {
		return 0
	}
	v, _ := x.Float64()
	return v
}
