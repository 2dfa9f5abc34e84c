package slot

import (
	"egm/money"

	"fmt"
	"html/template"
	"io"
	"math"
)

// Print writes the PAR sheet's summary as text: the RTP and its components, the
// hit frequency and volatility, the features' odds and the 95% RTP bands.
func (p *PAR) Print(w io.Writer) {
	fmt.Fprintf(w, "%s — %s (%s, %s volatility)\n", p.Name, p.Title, p.Family, p.Volatility)
	fmt.Fprintf(w, "  total RTP          %.4f%%   (%s exactly before the cap on one game's award; the fraction is in --json)\n", 100*p.RTP, p.RTPExact.FloatString(10))
	for _, c := range p.Components {
		fmt.Fprintf(w, "    %-28s %8.4f%%\n", c.Name, 100*c.RTP)
	}
	fmt.Fprintf(w, "  hit frequency      %.4f   σ %.3f   VI90 %.3f   VI95 %.3f   max win %.0f× bet\n",
		p.HitFrequency, p.Sigma, p.VI90, p.VI95, p.MaxWin)
	fmt.Fprintf(w, "  max win            %.0f× bet (cap on one game's award %d× bet; before the cap at most %.0f× bet)\n", p.MaxWin, p.MaxWinCap, p.MaxWinUncapped)
	if c := p.Cap; c != nil {
		fmt.Fprintf(w, "  with the cap       %s\n", c.Summary())
	}
	fmt.Fprintf(w, "  volatility rule    %s\n", p.VolatilityRule)
	for _, b := range p.ByBet {
		fmt.Fprintf(w, "  at %10s bet   σ %.3f VI90 %.3f VI95 %.3f; with Grand/Major σ %.3f VI90 %.3f VI95 %.3f\n",
			parCurrency.Plain(b.BetCents), b.Sigma, b.VI90, b.VI95, b.SigmaLinked, b.VI90Linked, b.VI95Linked)
	}
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

// Summary states the cap's figures in one line: the RTP with the cap counted,
// the cap's cost, and the odds of the top award (or the true maximum).
func (c *CapFigures) Summary() string {
	if !c.Binds {
		if c.TrueMax > 0 {
			return fmt.Sprintf("the cap of %d× bet is never reached: the largest award is %s× bet, 1 in %.4g games; the RTP is unchanged",
				c.CapX, trimFloat(c.TrueMax), c.TrueMaxOneIn)
		}
		return fmt.Sprintf("the cap of %d× bet is never reached; the RTP is unchanged", c.CapX)
	}
	return fmt.Sprintf("RTP %.5f%%–%.5f%% (the cap costs %.6f–%.6f pp); top award %d× bet (the cap) %s",
		100*c.RTPLow, 100*c.RTPHigh, 100*c.CostLow, 100*c.CostHigh, c.CapX, c.Odds())
}

// Odds prints P(W ≥ cap) as odds: "1 in N" (N between its bounds).
func (c *CapFigures) Odds() string {
	lo, hi := c.OneInLow, c.OneInHigh
	switch {
	case lo == 0:
		return "never reached"
	case hi == 0:
		return fmt.Sprintf("at most 1 in %.3g games", lo)
	case hi/lo < 1.0005:
		return fmt.Sprintf("1 in %.4g games", lo)
	}
	return fmt.Sprintf("1 in %.3g to 1 in %.3g games", lo, hi)
}

func trimFloat(f float64) string {
	if f == math.Trunc(f) {
		return fmt.Sprintf("%.0f", f)
	}
	return fmt.Sprintf("%.3f", f)
}

// WritePARHTML writes the PAR sheets as one HTML page: per title the RTP and its
// components, the awards' odds, the RTP bands and the paytable.
func WritePARHTML(w io.Writer, pars []*PAR) error {
	if err := parHTML.Execute(w, pars); err != nil {
		return fmt.Errorf("slot: PAR sheet: %w", err)
	}
	return nil
}

// parCurrency is the PAR sheet's currency: its bets are the euro range's
// (EURLimits); a profile in another currency plays the same math at its scale
// (PlayIn), so the sheet holds for it too.
var parCurrency = money.EUR

var parHTML = template.Must(template.New("par").Funcs(template.FuncMap{
	"pct":   func(f float64) string { return fmt.Sprintf("%.4f%%", 100*f) },
	"plain": parCurrency.Plain,
	"inc":   func(i int) int { return i + 1 },
}).Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>PAR sheets</title>
<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #999;padding:2px 8px;text-align:right}th{background:#eee}td:first-child{text-align:left}</style>
</head><body>
{{range .}}{{$p := .}}
<h1>{{.Name}} <small>({{.Title}}, {{.Family}}, {{.Volatility}} volatility)</small></h1>
<p>Total RTP <b>{{pct .RTP}}</b> before the cap on one game's award (exact {{.RTPExact.RatString}}); hit frequency {{printf "%.4f" .HitFrequency}};
σ {{printf "%.3f" .Sigma}}; VI90 {{printf "%.3f" .VI90}}; VI95 {{printf "%.3f" .VI95}}; max win {{printf "%.0f" .MaxWin}}× bet
(cap on one game's award {{.MaxWinCap}}× bet; before the cap at most {{printf "%.0f" .MaxWinUncapped}}× bet).</p>
{{with .Cap}}<p>With the cap: {{.Summary}}.</p>{{end}}
<p>Volatility {{.VolatilityRule}}.</p>
<table><tr><th>total bet</th><th>σ</th><th>VI90</th><th>VI95</th><th>σ with Grand/Major</th><th>VI90</th><th>VI95</th></tr>
{{range .ByBet}}<tr><td>{{plain .BetCents}}</td><td>{{printf "%.3f" .Sigma}}</td><td>{{printf "%.3f" .VI90}}</td><td>{{printf "%.3f" .VI95}}</td><td>{{printf "%.3f" .SigmaLinked}}</td><td>{{printf "%.3f" .VI90Linked}}</td><td>{{printf "%.3f" .VI95Linked}}</td></tr>{{end}}</table>
<table><tr><th>component</th><th>RTP</th></tr>
{{range .Components}}<tr><td>{{.Name}}</td><td>{{pct .RTP}}</td></tr>{{end}}</table>
<table><tr><th>award</th><th>pays × bet</th><th>one in (games)</th><th>seen in 10⁸ games</th></tr>
{{range .Awards}}<tr><td>{{.Name}}</td><td>{{printf "%.2f" .PayX}}</td><td>{{printf "%.0f" .OneIn}}</td><td>{{if .In1e8}}yes{{else}}odds shown{{end}}</td></tr>{{end}}</table>
<table><tr><th>games</th><th>95% RTP band</th></tr>
{{range .Bands}}<tr><td>{{printf "%.0e" .Games}}</td><td>{{pct .Low}} – {{pct .High}}</td></tr>{{end}}</table>
<table><tr><th>symbol</th><th>kind</th><th>pays (count: × line bet; scatter × total bet)</th></tr>
{{range .Paytable}}<tr><td>{{.Symbol}}</td><td>{{.Kind}}</td><td>{{range $k, $v := .Pays}}{{$k}}: {{$v}} {{end}}</td></tr>{{end}}</table>
<p>Grid {{.Grid.Reels}} reels × {{.Grid.Rows}} rows; stops {{.Rules.Stops}}, window {{.Rules.Window}}; lines {{.Rules.LineDirection}}, {{.Rules.LineWin}} (ties to the {{.Rules.TiesTo}}); wild {{.Rules.Wild}} substitutes for {{range .Rules.WildSubstitutesFor}}{{.}} {{end}}and pays its own run;
{{if .Rules.Scatter}}scatter {{.Rules.Scatter}} pays × total bet anywhere ({{.Rules.ScatAbove}}); {{end}}cap {{.MaxWinCap}}× total bet: {{.Rules.Cap}}.</p>
{{range $name, $set := .ReelSets}}<table><tr><th colspan="2">{{$name}} strips (stop 0 first)</th></tr>
{{range $i, $strip := $set}}<tr><td>reel {{inc $i}} ({{len $strip}} stops)</td><td style="text-align:left">{{range $strip}}{{.}} {{end}}</td></tr>{{end}}</table>{{end}}
<table><tr><th>line</th><th>row per reel (0 = top)</th></tr>
{{range $i, $l := .Lines}}<tr><td>{{inc $i}}</td><td>{{range $l}}{{.}} {{end}}</td></tr>{{end}}</table>
{{with .Definition.LockSpin}}<table><tr><th colspan="3">Lock & Spin: trigger {{.Trigger}} coin symbols; respins 3</th></tr>
<tr><th>reel</th><th>bonus weight</th><th>blank weight</th></tr>
{{range $i, $l := .Land}}<tr><td>{{inc $i}}</td><td>{{$l.Bonus}}</td><td>{{$l.Blank}}</td></tr>{{end}}</table>
<table><tr><th>respin symbol</th><th>weight</th></tr>{{range .Symbols}}<tr><td>{{.Symbol}}</td><td>{{.Weight}}</td></tr>{{end}}</table>
<table><tr><th>base-game coin symbol</th><th>weight</th></tr>{{range .TriggerSymbols}}<tr><td>{{.Symbol}}</td><td>{{.Weight}}</td></tr>{{end}}</table>{{end}}
{{if .Rules.ScaleUpScope}}<p>Scale Up: {{.Rules.ScaleUpScope}}.</p>{{end}}
{{with .Definition.Clover}}<table><tr><th>Magic Clover ({{.Symbol}}) factor</th><th>weight</th></tr>{{range .Factors}}<tr><td>×{{.Factor}}</td><td>{{.Weight}}</td></tr>{{end}}</table>{{end}}
{{with .Definition.Colors}}<table><tr><th>Super Colors (from {{.MinCoins}} coins)</th><th>factor</th><th>weight</th></tr>{{range .Wheel}}<tr><td>{{.Name}}</td><td>×{{.Factor}}</td><td>{{.Weight}}</td></tr>{{end}}</table>{{end}}
{{with .Definition.FreeGames}}<table><tr><th>Free Games: scatters</th><th>games awarded</th><th>retrigger</th></tr>{{range $k, $v := .Awards}}<tr><td>{{$k}}</td><td>{{$v}}</td><td>{{index $p.Definition.FreeGames.Retriggers $k}}</td></tr>{{end}}</table>
<p>Free-game multiplier ×{{.Multiplier}}; at most {{$p.Rules.FreeMaxGames}} games a round.{{if .Expanding}} Expanding symbol weights: {{range .Expanding}}{{.Symbol}} {{.Weight}}; {{end}}{{end}}</p>{{end}}
{{end}}
</body></html>
`))
