package meters

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"egm/money"
)

// The listings are what an engineer reads of critical memory (`egm meters`,
// `egm recall`, `egm events`): as text here, as JSON through their types.

// Units is how a listing's text prints amounts: in the state's currency
// (Currency.Plain; the zero Currency is EUR) or, with Cents, as raw integer minor
// units. Every column says its unit.
type Units struct {
	Cents    bool
	Currency money.Currency // the state's (Snapshot.Currency)
}

// Money is an amount of minor units as the listing prints it: "12.50 EUR",
// "250.00 KZT" or "1250".
func (u Units) Money(cents int64) string {
	if u.Cents {
		return fmt.Sprint(cents)
	}
	return u.Currency.OrRecorded().Plain(cents)
}

// Head is a money column's heading: the name, with "(cents)" when raw.
func (u Units) Head(name string) string {
	if u.Cents {
		return name + " (cents)"
	}
	return name
}

// key is a meter's or counter's name as the listing prints it with its value: a
// money name (…_cents, …_cents:title) loses "_cents" when the value shows the
// currency; money tells which names count cents.
func (u Units) key(name string) (shown string, money bool) {
	base, title, _ := strings.Cut(name, ":")
	if !strings.HasSuffix(base, "_cents") {
		return name, false
	}
	if u.Cents {
		return name, true
	}
	shown = strings.TrimSuffix(base, "_cents")
	if title != "" {
		shown += ":" + title
	}
	return shown, true
}

func (u Units) value(name string, v int64) (string, string) {
	shown, money := u.key(name)
	if money {
		return shown, u.Money(v)
	}
	return shown, fmt.Sprint(v)
}

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

// Print writes the meters, the named counters (by name), the credits invariant,
// the game in progress and the meters per title and denomination.
func (l MetersListing) Print(w io.Writer, u Units) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	for i, v := range l.Meters {
		k, s := u.value(Meter(i).String(), v)
		fmt.Fprintf(tw, "%s\t%s\t\n", k, s)
	}
	names := make([]string, 0, len(l.Counters))
	for k := range l.Counters {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, n := range names {
		k, s := u.value(n, l.Counters[n])
		fmt.Fprintf(tw, "%s\t%s\t\n", k, s)
	}
	tw.Flush()
	fmt.Fprintf(w, "commit %d; credits invariant: %s\n", l.Seq, holds(l.Meters.Invariant()))
	if g := l.Game; g != nil {
		fmt.Fprintf(w, "game %d in progress: %s, bet %s, step %d %s\n", g.Number, g.Title, u.Money(g.BetCents), g.Step, g.Phase)
	}
	if len(l.Games) == 0 {
		return
	}
	fmt.Fprintln(w, "\nper title and denomination:")
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "title\t%s\tgames played\t%s\t%s\tRTP\n", u.Head("denom"), u.Head("coin in"), u.Head("won"))
	for _, g := range l.Games {
		rtp := "-"
		if g.CoinInCents > 0 {
			rtp = fmt.Sprintf("%.2f%%", 100*float64(g.WonCents)/float64(g.CoinInCents))
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%s\n", g.Title, u.Money(g.DenomCents), g.GamesPlayed, u.Money(g.CoinInCents), u.Money(g.WonCents), rtp)
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

// Print writes one line a game (the outcomes are in the JSON). The line bet is
// in credits of the game's denomination; every other amount in u.
func (l RecallListing) Print(w io.Writer, u Units) {
	if g := l.InProgress; g != nil {
		fmt.Fprintf(w, "in progress: game %d %s, bet %s, step %d %s\n\n", g.Number, g.Title, u.Money(g.BetCents), g.Step, g.Phase)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "game\ttime\ttitle\t%s\tline bet (credits)\tlines\t%s\t%s\t%s\t%s\t%s\t%s\tnote\n", u.Head("denom"), u.Head("bet"),
		u.Head("credits before"), u.Head("credits after"), u.Head("win"), u.Head("jackpot"), u.Head("handpay"))
	for _, r := range l.Games {
		note := ""
		if r.Voided {
			note = "VOIDED: " + r.VoidReason
		}
		if len(r.Gamble) > 0 {
			note = strings.TrimSpace(note + " gamble")
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Number, r.Time.Format("2006-01-02 15:04:05"), r.Title,
			u.Money(r.DenomCents), r.BetPerLineCredits, r.Lines, u.Money(r.BetCents), u.Money(r.CreditsBeforeCents), u.Money(r.CreditsAfterCents),
			u.Money(r.WinCents), u.Money(r.JackpotCents), u.Money(r.HandpayCents), note)
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

// Print writes one line an event and whether the chain holds (an event's detail
// is the machine's own words; u is for the readers' one signature).
func (l EventsListing) Print(w io.Writer, _ Units) {
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
