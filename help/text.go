package help

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"egm/internal/euro"
)

// WriteText writes the rules as plain text (`egm rules`): the title's figures and
// bet range, the paytable, the lines and each feature's text.
func (r *Rules) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s — %s, %d reels × %d rows, %d lines, volatility %s, RTP %s\n", r.Name, r.Family, r.Reels, r.Rows, len(r.Lines), r.Volatility, r.RTPText())
	fmt.Fprintf(bw, "Total bet %s to %s\n\nPaytable (line pays × line bet, scatter × total bet)\n", euro.Format(r.MinBetCents), euro.Format(r.MaxBetCents))
	for _, p := range r.Paytable {
		var pays []string
		for i, n := range p.Counts {
			pays = append(pays, fmt.Sprintf("%d→%d", n, p.X[i]))
		}
		fmt.Fprintf(bw, "  %-12s %-8s %-32s %s\n", p.Symbol, p.Kind, strings.Join(pays, " "), p.Note)
	}
	fmt.Fprintln(bw, "\nLines (row per reel, 0 = top)")
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
