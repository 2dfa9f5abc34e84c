package games

import (
	"fmt"
	"io"
	"strings"
)

// Info is one catalogue row (`egm titles`; other tools read these keys).
type Info struct {
	ID         string   `json:"id"`
	Name       string   `json:"name"`
	Family     string   `json:"family"`
	Reels      int      `json:"reels"`
	Rows       int      `json:"rows"`
	Lines      int      `json:"lines"`
	Volatility string   `json:"volatility"`
	Features   []string `json:"features"`
}

// Catalogue is the catalogue's rows in catalogue order.
func Catalogue() ([]Info, error) {
	ts, err := All()
	if err != nil {
		return nil, err
	}
	var rows []Info
	for _, t := range ts {
		rows = append(rows, Info{ID: t.Spec.ID, Name: t.Spec.Name, Family: t.Spec.Family,
			Reels: t.Game.Reels, Rows: t.Game.Rows, Lines: t.Lines(), Volatility: t.Spec.Volatility, Features: t.Features()})
	}
	return rows, nil
}

// PrintCatalogue writes rows as a table, one title a line.
func PrintCatalogue(w io.Writer, rows []Info) {
	fmt.Fprintf(w, "%-26s %-26s %-16s %-5s %-5s %-10s %s\n", "id", "name", "family", "grid", "lines", "volatility", "features")
	for _, r := range rows {
		fmt.Fprintf(w, "%-26s %-26s %-16s %dx%-3d %-5d %-10s %s\n", r.ID, r.Name, r.Family, r.Reels, r.Rows, r.Lines, r.Volatility, strings.Join(r.Features, ", "))
	}
}
