package main

import (
	"fmt"
	"html/template"
	"io"
	"runtime"
	"sync"

	"egm/games"
	"egm/games/slot"
)

func cmdPar(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("par", "par (--title ID | --all) [--json | --html]", stderr)
	id := fs.String("title", "", "title id (see egm titles)")
	all := fs.Bool("all", false, "every title")
	asJSON := fs.Bool("json", false, "print JSON")
	asHTML := fs.Bool("html", false, "print an HTML PAR sheet")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if (*id == "") == !*all {
		return badUsage(fs, "give exactly one of --title ID and --all")
	}
	if *asJSON && *asHTML {
		return badUsage(fs, "--json and --html exclude each other")
	}
	var titles []*slot.Title
	if *all {
		ts, err := games.All()
		if err != nil {
			return fail(stderr, err)
		}
		titles = ts
	} else {
		t, err := games.ByID(*id)
		if err != nil {
			fmt.Fprintln(stderr, "egm par:", err)
			return 2
		}
		titles = []*slot.Title{t}
	}
	pars, err := computePARs(titles, newProgress(stderr, int64(len(titles)), "PAR sheets"))
	if err != nil {
		return fail(stderr, err)
	}
	switch {
	case *asJSON && *all:
		return writeJSON(stdout, stderr, pars)
	case *asJSON:
		return writeJSON(stdout, stderr, pars[0])
	case *asHTML:
		if err := parHTML.Execute(stdout, pars); err != nil {
			return fail(stderr, err)
		}
		return 0
	}
	for _, p := range pars {
		printPAR(stdout, p)
	}
	return 0
}

// computePARs analyses titles on every core, keeping their order.
func computePARs(titles []*slot.Title, bar *progress) ([]*slot.PAR, error) {
	out := make([]*slot.PAR, len(titles))
	errs := make([]error, len(titles))
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, t := range titles {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			out[i], errs[i] = t.PAR()
			mu.Lock()
			done++
			bar.set(int64(done))
			mu.Unlock()
		}()
	}
	wg.Wait()
	bar.done()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func printPAR(w io.Writer, p *slot.PAR) {
	fmt.Fprintf(w, "%s — %s (%s, %s volatility)\n", p.Name, p.Title, p.Family, p.Volatility)
	fmt.Fprintf(w, "  total RTP          %.4f%%   (%s exactly; the fraction is in --json)\n", 100*p.RTP, p.RTPExact.FloatString(10))
	for _, c := range p.Components {
		fmt.Fprintf(w, "    %-28s %8.4f%%\n", c.Name, 100*c.RTP)
	}
	fmt.Fprintf(w, "  hit frequency      %.4f   σ %.3f   VI90 %.3f   VI95 %.3f   max win %.0f× bet\n",
		p.HitFrequency, p.Sigma, p.VI90, p.VI95, p.MaxWin)
	fmt.Fprintf(w, "  Lock & Spin        1 in %.1f games, %.2f× bet on average, full grid %.3g\n", p.LockSpin.OneIn, p.LockSpin.Mean, p.LockSpin.PFull)
	if p.FreeGames != nil {
		fmt.Fprintf(w, "  Free Games         1 in %.1f games, %.2f games per round\n", p.FreeGames.OneIn, p.FreeGames.Games)
	}
	fmt.Fprintf(w, "  95%% RTP band after N games:")
	for _, b := range p.Bands {
		fmt.Fprintf(w, "  %.0e: %.2f–%.2f%%", b.Games, 100*b.Low, 100*b.High)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w)
}

var parHTML = template.Must(template.New("par").Funcs(template.FuncMap{
	"pct": func(f float64) string { return fmt.Sprintf("%.4f%%", 100*f) },
}).Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>PAR sheets</title>
<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #999;padding:2px 8px;text-align:right}th{background:#eee}td:first-child{text-align:left}</style>
</head><body>
{{range .}}
<h1>{{.Name}} <small>({{.Title}}, {{.Family}}, {{.Volatility}} volatility)</small></h1>
<p>Total RTP <b>{{pct .RTP}}</b> (exact {{.RTPExact.RatString}}); hit frequency {{printf "%.4f" .HitFrequency}};
σ {{printf "%.3f" .Sigma}}; VI90 {{printf "%.3f" .VI90}}; VI95 {{printf "%.3f" .VI95}}; max win {{printf "%.0f" .MaxWin}}× bet.</p>
<table><tr><th>component</th><th>RTP</th></tr>
{{range .Components}}<tr><td>{{.Name}}</td><td>{{pct .RTP}}</td></tr>{{end}}</table>
<table><tr><th>award</th><th>pays × bet</th><th>one in (games)</th><th>seen in 10⁸ games</th></tr>
{{range .Awards}}<tr><td>{{.Name}}</td><td>{{printf "%.2f" .PayX}}</td><td>{{printf "%.0f" .OneIn}}</td><td>{{if .In1e8}}yes{{else}}odds shown{{end}}</td></tr>{{end}}</table>
<table><tr><th>games</th><th>95% RTP band</th></tr>
{{range .Bands}}<tr><td>{{printf "%.0e" .Games}}</td><td>{{pct .Low}} – {{pct .High}}</td></tr>{{end}}</table>
<table><tr><th>symbol</th><th>kind</th><th>pays (count: × line bet; scatter × total bet)</th></tr>
{{range .Paytable}}<tr><td>{{.Symbol}}</td><td>{{.Kind}}</td><td>{{range $k, $v := .Pays}}{{$k}}: {{$v}} {{end}}</td></tr>{{end}}</table>
{{end}}
</body></html>
`))
