package checklist

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"os/exec"
	"sort"
	"strconv"
	"strings"

	"egm/lab"
	"egm/rng"
	"egm/rng/battery"
)

// The RNG rows of the checklist (1-3): the internal battery, ent and dieharder on
// raw output, chi-square per range used, independence of consecutive games.

// fmtP writes a p-value.
func fmtP(p float64) string { return strconv.FormatFloat(p, 'f', 4, 64) }

// uniformityP is the chi-square p-value of ps against the uniform distribution on
// [0,1) in 10 bins (the p-values of tests of a good generator are uniform).
func uniformityP(ps []float64) float64 {
	counts := make([]uint64, 10)
	for _, p := range ps {
		counts[min(int(p*10), 9)]++
	}
	return battery.ChiSquareP(battery.ChiSquareUniform(counts), 9)
}

func itemRNGRaw(a *allRun, r *ItemResult) error {
	g, err := lab.Generator(-1)
	if err != nil {
		return err
	}
	// The internal battery, BatteryRuns independent runs.
	bar := a.bar(int64(a.sc.BatteryRuns*battery.TestCount()), "rng battery")
	var ps []float64
	failures, tests, runsPassed := 0, 0, 0
	var last battery.Report
	for i := 0; i < a.sc.BatteryRuns; i++ {
		rep, err := battery.Run(g, a.sc.BatterySamples, func(done int) { bar.Int(i*battery.TestCount() + done) })
		if err != nil {
			bar.Done()
			return err
		}
		for _, t := range rep.Tests {
			ps = append(ps, t.PValue)
		}
		failures += rep.Failures
		tests += len(rep.Tests)
		if rep.Pass {
			runsPassed++
		}
		last = rep
	}
	bar.Done()
	if err := g.Err(); err != nil {
		return err
	}
	allowed := battery.AllowedFailures(tests, battery.Alpha)
	r.check("internal battery", failures <= allowed, "%d runs × %d tests × %d draws: %d p-values below %.2f, up to %d expected at 99%%",
		a.sc.BatteryRuns, battery.TestCount(), a.sc.BatterySamples, failures, battery.Alpha, allowed)
	up := uniformityP(ps)
	r.check("p-values uniform", up >= 0.001, "chi-square of the %d p-values over 10 bins: p = %s (≥ 0.001 passes)", len(ps), fmtP(up))
	var rows [][]string
	for _, t := range last.Tests {
		df := ""
		if t.DF > 0 {
			df = strconv.Itoa(t.DF)
		}
		rows = append(rows, []string{t.Name, t.Kind, strconv.FormatFloat(t.Statistic, 'g', 6, 64), df, fmtP(t.PValue), lab.Verdict(t.Pass)})
	}
	r.table(fmt.Sprintf("internal battery, last of %d runs (%d draws per test)", a.sc.BatteryRuns, a.sc.BatterySamples),
		[]string{"test", "kind", "statistic", "df", "p-value", "verdict"}, rows)
	if err := plotPValues(a.plotPath("rng-battery-pvalues.png"), fmt.Sprintf("internal battery: %d p-values", len(ps)), ps); err != nil {
		return err
	}
	r.Plots = append(r.Plots, Plot{"rng-battery-pvalues.png", "p-values of every test of every run of the internal battery against the uniform distribution"})

	// ent on raw bytes.
	if path, err := exec.LookPath("ent"); err == nil {
		if err := entCheck(a, r, g, path); err != nil {
			return err
		}
	} else {
		r.check("ent", true, "ent is not installed (apt-get install ent): skipped")
	}
	// dieharder on the raw stream.
	if path, err := exec.LookPath("dieharder"); err == nil {
		if err := dieharderCheck(a, r, path); err != nil {
			return err
		}
	} else {
		r.check("dieharder", true, "dieharder is not installed (apt-get install dieharder): skipped")
	}
	r.Summary = fmt.Sprintf("%d battery runs, %d p-values (%d below 0.01, %d allowed)", a.sc.BatteryRuns, len(ps), failures, allowed)
	return nil
}

