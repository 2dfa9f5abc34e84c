package meters

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// The listings are what an engineer reads of critical memory (`egm meters`,
// `egm recall`, `egm events`): as text here, as JSON through their types.

// MetersListing is the meters report with the game in progress, if any.
type MetersListing struct {
	Report
	Game *GameInProgress `json:"-"`
}

// Listing reads the meters listing from a view.
func (v *Snapshot) MetersListing() MetersListing {
	l := MetersListing{Report: v.Report()}
	if g, ok := v.Game(); ok {
		l.Game = &g
	}
	return l
}

// Print writes the meters, the named counters, the credits invariant, the game in
// progress and the meters per title and denomination.
func (l MetersListing) Print(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	for i, v := range l.Meters {
		fmt.Fprintf(tw, "%s\t%d\t\n", Meter(i), v)
	}
	for k, v := range l.Counters {
		fmt.Fprintf(tw, "%s\t%d\t\n", k, v)
	}
	tw.Flush()
	fmt.Fprintf(w, "commit %d; credits invariant: %s\n", l.Seq, holds(l.Meters.Invariant()))
	if g := l.Game; g != nil {
		fmt.Fprintf(w, "game %d in progress: %s, bet %d cents, step %d %s\n", g.Number, g.Title, g.BetCents, g.Step, g.Phase)
	}
	if len(l.Games) == 0 {
		return
	}
	fmt.Fprintln(w, "\nper title and denomination:")
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "title\tdenom\tplayed\tcoin in\twon\tRTP")
	for _, g := range l.Games {
		rtp := "-"
		if g.CoinInCents > 0 {
			rtp = fmt.Sprintf("%.2f%%", 100*float64(g.WonCents)/float64(g.CoinInCents))
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%s\n", g.Title, g.DenomCents, g.GamesPlayed, g.CoinInCents, g.WonCents, rtp)
	}
	tw.Flush()
}

// RecallListing is game recall, newest first, with the game in progress.
type RecallListing struct {
	InProgress *GameInProgress `json:"in_progress,omitempty"`
	Games      []RecallEntry   `json:"games"`
}

// RecallListing reads the recall listing from a view.
func (v *Snapshot) RecallListing() RecallListing {
	l := RecallListing{Games: v.Recall()}
	if l.Games == nil {
		l.Games = []RecallEntry{}
	}
	if g, ok := v.Game(); ok {
		l.InProgress = &g
	}
	return l
}

// Print writes one line a game (the outcomes are in the JSON).
func (l RecallListing) Print(w io.Writer) {
	if g := l.InProgress; g != nil {
		fmt.Fprintf(w, "in progress: game %d %s, bet %d cents, step %d %s\n\n", g.Number, g.Title, g.BetCents, g.Step, g.Phase)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "game\ttime\ttitle\tdenom\tline bet\tlines\tbet\tbefore\tafter\twin\tjackpot\thandpay\tnote")
	for _, r := range l.Games {
		note := ""
		if r.Voided {
			note = "VOIDED: " + r.VoidReason
		}
		if len(r.Gamble) > 0 {
			note = strings.TrimSpace(note + " gamble")
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\n", r.Number, r.Time.Format("2006-01-02 15:04:05"), r.Title,
			r.DenomCents, r.BetPerLineCredits, r.Lines, r.BetCents, r.CreditsBeforeCents, r.CreditsAfterCents, r.WinCents, r.JackpotCents, r.HandpayCents, note)
	}
	tw.Flush()
	fmt.Fprintf(w, "%d games (newest first; --json for every outcome step)\n", len(l.Games))
}

// EventsListing is the kept event log, oldest first, with the chain's anchor and
// its verification.
type EventsListing struct {
	Anchor  Anchor  `json:"anchor"`
	ChainOK bool    `json:"chain_ok"`
	Error   string  `json:"chain_error,omitempty"`
	Events  []Event `json:"events"`
}

// EventsListing reads the event log from a view and verifies its chain.
func (v *Snapshot) EventsListing() EventsListing {
	var l EventsListing
	l.Events, l.Anchor = v.Events()
	if err := VerifyChain(l.Anchor, l.Events); err != nil {
		l.Error = err.Error()
	} else {
		l.ChainOK = true
	}
	return l
}

// Print writes one line an event and whether the chain holds.
func (l EventsListing) Print(w io.Writer) {
	for _, e := range l.Events {
		fmt.Fprintf(w, "%6d  %s  %-16s %s\n", e.Seq, e.Time.Format("2006-01-02 15:04:05.000"), e.Kind, e.Detail)
	}
	state := "holds"
	if !l.ChainOK {
		state = "BROKEN: " + l.Error
	}
	fmt.Fprintf(w, "%d events; hash chain: %s\n", len(l.Events), state)
}

func holds(err error) string {
	if err != nil {
		return "BROKEN: " + err.Error()
	}
	return "holds"
}
