package desk

import (
	"context"
	"errors"
	"fmt"

	"egm/wallet"
)

// Scan is a player's wallet scanning a machine's QR code (the payload's text).
//
// A cash-in code moves cents from the player's account onto the machine: the code is
// verified (the machine is registered here and names itself, the signature is the
// registered key's, not expired, never used), the account is debited into a pending
// journal entry in one transaction, the machine is asked for an AFT transfer in with
// the code as its transaction id, and the entry is committed, or refused and the
// account refunded. A cash-out code pulls the balance it shows off the machine into
// the account of the wallet that put it there (R-CASH-3); cents must be 0 or that
// amount.
//
// Every refusal is logged in the wallet's event log and returned with its cause
// (errors.Is: wallet.ErrMalformed, ErrForged, ErrExpired, ErrForeignMachine,
// ErrReplayed, ErrNotOwner, ErrFunds, ErrNoAccount, ErrUnresolved, ErrRestricted:
// a cash-in by a player on the register, restricted or under 21, refused before
// anything is journaled, the machine told by declining its code). A transfer whose
// outcome the link could not tell stays pending (ErrTransferState) until Recover or
// the machine's next scan resolves it: no money is lost or made meanwhile.
func (w *Wallet) Scan(ctx context.Context, text, player string, cents int64) (Transfer, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	s, m, err := w.check(text)
	if err != nil {
		return Transfer{}, w.refuse(m.Asset, player, cents, err)
	}
	if err := validPlayer(player); err != nil {
		return Transfer{}, w.refuse(m.Asset, "", cents, err)
	}
	t := Transfer{Asset: s.Asset, Code: s.Code, Player: player}
	switch s.Kind {
	case wallet.CashIn:
		if cents <= 0 || cents > wallet.MaxCents {
			return Transfer{}, w.refuse(m.Asset, player, cents, userError{fmt.Errorf("floor: wallet: cash-in of %d cents outside 1..%d", cents, wallet.MaxCents)})
		}
		t.Dir, t.Cents = DirIn, cents
		// Player protection (R-PLAYER-1/2), before any money moves; a cash-out is
		// never barred: a balance on the machine always returns to its wallet.
		if r, barred, err := w.Barred(player); err != nil {
			return Transfer{}, w.refuse(m.Asset, player, cents, err)
		} else if barred {
			return Transfer{}, w.refuseRestricted(ctx, s.Asset, s.Code, player, cents, r)
		}
	case wallet.CashOut:
		if cents != 0 && cents != s.Cents {
			return Transfer{}, w.refuse(m.Asset, player, cents, userError{fmt.Errorf("floor: wallet: the cash-out code is for %s, not %s", w.plain(s.Cents), w.plain(cents))})
		}
		t.Dir, t.Cents = DirOut, s.Cents
	}
	if w.aft == nil {
		return Transfer{}, w.refuse(m.Asset, player, t.Cents, userError{errors.New("floor: wallet: no AFT link to the machine: nothing was moved")})
	}
	if err := w.resolveMachine(ctx, s.Asset); err != nil {
		return Transfer{}, w.refuse(m.Asset, player, t.Cents, err)
	}
	ownerGone := false
	if t.Dir == DirIn && m.Owner != "" && m.Owner != player {
		if ownerGone, err = w.balanceGone(ctx, m); err != nil {
			return Transfer{}, w.refuse(m.Asset, player, t.Cents, err)
		}
	}
	t, err = w.begin(t, ownerGone)
	if err != nil {
		return Transfer{}, w.refuse(m.Asset, player, t.Cents, err)
	}
	return w.execute(ctx, t)
}

// balanceGone tells whether the machine's balance, last paid in by another wallet,
// is gone (played away): then a new wallet may pay in.
func (w *Wallet) balanceGone(ctx context.Context, m WalletMachine) (bool, error) {
	cr, ok := w.aft.(CreditsReader)
	if !ok {
		return false, nil
	}
	c, err := cr.Credits(ctx, m.Asset)
	if err != nil {
		return false, userError{fmt.Errorf("%w: asset %d (%v): nothing was moved", ErrCreditsUnread, m.Asset, err)}
	}
	return c == 0, nil
}

