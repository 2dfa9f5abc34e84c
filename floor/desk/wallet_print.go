package desk

import (
	"fmt"
	"io"
	"text/tabwriter"

	"egm/money"
)

// Print writes the balances as two tables: the players' accounts, and per machine
// the money the wallet put on it, in and out, and its owner.
func (b Balances) Print(w io.Writer) {
	c := money.Recorded(b.Currency)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "player\tbalance\t")
	for _, a := range b.Accounts {
		fmt.Fprintf(tw, "%s\t%s\t\n", a.Player, c.Plain(a.Cents))
	}
	fmt.Fprintln(tw, "\t\t")
	fmt.Fprintln(tw, "asset\tmachine\ton machine\tin\tout\towner\t")
	for _, m := range b.Machines {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t\n", m.Asset, m.ID, c.Plain(m.Cents), c.Plain(m.InCents), c.Plain(m.OutCents), m.Owner)
	}
	tw.Flush()
}

// PrintEvents writes the wallet's event log, one event a line.
func PrintEvents(w io.Writer, ev []WalletEvent) {
	for _, e := range ev {
		fmt.Fprintf(w, "%s  %-8s %s\n", e.Time.Format("2006-01-02 15:04:05"), e.Kind, e.Message)
	}
}

// AccountLine is a player's account for people, in the floor's currency c:
// "p1  12.50 EUR".
func AccountLine(a Account, c money.Currency) string {
	return fmt.Sprintf("%s  %s", a.Player, c.OrRecorded().Plain(a.Cents))
}

// ScanLine is a scan's transfer for people, with the player's balance after it,
// in the floor's currency c.
func ScanLine(t Transfer, player string, balance int64, c money.Currency) string {
	c = c.OrRecorded()
	return fmt.Sprintf("transfer %d: %s of %s on asset %d: %s; %s now has %s", t.Seq, DirWord(t.Dir), c.Plain(t.Cents), t.Asset, t.State, player, c.Plain(balance))
}

// IdleLine is an idle cash-out's transfer for people, with the balance of the
// wallet it returned to, in the floor's currency c.
func IdleLine(t Transfer, balance int64, c money.Currency) string {
	c = c.OrRecorded()
	return fmt.Sprintf("transfer %d: idle cash-out of %s on asset %d: %s; %s now has %s", t.Seq, c.Plain(t.Cents), t.Asset, t.State, t.Player, c.Plain(balance))
}

// Currency is the floor's currency, in which the wallet keeps its accounts.
func (w *Wallet) Currency() money.Currency { return w.st.Currency() }
