package desk

import (
	"context"
	"errors"
	"fmt"

	"egm/wallet"
)

// ErrNothingToReturn: an idle cash-out found no balance on the machine (already
// returned, or played away).
var ErrNothingToReturn = errors.New("floor: wallet: no balance on the machine to return")

// IdleReturn is the floor's answer to a machine's host cash-out request (exception
// 6A) with no scan (R-CASH-6): the machine's whole balance, read by AFT (74), goes
// back to the wallet of the last cash-in, with a transaction id of the floor's
// own — 6A does not carry the machine's cash-out code, and the machine takes a
// host id only for a cash-out it raised itself for idleness. A player's CASH OUT
// raises 6A too: the machine refuses the host id (95), the journal says so, and
// that balance waits for the player's scan of the cash-out code. Journaled like
// every transfer (pending, then committed or refused).
func (w *Wallet) IdleReturn(ctx context.Context, asset uint32) (Transfer, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	m, err := w.machine(asset)
	if err != nil {
		return Transfer{}, err
	}
	if m.Owner == "" {
		return Transfer{}, w.refuse(asset, "", 0, userError{fmt.Errorf("floor: wallet: idle cash-out on asset %d: no wallet is known for the balance; it stays on the machine for staff", asset)})
	}
	cr, ok := w.aft.(CreditsReader)
	if !ok {
		return Transfer{}, w.refuse(asset, m.Owner, 0, userError{errors.New("floor: wallet: no AFT link to the machine: nothing was moved")})
	}
	if err := w.resolveMachine(ctx, asset); err != nil {
		return Transfer{}, w.refuse(asset, m.Owner, 0, err)
	}
	cents, err := cr.Credits(ctx, asset)
	if err != nil {
		return Transfer{}, fmt.Errorf("%w: idle cash-out on asset %d (%v): nothing was moved", ErrCreditsUnread, asset, err)
	}
	if cents <= 0 {
		return Transfer{}, ErrNothingToReturn
	}
	// A transaction id of the floor's own: "H" and 19 symbols of the machines'
	// code alphabet (so it never looks like anything but a code).
	id, err := wallet.NewCodeID("H")
	if err != nil {
		return Transfer{}, fmt.Errorf("floor: wallet: idle cash-out on asset %d: %w: nothing was moved", asset, err)
	}
	return w.idleCashout(ctx, m, id, cents)
}

// RecoverMachine resolves asset's pending transfers (see Recover); it returns how
// many stay pending.
func (w *Wallet) RecoverMachine(ctx context.Context, asset uint32) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.recoverPending(ctx, asset)
}