// IdleCashout returns a machine's balance to the wallet that put it there without a
// scan (R-CASH-6): the machine raised the cash-out by itself after its idle time, with
// its live cash-out code (code) for cents.
func (w *Wallet) IdleCashout(ctx context.Context, asset uint32, code string, cents int64) (Transfer, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	m, err := w.machine(asset)
	if err != nil {
		return Transfer{}, w.refuse(asset, "", cents, err)
	}
	if m.Owner == "" {
		return Transfer{}, w.refuse(asset, "", cents, userError{fmt.Errorf("floor: wallet: idle cash-out of %s on asset %d: no wallet is known for the balance; it stays on the machine for staff", w.plain(cents), asset)})
	}
	return w.idleCashout(ctx, m, code, cents)
}

// idleCashout journals and runs the idle cash-out of m's balance (cents) to its
// owner with the transaction id code.
func (w *Wallet) idleCashout(ctx context.Context, m WalletMachine, code string, cents int64) (Transfer, error) {
	asset := m.Asset
	if cents <= 0 || cents > wallet.MaxCents || code == "" || len(code) > wallet.MaxCode {
		return Transfer{}, w.refuse(asset, m.Owner, cents, userError{fmt.Errorf("floor: wallet: idle cash-out of %d cents with a %d-byte code refused", cents, len(code))})
	}
	if w.aft == nil {
		return Transfer{}, w.refuse(asset, m.Owner, cents, userError{errors.New("floor: wallet: no AFT link to the machine: nothing was moved")})
	}
	if err := w.resolveMachine(ctx, asset); err != nil {
		return Transfer{}, w.refuse(asset, m.Owner, cents, err)
	}
	t, err := w.begin(Transfer{Dir: DirOut, Asset: asset, Code: code, Player: m.Owner, Cents: cents, Idle: true}, false)
	if err != nil {
		return Transfer{}, w.refuse(asset, m.Owner, cents, err)
	}
	return w.execute(ctx, t)
}

// check parses and verifies a scanned payload against the registered machine.
func (w *Wallet) check(text string) (wallet.Signed, WalletMachine, error) {
	s, err := wallet.Parse(text)
	if err != nil {
		return s, WalletMachine{}, err
	}
	m, err := w.machine(s.Asset)
	if err != nil {
		return s, WalletMachine{Asset: s.Asset}, err
	}
	if err := s.CheckMachine(m.Asset, m.ID); err != nil {
		return s, m, err
	}
	pub, err := machinePub(m)
	if err != nil {
		return s, m, err
	}
	return s, m, s.Verify(pub, w.opt.Now())
}

// machine returns a registered machine; an unknown asset is a foreign machine.
func (w *Wallet) machine(asset uint32) (WalletMachine, error) {
	var m WalletMachine
	var ok bool
	err := w.view(func(tx walletTx) error {
		var err error
		m, ok, err = tx.machine(asset)
		return err
	})
	if err != nil {
		return m, fmt.Errorf("floor: wallet: database: %w", err)
	}
	if !ok {
		return WalletMachine{Asset: asset}, fmt.Errorf("%w: asset %d is not registered with this floor's wallet", wallet.ErrForeignMachine, asset)
	}
	return m, nil
}

// refuse logs a refusal and returns it with the package prefix.
func (w *Wallet) refuse(asset uint32, player string, cents int64, err error) error {
	if !errors.Is(err, ErrReplayed) && !errors.Is(err, ErrNotOwner) && !errors.Is(err, ErrFunds) &&
		!errors.Is(err, ErrNoAccount) && !errors.Is(err, ErrUnresolved) && !errors.As(err, new(userError)) {
		err = fmt.Errorf("floor: %w", err)
	}
	_ = w.db.update(func(tx walletTx) error {
		return w.logEvent(tx, WalletEvent{Kind: "refused", Asset: asset, Player: player, Cents: cents, Message: err.Error()})
	})
	return err
}

