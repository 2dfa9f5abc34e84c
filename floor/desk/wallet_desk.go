package desk

import (
	"context"
	"errors"
	"time"

	"egm/floor"
	"egm/wallet"
)

// WalletDesk is the floor's wallet as the one-shot wallet commands reach it
// (`egm wallet …`): through the running floor's control endpoint
// (ControlDesk, `--floor ADDR`), or on the floor database itself (OpenDesk), with
// the same answers either way. Lists are never nil (JSON shows [] for none).
type WalletDesk interface {
	// Account opens player's account (a no-op if it is open) and adds fund cents.
	Account(player string, fund int64) (Account, error)
	Balances() (Balances, error)
	Events() ([]WalletEvent, error)
	// Reconcile checks the books against money, the machines' meters; the
	// control endpoint reads those of the machines it polls itself, and takes none.
	Reconcile(money []MachineMoney) (Reconciliation, error)
	// Scan sends a player's scan; the transfer and the player's account after it.
	Scan(s DeskScan) (Transfer, Account, error)
	// Player protection (wallet_protect.go): the register's changes, its
	// listing (player "": everyone; all: ended and lifted ones too), and the
	// account's date of birth.
	Restrict(r RestrictRequest) (Restriction, error)
	Lift(l LiftRequest) (Restriction, error)
	Restrictions(player string, all bool) ([]Restriction, error)
	BirthDate(player, born string) (Account, error)
	Close() error
}

// DeskScan is a scan of a machine's QR code by a player's wallet.
type DeskScan struct {
	Payload, Player string
	Cents           int64
	Timeout         time.Duration
	// Link and Addr: the machine's SAS link, when the desk is the database (the
	// running floor holds its machines' links itself).
	Link string
	Addr byte
}

// ControlDesk is the desk of the running floor whose control endpoint is at spec
// (HOST:PORT on loopback or unix:PATH); a bad spec is ErrControlAddr or a syntax
// error, before anything is dialled.
func ControlDesk(spec string) (WalletDesk, error) {
	fc, err := NewControlClient(spec)
	if err != nil {
		return nil, err
	}
	return controlDesk{fc}, nil
}

type controlDesk struct{ fc *ControlClient }

func (d controlDesk) Account(player string, fund int64) (Account, error) {
	var a Account
	err := d.fc.Call("/v1/account", ControlAccount{Player: player, Fund: fund}, &a)
	return a, err
}

func (d controlDesk) Balances() (Balances, error) {
	var b Balances
	err := d.fc.Call("/v1/balances", nil, &b)
	if b.Accounts == nil {
		b.Accounts = []Account{}
	}
	if b.Machines == nil {
		b.Machines = []WalletMachine{}
	}
	return b, err
}

func (d controlDesk) Events() ([]WalletEvent, error) {
	ev := []WalletEvent{}
	err := d.fc.Call("/v1/events", nil, &ev)
	if ev == nil {
		ev = []WalletEvent{}
	}
	return ev, err
}

func (d controlDesk) Reconcile(money []MachineMoney) (Reconciliation, error) {
	var rec Reconciliation
	if len(money) > 0 {
		return rec, errors.New("floor: control: the floor reconciles with the meters of the machines it polls, not given ones")
	}
	err := d.fc.Call("/v1/reconcile", nil, &rec)
	if rec.Problems == nil {
		rec.Problems = []string{}
	}
	return rec, err
}

func (d controlDesk) Scan(s DeskScan) (Transfer, Account, error) {
	if s.Link != "" {
		return Transfer{}, Account{}, errors.New("floor: control: the floor holds the machine's link: no link with a scan")
	}
	var rep ControlScanReply
	err := d.fc.Call("/v1/scan", ControlScan{Payload: s.Payload, Player: s.Player, Cents: s.Cents, TimeoutMS: s.Timeout.Milliseconds()}, &rep)
	return rep.Transfer, rep.Account, err
}

func (d controlDesk) Close() error { return nil }

// OpenDesk is the desk of the floor database at path (close it after use).
func OpenDesk(path string) (WalletDesk, error) {
	st, w, err := OpenWalletAt(path, nil)
	if err != nil {
		return nil, err
	}
	return dbDesk{st, w}, nil
}

type dbDesk struct {
	st *floor.Store
	w  *Wallet
}

func (d dbDesk) Account(player string, fund int64) (Account, error) {
	return OpenAccount(d.w, player, fund)
}

func (d dbDesk) Balances() (Balances, error) { return BalancesOf(d.w) }

func (d dbDesk) Events() ([]WalletEvent, error) {
	ev, err := d.w.Events()
	if ev == nil {
		ev = []WalletEvent{}
	}
	return ev, err
}

func (d dbDesk) Reconcile(money []MachineMoney) (Reconciliation, error) {
	rec, err := d.w.Reconcile(money)
	if rec.Problems == nil {
		rec.Problems = []string{}
	}
	return rec, err
}

// Scan links the machine the payload names over s.Link (a payload that names no
// machine of the floor is refused, and logged, by Wallet.Scan itself) and scans.
func (d dbDesk) Scan(s DeskScan) (Transfer, Account, error) {
	if p, perr := wallet.Parse(s.Payload); perr == nil {
		_, closeLink, err := LinkWallet(s.Link, s.Addr, d.w, p.Asset)
		switch {
		case errors.Is(err, wallet.ErrForeignMachine):
		case err != nil:
			return Transfer{}, Account{}, err
		default:
			defer closeLink()
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), s.Timeout)
	defer cancel()
	t, err := d.w.Scan(ctx, s.Payload, s.Player, s.Cents)
	if err != nil {
		return t, Account{}, err
	}
	a, _ := d.w.Account(s.Player)
	return t, a, nil
}

func (d dbDesk) Close() error { return d.st.Close() }
