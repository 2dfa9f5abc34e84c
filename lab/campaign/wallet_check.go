package campaign

import (
	"fmt"

	"egm/floor/desk"
)

// checkWalletBooks checks the wallet's books after a fault and its recovery, as
// reconciled with the machine's meters: reconciled (the floor's own checks), no
// transfer left pending, and the wallets and the machine's credits adding up to
// what was funded, to the cent. It returns the violations.
func checkWalletBooks(r desk.Reconciliation) []string {
	var out []string
	if !r.OK {
		out = append(out, fmt.Sprintf("not reconciled: %v", r.Problems))
	}
	if r.Pending != 0 {
		out = append(out, fmt.Sprintf("%d transfers pending after recovery", r.Pending))
	}
	if r.Wallets+r.Credits != r.Funded {
		out = append(out, fmt.Sprintf("wallets %d + machine %d != funded %d", r.Wallets, r.Credits, r.Funded))
	}
	return out
}

// tallyJournal counts the journal's committed cash-ins and cash-outs and its
// refusals.
func tallyJournal(j []desk.Transfer) (cashIns, cashOuts, refused int) {
	for _, t := range j {
		switch {
		case t.State == desk.StateRefused:
			refused++
		case t.State == desk.StateCommitted && t.Dir == desk.DirIn:
			cashIns++
		case t.State == desk.StateCommitted:
			cashOuts++
		}
	}
	return
}
