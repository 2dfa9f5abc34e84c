package desk

import (
	"fmt"
	"reflect"
	"time"

	"egm/floor"
)

// Moving the wallet from one floor database to another (egm-floor migrate: a
// bbolt floor into PostgreSQL): CopyWallet copies every record of the wallet —
// the players' accounts, the registered machines and their AFT keys, the used
// codes, the journal of transfers (its pending ones pending), the event log, the
// money funded and the register — into a database whose wallet holds nothing,
// in one transaction of it, then reads both back and compares them record by
// record. Every journal entry keeps its number and every register entry its id
// (a PostgreSQL wallet's may skip numbers: a rolled-back transaction spends
// one); the destination numbers its next ones after the highest.

// WalletCopied is what CopyWallet moved, for the report.
type WalletCopied struct {
	Accounts     int
	BalanceCents int64 // Σ the accounts
	FundedCents  int64
	Machines     int
	OnMachines   int64 // Σ what the wallet has put on the machines
	Transfers    int
	Pending      int
	Codes        int
	Events       int
	Restrictions int
}

// walletRecords are all of a wallet's records.
type walletRecords struct {
	accounts     []Account
	machines     []WalletMachine
	keys         map[uint32][]byte
	codes        []usedCodeRow
	journal      []Transfer
	events       []WalletEvent
	funded       int64
	restrictions []Restriction
}

func readWallet(tx walletTx) (walletRecords, error) {
	var r walletRecords
	var err error
	if r.accounts, err = tx.accounts(); err != nil {
		return r, err
	}
	if r.machines, err = tx.machines(); err != nil {
		return r, err
	}
	r.keys = map[uint32][]byte{}
	for _, m := range r.machines {
		k, err := tx.aftKey(m.Asset)
		if err != nil {
			return r, err
		}
		if k != nil {
			r.keys[m.Asset] = k
		}
	}
	if r.codes, err = tx.codes(); err != nil {
		return r, err
	}
	if r.journal, err = tx.journal(); err != nil {
		return r, err
	}
	if r.events, err = tx.events(); err != nil {
		return r, err
	}
	if r.funded, err = tx.funded(); err != nil {
		return r, err
	}
	r.restrictions, err = tx.restrictions("")
	return r, err
}

// empty reports whether the records hold nothing.
func (r walletRecords) empty() bool {
	return len(r.accounts)+len(r.machines)+len(r.codes)+len(r.journal)+len(r.events)+len(r.restrictions) == 0 && r.funded == 0
}

// CopyWallet copies the wallet in src into dst, whose wallet must hold nothing
// (nothing written otherwise), and checks that dst's wallet then reads back as
// src's. Stop the floor that writes src first.
func CopyWallet(dst, src *floor.Store) (WalletCopied, error) {
	var c WalletCopied
	from, err := OpenWallet(src, nil, WalletOptions{})
	if err != nil {
		return c, err
	}
	to, err := OpenWallet(dst, nil, WalletOptions{})
	if err != nil {
		return c, err
	}
	var want walletRecords
	if err := from.view(func(tx walletTx) (err error) { want, err = readWallet(tx); return err }); err != nil {
		return c, fmt.Errorf("floor: wallet: migrate: read the source: %w", err)
	}
	err = to.db.update(func(tx walletTx) error {
		if err := walletEmpty(tx); err != nil {
			return err
		}
		return writeWallet(tx, want)
	})
	if err != nil {
		return c, fmt.Errorf("floor: wallet: migrate: write: %w", err)
	}
	var got walletRecords
	if err := to.view(func(tx walletTx) (err error) { got, err = readWallet(tx); return err }); err != nil {
		return c, fmt.Errorf("floor: wallet: migrate: read back: %w", err)
	}
	if err := sameWallet(want, got); err != nil {
		return c, fmt.Errorf("floor: wallet: migrate: the copy differs from the source (the destination keeps it: empty it before trying again): %w", err)
	}
	return want.totals(), nil
}