// entCheck feeds EntBytes of the cabinet generator to ent -t and checks its
// entropy, chi-square and serial correlation.
func entCheck(a *allRun, r *ItemResult, g *rng.Generator, path string) error {
	cmd := exec.CommandContext(a.o.Context, path, "-t")
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		return err
	}
	werr := lab.WriteStreamContext(a.o.Context, in, g, a.sc.EntBytes)
	in.Close()
	if err := cmd.Wait(); err != nil {
		return fmt.Errorf("ent: %w", err)
	}
	if werr != nil {
		return werr
	}
	// terse output: "0,File-bytes,Entropy,Chi-square,Mean,Monte-Carlo-Pi,Serial-Correlation" then the values
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) < 2 {
		return fmt.Errorf("ent: unexpected output %q", out.String())
	}
	f := strings.Split(lines[1], ",")
	if len(f) < 7 {
		return fmt.Errorf("ent: unexpected output %q", out.String())
	}
	v := make([]float64, len(f))
	for i := 1; i < len(f); i++ {
		v[i], _ = strconv.ParseFloat(f[i], 64)
	}
	n := v[1]
	chiP := battery.ChiSquareP(v[3], 255)
	corrLimit := 4 / math.Sqrt(n)
	r.check("ent entropy", v[2] > 8-1e4/n, "%.0f bytes: %.6f bits per byte", n, v[2])
	r.check("ent chi-square", chiP >= 0.001, "χ² %.2f over 255 df, p = %s", v[3], fmtP(chiP))
	r.check("ent serial correlation", math.Abs(v[6]) < corrLimit, "%.6f (|r| < 4/√n = %.6f)", v[6], corrLimit)
	r.table("ent (raw bytes of the cabinet generator)", []string{"bytes", "entropy bits/byte", "chi-square", "mean", "Monte Carlo π", "serial correlation"},
		[][]string{{f[1], f[2], f[3], f[4], f[5], f[6]}})
	return nil
}

// dieharderCheck runs the scale's dieharder tests (or -a) on the cabinet
// generator's stream (-g 200: raw input on stdin), resolving weak results with -Y 1.
func dieharderCheck(a *allRun, r *ItemResult, path string) error {
	var runs [][]string
	if a.sc.DieharderAll {
		runs = [][]string{{"-a"}}
	} else {
		for _, d := range a.sc.Dieharder {
			runs = append(runs, []string{"-d", d})
		}
	}
	bar := a.bar(int64(len(runs)), "dieharder")
	var rows [][]string
	var ps []float64
	failed, weak := 0, 0
	for i, args := range runs {
		g, err := lab.Generator(-1)
		if err != nil {
			return err
		}
		cmd := exec.CommandContext(a.o.Context, path, append([]string{"-g", "200", "-Y", "1"}, args...)...)
		in, err := cmd.StdinPipe()
		if err != nil {
			return err
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			return err
		}
		if err := cmd.Start(); err != nil {
			return err
		}
		go func() { lab.WriteStreamContext(a.o.Context, in, g, 0); in.Close() }()
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			f := strings.Split(sc.Text(), "|")
			if len(f) != 6 || strings.Contains(f[0], "test_name") {
				continue
			}
			for j := range f {
				f[j] = strings.TrimSpace(f[j])
			}
			p, err := strconv.ParseFloat(f[4], 64)
			if err != nil {
				continue
			}
			ps = append(ps, p)
			switch f[5] {
			case "FAILED":
				failed++
			case "WEAK":
				weak++
			}
			rows = append(rows, f)
		}
		if err := cmd.Wait(); err != nil {
			return fmt.Errorf("dieharder %s: %w", strings.Join(args, " "), err)
		}
		bar.Int(i + 1)
	}
	bar.Done()
	what := "-d " + strings.Join(a.sc.Dieharder, ",")
	if a.sc.DieharderAll {
		what = "-a"
	}
	r.check("dieharder", failed == 0 && len(rows) > 0, "dieharder -g 200 -Y 1 %s: %d result lines, %d FAILED (%d WEAK lines, each re-run by -Y 1 until resolved)", what, len(rows), failed, weak)
	r.table("dieharder (raw stream of the cabinet generator, -Y 1 resolves weak results)",
		[]string{"test", "ntup", "tsamples", "psamples", "p-value", "assessment"}, rows)
	if len(ps) > 0 {
		if err := plotPValues(a.plotPath("rng-dieharder-pvalues.png"), fmt.Sprintf("dieharder: %d p-values", len(ps)), ps); err != nil {
			return err
		}
		r.Plots = append(r.Plots, Plot{"rng-dieharder-pvalues.png", "p-values of the dieharder results"})
	}
	return nil
}

