package desk

import (
	"errors"
	"fmt"
)

// walletTx is one transaction of the wallet's records, on the floor database of
// either kind: bbolt (wallet_store_bolt.go, the wallet's buckets) or PostgreSQL
// (wallet_store_pg.go, the tables of floor/pgschema/0003_wallet.sql). The
// wallet's logic is one code path over it; every wallet operation is one
// transaction (Wallet.update, Wallet.view). A function given to them may run
// more than once (PostgreSQL runs it again after a serialization failure): it
// sets its results afresh and has no effect outside the transaction.
type walletTx interface {
	// account is a player's account (ok false: none).
	account(player string) (a Account, ok bool, err error)
	putAccount(a Account) error
	accounts() ([]Account, error)

	// machine is a registered machine (ok false: not registered).
	machine(asset uint32) (m WalletMachine, ok bool, err error)
	putMachine(m WalletMachine) error
	machines() ([]WalletMachine, error)

	// codes are the used codes (to copy a wallet: wallet_copy.go).
	codes() ([]usedCodeRow, error)
	// codeUsed reports a code of asset spent (or being spent): the key that
	// makes a code pay once is (asset, code).
	codeUsed(asset uint32, code string) (bool, error)
	// markCode marks a code spent; a code already marked is ErrReplayed.
	markCode(asset uint32, code string, u UsedCode) error

	// appendTransfer journals t with the next sequence number (returned), in
	// the pending index if pending.
	appendTransfer(t Transfer) (uint64, error)
	// transfer is the journal's entry seq (ok false: none).
	transfer(seq uint64) (t Transfer, ok bool, err error)
	// updateTransfer rewrites entry t.Seq (out of the pending index once no
	// longer pending).
	updateTransfer(t Transfer) error
	// putTransferAt journals t at its own number t.Seq (in the pending index if
	// pending), a copy's (wallet_copy.go); appendTransfer numbers after the
	// highest.
	putTransferAt(t Transfer) error
	journal() ([]Transfer, error)
	// pending is the pending transfers of asset (0: all) in journal order,
	// read through the pending index.
	pending(asset uint32) ([]Transfer, error)

	appendEvent(e WalletEvent) error
	events() ([]WalletEvent, error)

	// funded is the money funded from outside the floor; addFunded adds to it.
	funded() (int64, error)
	addFunded(cents int64) error

	// aftKey is the AFT registration key of asset (nil: none).
	aftKey(asset uint32) ([]byte, error)
	putAFTKey(asset uint32, key []byte) error

	// addRestriction enters r in the register with the next id (returned).
	addRestriction(r Restriction) (uint64, error)
	// restriction is the register's entry id (ok false: none).
	restriction(id uint64) (r Restriction, ok bool, err error)
	// putRestriction rewrites the entry r.ID.
	putRestriction(r Restriction) error
	// putRestrictionAt enters r at its own id r.ID, a copy's (wallet_copy.go);
	// addRestriction numbers after the highest.
	putRestrictionAt(r Restriction) error
	// restrictions is the register (player "": everyone's) in order of id.
	restrictions(player string) ([]Restriction, error)
}

// update runs fn as one read-write transaction of the wallet's records.
func (w *Wallet) update(fn func(tx walletTx) error) error {
	if err := w.db.update(fn); err != nil {
		if errors.Is(err, ErrNoAccount) || errors.Is(err, ErrFunds) || errors.Is(err, ErrReplayed) ||
			errors.Is(err, ErrNotOwner) || errors.Is(err, ErrUnresolved) {
			return err
		}
		var ue userError
		if errors.As(err, &ue) {
			return err
		}
		return fmt.Errorf("floor: wallet: database: %w", err)
	}
	return nil
}

// view runs fn as one read-only transaction of the wallet's records.
func (w *Wallet) view(fn func(tx walletTx) error) error { return w.db.view(fn) }

// walletDB is the wallet's records on one floor database.
type walletDB interface {
	update(fn func(tx walletTx) error) error
	view(fn func(tx walletTx) error) error
}

// usedCodeRow is one used code with its key.
type usedCodeRow struct {
	Code string
	Used UsedCode
}
