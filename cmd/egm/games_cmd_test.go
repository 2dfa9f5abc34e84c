package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"egm/games"
	"egm/lab"
	"egm/tables"
	"egm/tables/play"
)

func TestTitlesCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := runProgram([]string{"titles", "--json"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var rows []games.Info
	if err := json.Unmarshal(out.Bytes(), &rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 25 {
		t.Fatalf("%d titles, want 25", len(rows))
	}
	fam := map[string]int{}
	for _, r := range rows {
		fam[r.Family]++
		if r.ID == "" || r.Lines == 0 || len(r.Features) == 0 {
			t.Fatalf("incomplete row %+v", r)
		}
	}
	if fam["Golden Link"] != 10 || fam["Cash Connection"] != 15 {
		t.Fatalf("families %v", fam)
	}
	out.Reset()
	if code := runProgram([]string{"titles"}, &out, &errOut); code != 0 || !strings.Contains(out.String(), "Golden Book of Ra") {
		t.Fatalf("text listing: %d %s", code, out.String())
	}
}

func TestParCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := runProgram([]string{"egm-lab", "par", "--title", "hot-twins", "--json"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var p map[string]any
	if err := json.Unmarshal(out.Bytes(), &p); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"title", "rtp", "components", "hit_frequency", "sigma", "vi90", "vi95", "max_win_x_bet", "reel_sets", "lines", "paytable"} {
		if _, ok := p[k]; !ok {
			t.Errorf("PAR JSON lacks %q", k)
		}
	}
	if rtp, _ := p["rtp"].(float64); rtp < 0.9398 || rtp > 0.9402 {
		t.Errorf("rtp %v", p["rtp"])
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"egm-lab", "par"}, 2, "exactly one of"},
		{[]string{"egm-lab", "par", "--title", "x", "--all"}, 2, "exactly one of"},
		{[]string{"egm-lab", "par", "--title", "nope"}, 2, `no title "nope"`},
		{[]string{"egm-lab", "par", "--title", "hot-twins", "--json", "--html"}, 2, "exclude"},
		{[]string{"egm-lab", "par", "--tables", "--all"}, 2, "exactly one of"},
	} {
		out.Reset()
		errOut.Reset()
		if code := runProgram(tc.args, &out, &errOut); code != tc.code || !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q", tc.args, code, errOut.String())
		}
	}
	out.Reset()
	if code := runProgram([]string{"egm-lab", "par", "--title", "clover-power", "--html"}, &out, &errOut); code != 0 || !strings.Contains(out.String(), "<table>") {
		t.Fatalf("html: %d", code)
	}
}

// TestParTables: the table games' sheets by id and all together, as text, JSON
// and HTML.
func TestParTables(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := runProgram([]string{"egm-lab", "par", "--title", "roulette"}, &out, &errOut); code != 0 || !strings.Contains(out.String(), "voisins") || !strings.Contains(out.String(), "2.7027%") {
		t.Fatalf("roulette: exit %d: %s%s", code, out.String(), errOut.String())
	}
	out.Reset()
	if code := runProgram([]string{"egm-lab", "par", "--tables", "--json"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var sheets []tables.Sheet
	if err := json.Unmarshal(out.Bytes(), &sheets); err != nil {
		t.Fatal(err)
	}
	if len(sheets) != len(games.TableIDs()) {
		t.Fatalf("%d sheets for %d table games", len(sheets), len(games.TableIDs()))
	}
	for _, s := range sheets { // blackjack's main game: per first bet and per unit staked
		if m := s.Main; (m != nil) != (play.KindOf(s.ID) == play.KindBlackjack) || m != nil && (m.EdgeStakedPct <= 0 || m.EdgeStakedPct >= m.EdgePct || m.Stake <= 1) {
			t.Errorf("%s: main game %+v", s.ID, m)
		}
	}
	out.Reset()
	if code := runProgram([]string{"egm-lab", "par", "--title", "three-card-poker", "--html"}, &out, &errOut); code != 0 || !strings.Contains(out.String(), "Pair Plus") {
		t.Fatalf("html: %d", code)
	}
	out.Reset()
	if code := runProgram([]string{"rules", "--title", "punto-banco", "--lang", "en"}, &out, &errOut); code != 0 || !strings.Contains(out.String(), "the hand closer to 9 wins") {
		t.Fatalf("rules: exit %d: %s%s", code, out.String(), errOut.String())
	}
}

func TestSimCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := runProgram([]string{"egm-lab", "sim", "--title", "koi-fortune", "--games", "200000", "--seed", "5", "--json"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s %s", code, out.String(), errOut.String())
	}
	var r lab.SimReport
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if !r.Inside || r.Games != 200000 || r.Measured <= 0 {
		t.Fatalf("report %+v", r)
	}
	for _, args := range [][]string{{"egm-lab", "sim"}, {"egm-lab", "sim", "--title", "koi-fortune"}, {"egm-lab", "sim", "--title", "koi-fortune", "--games", "-1"}} {
		if code := runProgram(args, &out, &errOut); code != 2 {
			t.Errorf("%v: exit %d", args, code)
		}
	}
}

// `egm titles --json`, `egm-lab par --all --json` and `egm rules` give every title
// the same volatility label: one rule (slot.VolatilityOf of σ), one label.
func TestTitlesAndParAgreeOnVolatility(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := runProgram([]string{"titles", "--json"}, &out, &errOut); code != 0 {
		t.Fatalf("titles: exit %d: %s", code, errOut.String())
	}
	var rows []games.Info
	if err := json.Unmarshal(out.Bytes(), &rows); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if code := runProgram([]string{"egm-lab", "par", "--all", "--json"}, &out, &errOut); code != 0 {
		t.Fatalf("par: exit %d: %s", code, errOut.String())
	}
	var pars []struct {
		Title      string  `json:"title"`
		Sigma      float64 `json:"sigma"`
		Volatility string  `json:"volatility"`
	}
	if err := json.Unmarshal(out.Bytes(), &pars); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 25 || len(pars) != 25 {
		t.Fatalf("%d titles, %d PAR sheets: want 25 of each", len(rows), len(pars))
	}
	par := map[string]string{}
	kinds := map[string]bool{}
	for _, p := range pars {
		par[p.Title] = p.Volatility
		kinds[p.Volatility] = true
	}
	for _, r := range rows {
		if r.Volatility == "" || r.Volatility != par[r.ID] {
			t.Errorf("%s: titles says %q, par says %q", r.ID, r.Volatility, par[r.ID])
		}
	}
	if len(kinds) < 3 {
		t.Errorf("labels %v: the titles range from low to high", kinds)
	}
	// the help page (egm rules) prints the same word
	for _, id := range []string{"golden-eden", "koi-fortune"} {
		out.Reset()
		if code := runProgram([]string{"rules", "--title", id, "--lang", "en"}, &out, &errOut); code != 0 {
			t.Fatalf("rules %s: exit %d: %s", id, code, errOut.String())
		}
		if want := "volatility " + par[id] + ","; !strings.Contains(out.String(), want) {
			t.Errorf("rules %s: no %q in %.200s", id, want, out.String())
		}
	}
}
