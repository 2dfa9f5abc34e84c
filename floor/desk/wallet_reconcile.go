package desk

import (
	"fmt"
	"io"

	"egm/money"
)

// MachineMoney is what one machine's own meters say about the wallet's money on it:
// the AFT transfers in and out and the current credits (cents).
type MachineMoney struct {
	Asset   uint32 `json:"asset"`
	In      int64  `json:"transferred_in_cents"`
	Out     int64  `json:"transferred_out_cents"`
	Credits int64  `json:"current_credits_cents"`
}

// Reconciliation is the check that no money was lost or made:
//
//	wallets + on machines (ledger) + in flight = funded
//
// to the cent, where "on machines" is what the wallet put on the machines less what it
// took back, and "in flight" the cash-ins debited from a wallet whose transfer is still
// pending. With the machines' meters it also checks each machine's transfers against
// the ledger, and counts the players' money now: wallets + the machines' credits + in
// flight = funded − the machines' net win from play (Played).
type Reconciliation struct {
	Funded     int64 `json:"funded_cents"`
	Wallets    int64 `json:"wallets_cents"`
	OnMachines int64 `json:"on_machines_cents"`
	InFlight   int64 `json:"in_flight_cents"`
	Pending    int   `json:"pending_transfers"`
	// With machine meters:
	Credits  int64    `json:"machine_credits_cents"`
	Played   int64    `json:"machines_net_win_cents"`
	Problems []string `json:"problems"`
	OK       bool     `json:"ok"`
	// Currency is the ISO code of the amounts: the floor's ("" read as EUR).
	Currency string `json:"currency,omitempty"`
}

// cur is the reconciliation's currency.
func (r Reconciliation) cur() money.Currency { return money.Recorded(r.Currency) }

// Reconcile checks the wallet's books, and, for each machine in meters, the machine's
// own transfer meters against them.
func (w *Wallet) Reconcile(meters []MachineMoney) (Reconciliation, error) {
	r := Reconciliation{Currency: w.st.Currency().Code}
	ledger := map[uint32]WalletMachine{}
	pendingOut := map[uint32]int64{}
	pendingIn := map[uint32]int64{}
	err := w.view(func(tx walletTx) error {
		// a run again starts afresh
		r.Problems, r.Wallets, r.OnMachines, r.Pending, r.InFlight = nil, 0, 0, 0, 0
		clear(ledger)
		clear(pendingOut)
		clear(pendingIn)
		var err error
		if r.Funded, err = tx.funded(); err != nil {
			return err
		}
		as, err := tx.accounts()
		if err != nil {
			return err
		}
		for _, a := range as {
			if a.Cents < 0 {
				r.Problems = append(r.Problems, fmt.Sprintf("account %s is negative (%s)", a.Player, w.plain(a.Cents)))
			}
			r.Wallets += a.Cents
		}
		ms, err := tx.machines()
		if err != nil {
			return err
		}
		for _, m := range ms {
			ledger[m.Asset] = m
			r.OnMachines += m.Cents
		}
		pend, err := tx.pending(0)
		if err != nil {
			return err
		}
		for _, t := range pend {
			r.Pending++
			if t.Dir == DirIn {
				r.InFlight += t.Cents
				pendingIn[t.Asset] += t.Cents
			} else {
				pendingOut[t.Asset] += t.Cents
			}
		}
		return nil
	})
	if err != nil {
		return r, fmt.Errorf("floor: wallet: reconcile: %w", err)
	}
	if d := r.Wallets + r.OnMachines + r.InFlight - r.Funded; d != 0 {
		r.Problems = append(r.Problems, fmt.Sprintf("wallets %s + on machines %s + in flight %s differ from funded %s by %s",
			w.plain(r.Wallets), w.plain(r.OnMachines), w.plain(r.InFlight), w.plain(r.Funded), w.plain(d)))
	}
	for _, mm := range meters {
		l, ok := ledger[mm.Asset]
		if !ok {
			r.Problems = append(r.Problems, fmt.Sprintf("asset %d: meters given for a machine the wallet does not know", mm.Asset))
			continue
		}
		r.Credits += mm.Credits
		r.Played += mm.In - mm.Out - mm.Credits
		// A pending transfer may or may not have happened on the machine yet.
		dIn, dOut := mm.In-l.InCents, mm.Out-l.OutCents
		if (dIn != 0 && dIn != pendingIn[mm.Asset]) || (dOut != 0 && dOut != pendingOut[mm.Asset]) {
			r.Problems = append(r.Problems, fmt.Sprintf("asset %d: the machine metered %s in and %s out, the wallet's ledger %s in and %s out (pending %s in, %s out)",
				mm.Asset, w.plain(mm.In), w.plain(mm.Out), w.plain(l.InCents), w.plain(l.OutCents), w.plain(pendingIn[mm.Asset]), w.plain(pendingOut[mm.Asset])))
		}
	}
	r.OK = len(r.Problems) == 0
	return r, nil
}

// Print writes the reconciliation for the operator.
func (r Reconciliation) Print(w io.Writer) {
	fmt.Fprintf(w, "funded (total ever put in)    %14s\n", r.cur().Plain(r.Funded))
	fmt.Fprintf(w, "wallet accounts               %14s\n", r.cur().Plain(r.Wallets))
	fmt.Fprintf(w, "on machines (wallet ledger)   %14s\n", r.cur().Plain(r.OnMachines))
	fmt.Fprintf(w, "in flight (%d pending)         %14s\n", r.Pending, r.cur().Plain(r.InFlight))
	if r.Credits != 0 || r.Played != 0 {
		fmt.Fprintf(w, "machine credits (meters)      %14s\n", r.cur().Plain(r.Credits))
		fmt.Fprintf(w, "machines' net win from play   %14s\n", r.cur().Plain(r.Played))
	}
	for _, p := range r.Problems {
		fmt.Fprintf(w, "PROBLEM: %s\n", p)
	}
	if r.OK {
		fmt.Fprintln(w, "reconciled to the cent")
	}
}