// stripLengths are the distinct reel-strip lengths of the titles (base and free
// reel sets): the ranges rng.Uint64n is asked for when reels spin.
func stripLengths(a *allRun) ([]uint64, error) {
	titles, err := a.titles()
	if err != nil {
		return nil, err
	}
	seen := map[uint64]bool{}
	for _, t := range titles {
		for _, s := range t.Game.Base.Strips {
			seen[uint64(len(s))] = true
		}
		if t.Game.Free != nil {
			for _, s := range t.Game.Free.Strips {
				seen[uint64(len(s))] = true
			}
		}
	}
	var ns []uint64
	for n := range seen {
		ns = append(ns, n)
	}
	sort.Slice(ns, func(i, j int) bool { return ns[i] < ns[j] })
	return ns, nil
}

func itemRNGScaled(a *allRun, r *ItemResult) error {
	g, err := lab.Generator(-1)
	if err != nil {
		return err
	}
	strips, err := stripLengths(a)
	if err != nil {
		return err
	}
	ranges := append([]uint64(nil), strips...)
	isStrip := map[uint64]bool{}
	for _, n := range strips {
		isStrip[n] = true
	}
	for _, n := range battery.ScaledRanges {
		if !isStrip[n] {
			ranges = append(ranges, n)
		}
	}
	bar := a.bar(int64(len(ranges)), "scaled ranges")
	var rows [][]string
	var ps []float64
	failures := 0
	for i, n := range ranges {
		counts := make([]uint64, n)
		for k := 0; k < a.sc.ScaledSamples; k++ {
			counts[rng.Uint64n(g, n)]++
		}
		s := battery.ChiSquareUniform(counts)
		p := battery.ChiSquareP(s, int(n)-1)
		ps = append(ps, p)
		if p < battery.Alpha {
			failures++
		}
		use := "test range"
		if isStrip[n] {
			use = "reel-strip length"
		}
		rows = append(rows, []string{strconv.FormatUint(n, 10), use, strconv.Itoa(a.sc.ScaledSamples), strconv.FormatFloat(s, 'f', 2, 64), strconv.Itoa(int(n) - 1), fmtP(p), lab.Verdict(p >= battery.Alpha)})
		if isStrip[n] && (n == strips[0] || n == strips[len(strips)-1]) {
			name := fmt.Sprintf("rng-scaled-%d.png", n)
			if err := plotCounts(a.plotPath(name), fmt.Sprintf("rng.Uint64n(cabinet, %d): %d draws", n, a.sc.ScaledSamples), "value", counts, 0); err != nil {
				return err
			}
			r.Plots = append(r.Plots, Plot{name, fmt.Sprintf("scaled draws of range %d (a reel-strip length) with the expected count and its 99%% band", n)})
		}
		bar.Int(i + 1)
	}
	bar.Done()
	allowed := battery.AllowedFailures(len(ranges), battery.Alpha)
	r.check("chi-square per range", failures <= allowed, "%d ranges (%d reel-strip lengths): %d below 0.01, up to %d expected at 99%%", len(ranges), len(strips), failures, allowed)
	r.table("chi-square of scaled draws per range", []string{"range", "use", "draws", "χ²", "df", "p-value", "verdict"}, rows)
	if err := plotPValues(a.plotPath("rng-scaled-pvalues.png"), fmt.Sprintf("scaled output: %d p-values", len(ps)), ps); err != nil {
		return err
	}
	r.Plots = append(r.Plots, Plot{"rng-scaled-pvalues.png", "p-values of the chi-square tests per range"})
	// The reel stops of games played through Play.
	if err := reelStops(a, r); err != nil {
		return err
	}
	r.Summary = fmt.Sprintf("%d ranges incl. %d reel-strip lengths, %d below 0.01 (%d allowed); reel stops of played games uniform", len(ranges), len(strips), failures, allowed)
	return nil
}