// CheckWalletEmpty refuses (floor.ErrNotEmpty) a floor database whose wallet
// holds anything: what CopyWallet checks before it writes, for egm-floor migrate
// to check every part of its destination before it writes any.
func CheckWalletEmpty(dst *floor.Store) error {
	w, err := OpenWallet(dst, nil, WalletOptions{})
	if err != nil {
		return err
	}
	if err := w.view(walletEmpty); err != nil {
		return fmt.Errorf("floor: wallet: migrate: %w", err)
	}
	return nil
}

// walletEmpty refuses a wallet that holds any record.
func walletEmpty(tx walletTx) error {
	have, err := readWallet(tx)
	if err != nil {
		return fmt.Errorf("read the destination: %w", err)
	}
	if !have.empty() {
		return fmt.Errorf("%w: its wallet has %d accounts, %d machines, %d transfers, %d used codes, %d events, %d register entries: refused, nothing written (give it a new database)",
			floor.ErrNotEmpty, len(have.accounts), len(have.machines), len(have.journal), len(have.codes), len(have.events), len(have.restrictions))
	}
	return nil
}

// writeWallet writes r into an empty wallet, the journal's and the register's
// numbers kept.
func writeWallet(tx walletTx, r walletRecords) error {
	for _, a := range r.accounts {
		if err := tx.putAccount(a); err != nil {
			return err
		}
	}
	for _, m := range r.machines {
		if err := tx.putMachine(m); err != nil {
			return err
		}
		if k := r.keys[m.Asset]; k != nil {
			if err := tx.putAFTKey(m.Asset, k); err != nil {
				return err
			}
		}
	}
	for _, t := range r.journal {
		if err := tx.putTransferAt(t); err != nil {
			return err
		}
	}
	for _, u := range r.codes {
		if err := tx.markCode(u.Used.Asset, u.Code, u.Used); err != nil {
			return err
		}
	}
	for _, e := range r.events {
		if err := tx.appendEvent(e); err != nil {
			return err
		}
	}
	if r.funded != 0 {
		if err := tx.addFunded(r.funded); err != nil {
			return err
		}
	}
	for _, x := range r.restrictions {
		if err := tx.putRestrictionAt(x); err != nil {
			return err
		}
	}
	return nil
}

// sameWallet compares two wallets' records, times to the microsecond (what
// PostgreSQL keeps).
func sameWallet(want, got walletRecords) error {
	us := func(t time.Time) time.Time { return t.Truncate(time.Microsecond).UTC() }
	for _, r := range []*walletRecords{&want, &got} {
		for i := range r.journal {
			r.journal[i].Created, r.journal[i].Resolved = us(r.journal[i].Created), us(r.journal[i].Resolved)
		}
		for i := range r.codes {
			r.codes[i].Used.Time = us(r.codes[i].Used.Time)
		}
		for i := range r.events {
			r.events[i].Time = us(r.events[i].Time)
		}
		for i := range r.restrictions {
			x := &r.restrictions[i]
			x.From, x.Until, x.Created, x.Lifted = us(x.From), us(x.Until), us(x.Created), us(x.Lifted)
		}
	}
	parts := []struct {
		name      string
		want, got any
	}{
		{"accounts", want.accounts, got.accounts}, {"machines", want.machines, got.machines}, {"AFT keys", want.keys, got.keys},
		{"used codes", want.codes, got.codes}, {"journal", want.journal, got.journal}, {"events", want.events, got.events},
		{"funded", want.funded, got.funded}, {"register", want.restrictions, got.restrictions},
	}
	for _, p := range parts {
		if !reflect.DeepEqual(p.want, p.got) {
			return fmt.Errorf("%s: %+v, want %+v", p.name, p.got, p.want)
		}
	}
	return nil
}

func (r walletRecords) totals() WalletCopied {
	c := WalletCopied{Accounts: len(r.accounts), FundedCents: r.funded, Machines: len(r.machines), Transfers: len(r.journal),
		Codes: len(r.codes), Events: len(r.events), Restrictions: len(r.restrictions)}
	for _, a := range r.accounts {
		c.BalanceCents += a.Cents
	}
	for _, m := range r.machines {
		c.OnMachines += m.Cents
	}
	for _, t := range r.journal {
		if t.State == StatePending {
			c.Pending++
		}
	}
	return c
}
