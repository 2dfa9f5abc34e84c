package help

import (
	"egm/internal/euro"
	"fmt"
	"html/template"
	"io"
	"strings"
)

// WriteHTML writes the rules as one self-contained HTML page (R-HELP-2): the
// cashier, the floor and the web print the same rules as the help screen.
func (r *Rules) WriteHTML(w io.Writer) error {
	if err := rulesTmpl.Execute(w, r); err != nil {
		return fmt.Errorf("ui: rules html: %w", err)
	}
	return nil
}

var rulesTmpl = template.Must(template.New("rules").Funcs(template.FuncMap{
	"euros": euro.Format,
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
}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{{.Name}} — rules</title>
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
<p>{{.Family}} · {{.Reels}} reels × {{.Rows}} rows · {{len .Lines}} lines · volatility {{.Volatility}} · return to player {{.RTPText}}</p>
<p>Total bet {{euros .MinBetCents}} to {{euros .MaxBetCents}}.</p>
<h2>Paytable</h2>
<table><tr><th>Symbol</th><th>Kind</th><th>Pays</th><th>Notes</th></tr>
{{range .Paytable}}<tr class="sym"><td>{{.Symbol}}</td><td>{{.Kind}}</td><td>{{template "pays" .}}</td><td>{{.Note}}</td></tr>
{{end}}</table>
<p>Line pays × line bet; scatter pays × total bet.</p>
<h2>Lines</h2>
<div class="lines">{{$r := .}}{{range $i, $l := .Lines}}<div class="line"><div>Line {{inc $i}}</div><table>{{range $row := seq $r.Rows}}<tr>{{range $reel := seq $r.Reels}}<td{{if cell $l $reel $row}} class="on"{{end}}></td>{{end}}</tr>{{end}}</table></div>{{end}}</div>
{{range .Features}}<h2>{{.Name}}</h2>{{range .Text}}<p>{{.}}</p>{{end}}
{{end}}</body></html>
{{define "pays"}}{{$x := .X}}{{range $i, $n := .Counts}}{{if $i}}, {{end}}{{$n}} → {{index $x $i}}{{end}}{{end}}
`))