// begin journals a transfer as pending, marks its code used and, for a cash-in,
// debits the account — all in one transaction, before the machine is asked.
// ownerGone: the machine reported no balance, so another wallet may pay in.
func (w *Wallet) begin(t Transfer, ownerGone bool) (Transfer, error) {
	replayed := fmt.Errorf("%w: this %s code of asset %d was scanned before", ErrReplayed, t.Dir.kind(), t.Asset)
	err := w.db.update(func(tx walletTx) error {
		if used, err := tx.codeUsed(t.Asset, t.Code); err != nil {
			return err
		} else if used {
			return replayed
		}
		a, ok, err := tx.account(t.Player)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("%w: %q", ErrNoAccount, t.Player)
		}
		m, _, err := tx.machine(t.Asset)
		if err != nil {
			return err
		}
		switch t.Dir {
		case DirIn:
			if a.Cents < t.Cents {
				return fmt.Errorf("%w: %s has %s, the cash-in is %s", ErrFunds, t.Player, w.plain(a.Cents), w.plain(t.Cents))
			}
			if m.Owner != "" && m.Owner != t.Player && !ownerGone {
				return fmt.Errorf("%w: asset %d holds the balance of another wallet; it must be cashed out first", ErrNotOwner, t.Asset)
			}
			a.Cents -= t.Cents
			if err := tx.putAccount(a); err != nil {
				return err
			}
		case DirOut:
			if m.Owner != t.Player {
				return fmt.Errorf("%w: %s did not put the balance of asset %d in", ErrNotOwner, t.Player, t.Asset)
			}
		}
		t.Seq, t.State, t.Created = 0, StatePending, w.opt.Now()
		seq, err := tx.appendTransfer(t)
		if err != nil {
			return err
		}
		t.Seq = seq
		if err := tx.markCode(t.Asset, t.Code, UsedCode{Asset: t.Asset, Player: t.Player, Seq: seq, Time: t.Created}); err != nil {
			if errors.Is(err, ErrReplayed) {
				return replayed
			}
			return err
		}
		return w.logEvent(tx, WalletEvent{Kind: "pending", Asset: t.Asset, Player: t.Player, Cents: t.Cents,
			Message: fmt.Sprintf("transfer %d: %s of %s, asset %d, wallet %s: pending", seq, t.Dir.kind(), w.plain(t.Cents), t.Asset, t.Player)})
	})
	if err != nil {
		return t, w.wrapDB(err)
	}
	return t, nil
}

func (w *Wallet) wrapDB(err error) error {
	for _, e := range []error{ErrReplayed, ErrNotOwner, ErrFunds, ErrNoAccount, ErrUnresolved} {
		if errors.Is(err, e) {
			return err
		}
	}
	return fmt.Errorf("floor: wallet: database: %w", err)
}

func (d Direction) kind() string {
	if d == DirIn {
		return "cash-in"
	}
	return "cash-out"
}

// execute asks the machine for the journaled transfer and records its outcome.
func (w *Wallet) execute(ctx context.Context, t Transfer) (Transfer, error) {
	if w.aft == nil {
		return t, fmt.Errorf("%w: no AFT link", ErrTransferState)
	}
	out, err := w.aft.Transfer(ctx, WalletTransfer{Asset: t.Asset, Dir: t.Dir, TxID: t.Code, Cents: t.Cents})
	if err != nil {
		return t, fmt.Errorf("%w: transfer %d: %v", ErrTransferState, t.Seq, err)
	}
	t, err = w.resolve(t.Seq, out)
	if err != nil {
		return t, err
	}
	if t.State == StateRefused {
		return t, fmt.Errorf("floor: wallet: transfer %d refused by the machine: %s", t.Seq, t.Reason)
	}
	return t, nil
}

