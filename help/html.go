package help

import (
	"fmt"
	"html/template"
	"io"
	"strings"
)

// WriteHTML writes the rules as one self-contained HTML page (R-HELP-2), in the
// rules' language: the cashier, the floor and the web print the same rules as
// the help screen.
func (r *Rules) WriteHTML(w io.Writer) error {
	t, err := rulesTmpl.Clone()
	if err == nil {
		t.Funcs(template.FuncMap{"t": r.p.T, "money": r.p.Money})
		err = t.Execute(w, r)
	}
	if err != nil {
		return fmt.Errorf("help: rules html: %w", err)
	}
	return nil
}

// htmlFuncs are the templates' functions; "t" and "money" are the reader's
// printer's, set for each page.
var htmlFuncs = template.FuncMap{
	"t":     func(id string, kv ...any) string { return id },
	"money": func(minor int64) string { return "" },
	"upper": strings.ToUpper,
	"cell":  func(line []int, reel, row int) bool { return reel < len(line) && line[reel] == row },
	"seq": func(n int) []int {
		s := make([]int, n)
		for i := range s {
			s[i] = i
		}
		return s
	},
	"inc": func(i int) int { return i + 1 },
}

var rulesTmpl = template.Must(template.New("rules").Funcs(htmlFuncs).Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}"><head><meta charset="utf-8">
<title>{{t "rules.html.title" "Name" .Name}}</title>
<style>
body{font-family:sans-serif;max-width:60em;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:.5em 0}
td,th{border:1px solid #bbb;padding:.2em .6em;text-align:right}
th:first-child,td:first-child{text-align:left}
.lines{display:flex;flex-wrap:wrap;gap:1em}
.line table td{width:1em;height:1em;padding:0}
.line td.on{background:#c33}
</style></head><body>
<h1>{{.Name}}</h1>
<p>{{t "rules.html.summary" "Family" .Family "Reels" .Reels "Rows" .Rows "Lines" (len .Lines) "Volatility" .VolatilityText "RTP" .RTPText}}</p>
<p>{{t "rules.text.total_bet" "Min" (money .MinBetCents) "Max" (money .MaxBetCents)}}.</p>
<h2>{{t "rules.html.paytable"}}</h2>
<table><tr><th>{{t "rules.html.symbol"}}</th><th>{{t "rules.html.kind"}}</th><th>{{t "rules.html.pays"}}</th><th>{{t "rules.html.notes"}}</th></tr>
{{range .Paytable}}<tr class="sym"><td>{{.Symbol}}</td><td>{{.KindText}}</td><td>{{template "pays" .}}</td><td>{{.Note}}</td></tr>
{{end}}</table>
<p>{{t "rules.html.pay_note"}}</p>
<h2>{{t "rules.html.lines"}}</h2>
<div class="lines">{{$r := .}}{{range $i, $l := .Lines}}<div class="line"><div>{{t "rules.html.line" "Number" (inc $i)}}</div><table>{{range $row := seq $r.Rows}}<tr>{{range $reel := seq $r.Reels}}<td{{if cell $l $reel $row}} class="on"{{end}}></td>{{end}}</tr>{{end}}</table></div>{{end}}</div>
{{range .Features}}<h2>{{.Name}}</h2>{{range .Text}}<p>{{.}}</p>{{end}}
{{end}}</body></html>
{{define "pays"}}{{$x := .X}}{{range $i, $n := .Counts}}{{if $i}}, {{end}}{{$n}} → {{index $x $i}}{{end}}{{end}}
`))
