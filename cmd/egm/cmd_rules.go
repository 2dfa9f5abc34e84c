package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"egm/games"
	"egm/help"
	"egm/internal/euro"
)

// cmdRules prints a title's player rules (R-HELP-2): the same pages as the help
// screen, generated from the title's math, as text or HTML.
func cmdRules(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("rules", "rules --title ID [--html]", stderr)
	id := fs.String("title", "", "the title's id (egm titles lists them)")
	html := fs.Bool("html", false, "one self-contained HTML page")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *id == "" {
		return badUsage(fs, "--title is required")
	}
	t, err := games.ByID(*id)
	if err != nil {
		return fail(stderr, err)
	}
	r, err := help.NewRules(t)
	if err != nil {
		return fail(stderr, err)
	}
	w := bufio.NewWriter(stdout)
	if *html {
		err = r.WriteHTML(w)
	} else {
		writeRulesText(w, r)
	}
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		return fail(stderr, err)
	}
	return 0
}

func writeRulesText(w io.Writer, r *help.Rules) {
	fmt.Fprintf(w, "%s — %s, %d reels × %d rows, %d lines, volatility %s, RTP %s\n", r.Name, r.Family, r.Reels, r.Rows, len(r.Lines), r.Volatility, r.RTPText())
	fmt.Fprintf(w, "Total bet %s to %s\n\nPaytable (line pays × line bet, scatter × total bet)\n", euro.Format(r.MinBetCents), euro.Format(r.MaxBetCents))
	for _, p := range r.Paytable {
		var pays []string
		for i, n := range p.Counts {
			pays = append(pays, fmt.Sprintf("%d→%d", n, p.X[i]))
		}
		fmt.Fprintf(w, "  %-12s %-8s %-32s %s\n", p.Symbol, p.Kind, strings.Join(pays, " "), p.Note)
	}
	fmt.Fprintln(w, "\nLines (row per reel, 0 = top)")
	for i, l := range r.Lines {
		fmt.Fprintf(w, "  %2d: %v\n", i+1, l)
	}
	for _, f := range r.Features {
		fmt.Fprintf(w, "\n%s\n", f.Name)
		for _, t := range f.Text {
			fmt.Fprintf(w, "  %s\n", t)
		}
	}
}
