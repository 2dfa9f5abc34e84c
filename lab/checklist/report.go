package checklist

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"time"

	"egm/games/slot"
	"egm/machine/settings"
)

// report.html: the summary table, each item's checks, tables and plots, the PAR
// sheets (par/ID.html, one per title, as `egm-lab par --html` writes them), the
// configuration and the SHA-256 of the program and of every file the run read.

type reportPAR struct {
	ID, Name, File string
	RTP            float64 // percent, the cap counted: the lower bound
	RTPHigh        float64 // and the upper bound
}

type reportData struct {
	Sum     AllSummary
	Items   []*ItemResult
	PARs    []reportPAR
	Config  string
	Passed  int
	Written string
}

func (a *allRun) writeReport(sum AllSummary, items []*ItemResult) error {
	d := reportData{Sum: sum, Items: items, Written: time.Now().UTC().Format(time.RFC3339)}
	for _, it := range items {
		if it.Verdict == Pass {
			d.Passed++
		}
	}
	// The PAR sheets of the titles in scope.
	ts, pars, err := a.pars()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(a.o.Out, "par"), 0o755); err != nil {
		return err
	}
	for i, p := range pars {
		var b bytes.Buffer
		if err := slot.WritePARHTML(&b, []*slot.PAR{p}); err != nil {
			return err
		}
		name := filepath.Join("par", ts[i].Spec.ID+".html")
		if err := os.WriteFile(filepath.Join(a.o.Out, name), b.Bytes(), 0o644); err != nil {
			return err
		}
		rtp := reportPAR{ID: p.Title, Name: p.Name, File: name, RTP: 100 * p.RTP, RTPHigh: 100 * p.RTP}
		if p.Cap != nil { // the RTP with the cap counted: its two-sided bounds
			rtp.RTP, rtp.RTPHigh = 100*p.Cap.RTPLow, 100*p.Cap.RTPHigh
		}
		d.PARs = append(d.PARs, rtp)
	}
	if err := writeJSONFile(filepath.Join(a.o.Out, "par", "par.json"), pars); err != nil {
		return err
	}
	// The configuration: the run's and the machine's shipped defaults.
	cfg := struct {
		Command string          `json:"command"`
		Scale   Scale           `json:"scale"`
		Seed    uint64          `json:"seed"`
		Vectors []string        `json:"drbg_vectors"`
		Machine settings.Config `json:"machine_default_config"`
	}{sum.Command, sum.Scale, sum.Seed, a.o.Vectors, settings.DefaultConfig()}
	cb, err := json.MarshalIndent(cfg, "", "  ")
	if err != nil {
		return err
	}
	d.Config = string(cb)
	if err := os.WriteFile(filepath.Join(a.o.Out, "config.json"), append(cb, '\n'), 0o644); err != nil {
		return err
	}
	var b bytes.Buffer
	if err := reportTemplate.Execute(&b, d); err != nil {
		return fmt.Errorf("checklist: report: %w", err)
	}
	return os.WriteFile(filepath.Join(a.o.Out, "report.html"), b.Bytes(), 0o644)
}