// resolve records a pending transfer's final outcome in one transaction: committed
// (the machine's share and, for a cash-out, the account up) or refused (a cash-in's
// debit refunded). A transfer already resolved is returned as it is.
func (w *Wallet) resolve(seq uint64, out TransferOutcome) (Transfer, error) {
	var t Transfer
	err := w.db.update(func(tx walletTx) error {
		var ok bool
		var err error
		t, ok, err = tx.transfer(seq)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("no transfer %d", seq)
		}
		if t.State != StatePending {
			return nil
		}
		a, _, err := tx.account(t.Player)
		if err != nil {
			return err
		}
		a.Player = t.Player
		m, _, err := tx.machine(t.Asset)
		if err != nil {
			return err
		}
		t.Resolved = w.opt.Now()
		msg := ""
		if out.Done {
			t.State = StateCommitted
			switch t.Dir {
			case DirIn:
				m.Cents += t.Cents
				m.InCents += t.Cents
				m.Owner = t.Player
			case DirOut:
				a.Cents += t.Cents
				m.Cents -= t.Cents
				m.OutCents += t.Cents
				m.Owner = ""
			}
			msg = fmt.Sprintf("transfer %d: %s of %s, asset %d, wallet %s: done", t.Seq, t.Dir.kind(), w.plain(t.Cents), t.Asset, t.Player)
			if t.Idle {
				msg += " (idle cash-out, R-CASH-6)"
			}
		} else {
			t.State, t.Reason = StateRefused, out.Reason
			if t.Dir == DirIn {
				a.Cents += t.Cents
			}
			msg = fmt.Sprintf("transfer %d: %s of %s, asset %d, wallet %s: refused by the machine (%s)", t.Seq, t.Dir.kind(), w.plain(t.Cents), t.Asset, t.Player, out.Reason)
		}
		if err := tx.putAccount(a); err != nil {
			return err
		}
		if err := tx.putMachine(m); err != nil {
			return err
		}
		if err := tx.updateTransfer(t); err != nil {
			return err
		}
		kind := "refused"
		if out.Done {
			kind = "cash_in"
			if t.Dir == DirOut {
				kind = "cash_out"
			}
		}
		if err := w.logEvent(tx, WalletEvent{Kind: kind, Asset: t.Asset, Player: t.Player, Cents: t.Cents, Message: msg}); err != nil {
			return err
		}
		if out.Done && t.Dir == DirIn && t.Cents >= w.opt.AMLThresholdCents {
			return w.logEvent(tx, WalletEvent{Kind: "aml", Asset: t.Asset, Player: t.Player, Cents: t.Cents,
				Message: fmt.Sprintf("cash-in of %s by %s at or above %s: due diligence (R-CASH-4)", w.plain(t.Cents), t.Player, w.plain(w.opt.AMLThresholdCents))})
		}
		return nil
	})
	if err != nil {
		return t, fmt.Errorf("floor: wallet: resolve transfer %d: %w", seq, err)
	}
	return t, nil
}

// Pending lists the transfers whose outcome is not yet known (asset 0: all), in
// journal order. It reads them through the pending index (wallet_pending, kept in
// the transactions that journal and resolve a transfer), so its cost is the
// pending transfers', not the whole journal's.
func (w *Wallet) Pending(asset uint32) ([]Transfer, error) {
	var out []Transfer
	err := w.view(func(tx walletTx) (err error) { out, err = tx.pending(asset); return err })
	if err != nil {
		return nil, fmt.Errorf("floor: wallet: journal: %w", err)
	}
	return out, nil
}

// Recover resolves every pending transfer by asking the machine again with the same
// transaction id (the AFT client interrogates it and never moves money twice). It
// returns how many stay pending (their machine did not answer), and why.
func (w *Wallet) Recover(ctx context.Context) (left int, err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.recoverPending(ctx, 0)
}

func (w *Wallet) recoverPending(ctx context.Context, asset uint32) (int, error) {
	ps, err := w.Pending(asset)
	if err != nil {
		return 0, err
	}
	left := 0
	var why []error
	for _, t := range ps {
		if _, err := w.execute(ctx, t); err != nil && errors.Is(err, ErrTransferState) {
			left++
			why = append(why, err)
		}
	}
	return left, errors.Join(why...)
}

// resolveMachine resolves the machine's pending transfers before a new one: the
// machine takes one transfer at a time.
func (w *Wallet) resolveMachine(ctx context.Context, asset uint32) error {
	left, err := w.recoverPending(ctx, asset)
	if left > 0 {
		return fmt.Errorf("%w: asset %d has %d transfer(s) whose outcome the link has not told yet (%v)", ErrUnresolved, asset, left, err)
	}
	return err
}
