package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"egm/meters"
	"egm/platform"
)

// stateReader reads critical memory for the readers (meters, recall, events):
// offline from the state directory, or, while the cabinet runs and holds it,
// through the platform's socket as a reader beside the screen.
type stateReader struct {
	view  func(fn func(*meters.Snapshot)) error
	close func() error
}

// offlineStore opens critical memory read-only for the readers; when the machine
// holds the directory it reads through the running platform instead.
func offlineStore(fs *flag.FlagSet, args []string, synopsis string, stderr io.Writer) (st stateReader, asJSON bool, code int, ok bool) {
	stateDir := fs.String("state", "", "state directory (default: the configuration's state_dir)")
	cfgPath := fs.String("config", "", "configuration file (default: the embedded configuration)")
	j := fs.Bool("json", false, "JSON output")
	if code, ok := parseFlags(fs, args); !ok {
		return st, false, code, false
	}
	dir := *stateDir
	if dir == "" {
		cfg, err := loadConfig(*cfgPath)
		if err != nil {
			return st, false, fail(stderr, err), false
		}
		dir = cfg.StateDir
	}
	ro, err := meters.Open(dir, meters.Options{ReadOnly: true})
	if errors.Is(err, meters.ErrLocked) {
		c, derr := platform.DialReader(filepath.Join(dir, platform.SocketName), 5*time.Second)
		if derr != nil {
			return st, false, fail(stderr, fmt.Errorf("egm %s: the machine holds %s and its platform does not answer (%v)", fs.Name(), dir, derr)), false
		}
		return stateReader{view: c.View, close: c.Close}, *j, 0, true
	}
	if err != nil {
		return st, false, fail(stderr, fmt.Errorf("egm %s: %w", fs.Name(), err)), false
	}
	for _, p := range ro.Pending() {
		fmt.Fprintf(stderr, "egm %s: note: critical memory needs a repair the machine will make at its next start: %s\n", fs.Name(), p)
	}
	return stateReader{view: func(fn func(*meters.Snapshot)) error { ro.View(fn); return nil }, close: ro.Close}, *j, 0, true
}

func cmdMeters(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("meters", "meters [--state DIR] [--json]", stderr)
	st, asJSON, code, ok := offlineStore(fs, args, "", stderr)
	if !ok {
		return code
	}
	defer st.close()
	var rep meters.Report
	var game *meters.GameInProgress
	if err := st.view(func(v *meters.Snapshot) {
		rep = v.Report()
		if g, ok := v.Game(); ok {
			game = &g
		}
	}); err != nil {
		return fail(stderr, err)
	}
	if asJSON {
		return writeJSON(stdout, stderr, rep)
	}
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	for i, v := range rep.Meters {
		fmt.Fprintf(w, "%s\t%d\t\n", meters.Meter(i), v)
	}
	for k, v := range rep.Counters {
		fmt.Fprintf(w, "%s\t%d\t\n", k, v)
	}
	w.Flush()
	fmt.Fprintf(stdout, "commit %d; credits invariant: %s\n", rep.Seq, okOr(rep.Meters.Invariant()))
	if game != nil {
		fmt.Fprintf(stdout, "game %d in progress: %s, bet %d cents, step %d %s\n", game.Number, game.Title, game.BetCents, game.Step, game.Phase)
	}
	if len(rep.Games) > 0 {
		fmt.Fprintln(stdout, "\nper title and denomination:")
		w = tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "title\tdenom\tplayed\tcoin in\twon\tRTP")
		for _, g := range rep.Games {
			rtp := "-"
			if g.CoinInCents > 0 {
				rtp = fmt.Sprintf("%.2f%%", 100*float64(g.WonCents)/float64(g.CoinInCents))
			}
			fmt.Fprintf(w, "%s\t%d\t%d\t%d\t%d\t%s\n", g.Title, g.DenomCents, g.GamesPlayed, g.CoinInCents, g.WonCents, rtp)
		}
		w.Flush()
	}
	return 0
}

func okOr(err error) string {
	if err != nil {
		return "BROKEN: " + err.Error()
	}
	return "holds"
}

// recallOutput is `egm recall --json`: newest first, with the game in progress.
type recallOutput struct {
	InProgress *meters.GameInProgress `json:"in_progress,omitempty"`
	Games      []meters.RecallEntry   `json:"games"`
}

func cmdRecall(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("recall", "recall [--state DIR] [--json]", stderr)
	st, asJSON, code, ok := offlineStore(fs, args, "", stderr)
	if !ok {
		return code
	}
	defer st.close()
	var out recallOutput
	if err := st.view(func(v *meters.Snapshot) {
		out.Games = v.Recall()
		if g, ok := v.Game(); ok {
			out.InProgress = &g
		}
	}); err != nil {
		return fail(stderr, err)
	}
	if out.Games == nil {
		out.Games = []meters.RecallEntry{}
	}
	if asJSON {
		return writeJSON(stdout, stderr, out)
	}
	if g := out.InProgress; g != nil {
		fmt.Fprintf(stdout, "in progress: game %d %s, bet %d cents, step %d %s\n\n", g.Number, g.Title, g.BetCents, g.Step, g.Phase)
	}
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "game\ttime\ttitle\tdenom\tline bet\tlines\tbet\tbefore\tafter\twin\tjackpot\thandpay\tnote")
	for _, r := range out.Games {
		note := ""
		if r.Voided {
			note = "VOIDED: " + r.VoidReason
		}
		if len(r.Gamble) > 0 {
			note = strings.TrimSpace(note + " gamble")
		}
		fmt.Fprintf(w, "%d\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\n", r.Number, r.Time.Format("2006-01-02 15:04:05"), r.Title,
			r.DenomCents, r.BetPerLineCredits, r.Lines, r.BetCents, r.CreditsBeforeCents, r.CreditsAfterCents, r.WinCents, r.JackpotCents, r.HandpayCents, note)
	}
	w.Flush()
	fmt.Fprintf(stdout, "%d games (newest first; --json for every outcome step)\n", len(out.Games))
	return 0
}

// eventsOutput is `egm events --json`: oldest first, with the chain's anchor and
// its verification.
type eventsOutput struct {
	Anchor  meters.Anchor  `json:"anchor"`
	ChainOK bool           `json:"chain_ok"`
	Error   string         `json:"chain_error,omitempty"`
	Events  []meters.Event `json:"events"`
}

func cmdEvents(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("events", "events [--state DIR] [--json]", stderr)
	st, asJSON, code, ok := offlineStore(fs, args, "", stderr)
	if !ok {
		return code
	}
	defer st.close()
	var out eventsOutput
	if err := st.view(func(v *meters.Snapshot) { out.Events, out.Anchor = v.Events() }); err != nil {
		return fail(stderr, err)
	}
	if err := meters.VerifyChain(out.Anchor, out.Events); err != nil {
		out.Error = err.Error()
	} else {
		out.ChainOK = true
	}
	if asJSON {
		return writeJSON(stdout, stderr, out)
	}
	for _, e := range out.Events {
		fmt.Fprintf(stdout, "%6d  %s  %-16s %s\n", e.Seq, e.Time.Format("2006-01-02 15:04:05.000"), e.Kind, e.Detail)
	}
	fmt.Fprintf(stdout, "%d events; hash chain: %s\n", len(out.Events), okOr(errIf(out.Error)))
	if !out.ChainOK {
		return 1
	}
	return 0
}

func errIf(s string) error {
	if s == "" {
		return nil
	}
	return errors.New(s)
}
