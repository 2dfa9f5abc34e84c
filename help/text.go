package help

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// WriteText writes the rules as plain text (`egm rules`), in the rules'
// language: the title's figures and bet range, the paytable, the lines and each
// feature's text.
func (r *Rules) WriteText(w io.Writer) error {
	p := r.p
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, p.T("rules.text.heading", "Name", r.Name, "Family", r.Family, "Reels", r.Reels, "Rows", r.Rows,
		"Lines", len(r.Lines), "Volatility", r.VolatilityText(), "RTP", r.RTPText()))
	fmt.Fprintln(bw, p.T("rules.text.total_bet", "Min", p.Money(r.MinBetCents), "Max", p.Money(r.MaxBetCents)))
	fmt.Fprintf(bw, "\n%s\n", p.T("rules.text.paytable"))
	for _, row := range r.Paytable {
		var pays []string
		for i, n := range row.Counts {
			pays = append(pays, fmt.Sprintf("%d→%d", n, row.X[i]))
		}
		fmt.Fprintf(bw, "  %s %s %s %s\n", pad(row.Symbol, 12), pad(row.KindText, 10), pad(strings.Join(pays, " "), 32), row.Note)
	}
	fmt.Fprintf(bw, "\n%s\n", p.T("rules.text.lines"))
	for i, l := range r.Lines {
		fmt.Fprintf(bw, "  %2d: %v\n", i+1, l)
	}
	for _, f := range r.Features {
		fmt.Fprintf(bw, "\n%s\n", f.Name)
		for _, t := range f.Text {
			fmt.Fprintf(bw, "  %s\n", t)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("help: rules: %w", err)
	}
	return nil
}

// pad fills s with spaces to n runes (fmt's %-12s counts bytes, and Cyrillic
// letters take two).
func pad(s string, n int) string {
	if k := len([]rune(s)); k < n {
		return s + strings.Repeat(" ", n-k)
	}
	return s
}
