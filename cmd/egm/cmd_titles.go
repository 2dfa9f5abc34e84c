package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"egm/games"
)

// titleInfo is one catalogue row (other tools read these keys).
type titleInfo struct {
	ID         string   `json:"id"`
	Name       string   `json:"name"`
	Family     string   `json:"family"`
	Reels      int      `json:"reels"`
	Rows       int      `json:"rows"`
	Lines      int      `json:"lines"`
	Volatility string   `json:"volatility"`
	Features   []string `json:"features"`
}

func cmdTitles(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("titles", "titles [--json]", stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	ts, err := games.All()
	if err != nil {
		return fail(stderr, err)
	}
	var rows []titleInfo
	for _, t := range ts {
		rows = append(rows, titleInfo{ID: t.Spec.ID, Name: t.Spec.Name, Family: t.Spec.Family,
			Reels: t.Game.Reels, Rows: t.Game.Rows, Lines: t.Lines(), Volatility: t.Spec.Volatility, Features: t.Features()})
	}
	if *asJSON {
		return writeJSON(stdout, stderr, rows)
	}
	fmt.Fprintf(stdout, "%-26s %-26s %-16s %-5s %-5s %-10s %s\n", "id", "name", "family", "grid", "lines", "volatility", "features")
	for _, r := range rows {
		fmt.Fprintf(stdout, "%-26s %-26s %-16s %dx%-3d %-5d %-10s %s\n", r.ID, r.Name, r.Family, r.Reels, r.Rows, r.Lines, r.Volatility, strings.Join(r.Features, ", "))
	}
	return 0
}

func writeJSON(stdout, stderr io.Writer, v any) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fail(stderr, err)
	}
	return 0
}
