package desk

import (
	"context"
	"fmt"
	"sync"

	"egm/floor"
	"egm/sas"
)

// AFTTransferer moves the wallet's transfers (Transferer) over the machines' AFT
// links: a deposit (DirIn) is an in-house transfer type 00, a cash-out (DirOut)
// type 80 answering the machine's cash-out request (6A); the wallet code is the
// AFT transaction id. It is as idempotent as AFT.Transfer.
type AFTTransferer struct {
	mu       sync.Mutex
	machines map[uint32]*floor.AFT
}

// Add links asset's transfers to a.
func (w *AFTTransferer) Add(a *floor.AFT) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.machines == nil {
		w.machines = map[uint32]*floor.AFT{}
	}
	w.machines[a.Asset] = a
}

// Transfer implements Transferer.
func (w *AFTTransferer) Transfer(ctx context.Context, t WalletTransfer) (TransferOutcome, error) {
	w.mu.Lock()
	a := w.machines[t.Asset]
	w.mu.Unlock()
	if a == nil {
		return TransferOutcome{Reason: fmt.Sprintf("no AFT link to asset %d", t.Asset)}, nil
	}
	req := floor.AFTRequest{Type: sas.AFTInHouseToMachine, Cents: t.Cents, ID: t.TxID}
	if t.Dir == DirOut {
		req.Type, req.Flags = sas.AFTInHouseToHost, sas.AFTFlagCashoutRequest
	}
	rep, err := a.Transfer(ctx, req)
	if err != nil {
		return TransferOutcome{}, err
	}
	if rep.ID != t.TxID {
		// A reply about another transaction (a late answer to an earlier poll) says
		// nothing about this one: its outcome stays unknown, to be asked again.
		return TransferOutcome{}, fmt.Errorf("floor: AFT: reply for transaction %q to the request %q: outcome not known", rep.ID, t.TxID)
	}
	if !rep.Status.OK() {
		return TransferOutcome{Reason: "AFT " + rep.Status.String()}, nil
	}
	if rep.Cashable != uint64(t.Cents) {
		return TransferOutcome{Reason: fmt.Sprintf("AFT moved %d cents, not %d", rep.Cashable, t.Cents)}, nil
	}
	return TransferOutcome{Done: true}, nil
}

var _ Transferer = (*AFTTransferer)(nil)

// Decline implements Decliner over the machine's AFT link.
func (w *AFTTransferer) Decline(ctx context.Context, asset uint32, code string) error {
	w.mu.Lock()
	a := w.machines[asset]
	w.mu.Unlock()
	if a == nil {
		return fmt.Errorf("no AFT link to asset %d", asset)
	}
	return a.Decline(ctx, code)
}

var _ Decliner = (*AFTTransferer)(nil)