var reportTemplate = template.Must(template.New("report").Funcs(template.FuncMap{
	"secs": func(s float64) string {
		return (time.Duration(s * float64(time.Second))).Round(100 * time.Millisecond).String()
	},
	"pct": func(v float64) string { return fmt.Sprintf("%.4f%%", v) },
}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>EGM lab report</title>
<style>
body{font-family:-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:24px 32px;color:#222;max-width:1300px}
h1{margin-bottom:4px} h2{border-bottom:2px solid #ddd;padding-bottom:4px;margin-top:36px} h3{margin:18px 0 6px}
table{border-collapse:collapse;margin:8px 0 14px;font-size:13px} th,td{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#f2f2f2} td.num{text-align:right;font-variant-numeric:tabular-nums}
.PASS{color:#fff;background:#2c8a2c;font-weight:bold;text-align:center} .FAIL{color:#fff;background:#c62828;font-weight:bold;text-align:center}
.verdict{font-size:22px;padding:6px 14px;display:inline-block;border-radius:4px}
.plots{display:flex;flex-wrap:wrap;gap:12px} figure{margin:0;max-width:620px} figure img{max-width:100%;border:1px solid #ddd} figcaption{font-size:12px;color:#555}
code,pre{font-family:Menlo,Consolas,monospace;font-size:12px} pre{background:#f7f7f7;padding:8px;overflow:auto;max-height:400px}
.meta td:first-child{font-weight:bold}
</style></head><body>
<h1>EGM lab report</h1>
<p><span class="verdict {{if .Sum.Pass}}PASS{{else}}FAIL{{end}}">{{if .Sum.Pass}}PASS{{else}}FAIL{{end}}</span>
&nbsp; {{.Passed}} of {{len .Items}} checklist items pass &nbsp;·&nbsp; scale <b>{{.Sum.Scale.Name}}</b> &nbsp;·&nbsp; {{secs .Sum.Seconds}} &nbsp;·&nbsp; written {{.Written}}</p>
<table class="meta">
<tr><td>command</td><td><code>{{.Sum.Command}}</code></td></tr>
<tr><td>program</td><td><code>{{.Sum.Program.Path}}</code> ({{.Sum.Program.Bytes}} bytes)<br>SHA-256 <code>{{.Sum.Program.SHA256}}</code></td></tr>
<tr><td>version</td><td>{{.Sum.Platform.Version}} (commit {{.Sum.Platform.Commit}}), {{.Sum.Platform.Go}}, {{.Sum.Platform.OS}}/{{.Sum.Platform.Arch}}</td></tr>
<tr><td>machine</td><td>{{.Sum.Platform.Host}}, {{.Sum.Platform.CPUs}} CPUs, kernel {{.Sum.Platform.Kernel}}</td></tr>
<tr><td>external batteries</td><td>{{.Sum.Platform.Dieharder}}; ent: {{.Sum.Platform.Ent}}</td></tr>
<tr><td>started</td><td>{{.Sum.Started.Format "2006-01-02 15:04:05 UTC"}}, seed {{.Sum.Seed}}</td></tr>
</table>

<h2>Summary</h2>
<table><tr><th>#</th><th>item</th><th>verdict</th><th>result</th><th>time</th><th>command</th></tr>
{{range .Items}}<tr><td class="num">{{.ID}}</td><td><a href="#item{{.ID}}">{{.Title}}</a></td><td class="{{.Verdict}}">{{.Verdict}}</td><td>{{.Summary}}</td><td class="num">{{secs .Seconds}}</td><td><code>{{.Command}}</code></td></tr>
{{end}}</table>

{{range .Items}}
<h2 id="item{{.ID}}">{{.ID}}. {{.Title}} <span class="verdict {{.Verdict}}" style="font-size:14px;padding:2px 8px">{{.Verdict}}</span></h2>
<p><i>{{.Requirement}}</i><br>{{.Summary}} &nbsp;({{secs .Seconds}})<br><code>{{.Command}}</code>{{if .Varies}}<br><small>Differs between runs with one seed: {{.Varies}}.</small>{{end}}</p>
{{if .Error}}<p class="FAIL" style="text-align:left;padding:4px">error: {{.Error}}</p>{{end}}
<table><tr><th>check</th><th>verdict</th><th>evidence</th></tr>
{{range .Checks}}<tr><td>{{.Name}}</td><td class="{{if .Pass}}PASS{{else}}FAIL{{end}}">{{if .Pass}}PASS{{else}}FAIL{{end}}</td><td>{{.Detail}}</td></tr>
{{end}}</table>
{{range .Tables}}<h3>{{.Title}}</h3>
<table><tr>{{range .Head}}<th>{{.}}</th>{{end}}</tr>
{{range .Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</table>{{end}}
{{if .Plots}}<div class="plots">{{range .Plots}}<figure><img src="{{.File}}" alt="{{.Caption}}"><figcaption>{{.Caption}}</figcaption></figure>
{{end}}</div>{{end}}
{{end}}

<h2>PAR sheets</h2>
<p>One sheet per title as <code>egm-lab par --html</code> writes it; all of them as JSON in <a href="par/par.json">par/par.json</a>.</p>
<table><tr><th>title</th><th>name</th><th>total RTP, the cap counted (lower – upper bound)</th><th>sheet</th></tr>
{{range .PARs}}<tr><td>{{.ID}}</td><td>{{.Name}}</td><td class="num">{{pct .RTP}} – {{pct .RTPHigh}}</td><td><a href="{{.File}}">{{.File}}</a></td></tr>
{{end}}</table>

<h2>Files read and their SHA-256</h2>
<table><tr><th>file</th><th>SHA-256</th></tr>
<tr><td><code>{{.Sum.Program.Path}}</code> (the program)</td><td><code>{{.Sum.Program.SHA256}}</code></td></tr>
{{range .Sum.Files}}<tr><td><code>{{.Path}}</code></td><td><code>{{.SHA256}}</code></td></tr>
{{end}}</table>

<h2>Configuration</h2>
<p>Also in <a href="config.json">config.json</a>; the verdicts in <a href="summary.json">summary.json</a>, each item's evidence in <code>items/NN.json</code>.</p>
<pre>{{.Config}}</pre>
</body></html>
`))
