package campaign

import (
	"fmt"

	"egm/floor"
)

// checkWalletBooks checks the wallet's books after a fault and its recovery, as
// reconciled with the machine's meters: reconciled (the floor's own checks), no
// transfer left pending, and the wallets and the machine's credits adding up to
// what was funded, to the cent. It returns the violations.
func checkWalletBooks(r floor.Reconciliation) []string {
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
func tallyJournal(j []floor.Transfer) (cashIns, cashOuts, refused int) {
	for _, t := range j {
		switch {
		case t.State == floor.StateRefused:
			refused++
		case t.State == floor.StateCommitted && t.Dir == floor.DirIn:
			cashIns++
		case t.State == floor.StateCommitted:
			cashOuts++
		}
	}
	return
}
