package desk

import (
	"context"
	"errors"
	"fmt"
	"time"

	"egm/floor"
	"egm/sas"
)

// OpenWalletAt opens the floor database at path (bbolt:PATH, PATH or
// postgres://…: floor.OpenDB, the password from the environment) and its wallet (aft: nil until
// LinkWallet); close the store after use.
func OpenWalletAt(path string, aft Transferer) (*floor.Store, *Wallet, error) {
	st, err := floor.OpenDB(path, floor.DBOptions{})
	if err != nil {
		return nil, nil, err
	}
	w, err := OpenWallet(st, aft, WalletOptions{})
	if err != nil {
		st.Close()
		return nil, nil, err
	}
	return st, w, nil
}

// ErrNoLink is a wallet command that moves money without a machine's link.
var ErrNoLink = errors.New("floor: wallet: --connect tcp:HOST:PORT or pty:PATH is required: the money moves by AFT over the machine's SAS link")

// DialAFT opens the SAS link spec to the machine at addr and the AFT conversation
// with it, with the registration key the wallet keeps for asset.
func DialAFT(spec string, addr byte, w *Wallet, asset uint32) (*floor.AFT, func(), error) {
	if spec == "" {
		return nil, nil, ErrNoLink
	}
	if addr < 1 || addr > 127 {
		return nil, nil, fmt.Errorf("floor: wallet: --addr must be 1..127, not %d", addr)
	}
	key, err := w.AFTKey(asset)
	if err != nil {
		return nil, nil, err
	}
	port, closePort, err := floor.DialSAS(spec)
	if err != nil {
		return nil, nil, err
	}
	p := &floor.Poller{Addr: addr, Host: &sas.Host{Port: port}}
	if err := floor.CheckCurrencyOn(p, addr, w.Currency()); err != nil { // no money with a machine in another currency
		closePort()
		return nil, nil, err
	}
	return &floor.AFT{P: p, Asset: asset, Key: key, POSID: POSID}, closePort, nil
}

// LinkWallet links the wallet's transfers for asset to the machine over spec.
func LinkWallet(spec string, addr byte, w *Wallet, asset uint32) (*floor.AFT, func(), error) {
	a, closeLink, err := DialAFT(spec, addr, w, asset)
	if err != nil {
		return nil, nil, err
	}
	t := &AFTTransferer{}
	t.Add(a)
	w.SetTransferer(t)
	return a, closeLink, nil
}

// OnWalletLink runs fn on the wallet of the floor database at dbPath, transferring
// over the machine's SAS link spec, within timeout.
func OnWalletLink(dbPath, spec string, addr byte, asset uint32, timeout time.Duration, fn func(ctx context.Context, w *Wallet) error) error {
	st, w, err := OpenWalletAt(dbPath, nil)
	if err != nil {
		return err
	}
	defer st.Close()
	_, closeLink, err := LinkWallet(spec, addr, w, asset)
	if err != nil {
		return err
	}
	defer closeLink()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	return fn(ctx, w)
}

// MoneyOver reads a machine's AFT meters and credits over its Poller.
func MoneyOver(p *floor.Poller, asset uint32) (MachineMoney, error) {
	am, err := p.AFTMeters()
	if err != nil {
		return MachineMoney{}, err
	}
	return MachineMoney{Asset: asset, In: int64(am.CashableIn), Out: int64(am.CashableOut), Credits: int64(am.Credits)}, nil
}

// MoneyAt reads a machine's AFT meters and credits over its SAS link spec.
func MoneyAt(spec string, addr byte, asset uint32) (MachineMoney, error) {
	port, closePort, err := floor.DialSAS(spec)
	if err != nil {
		return MachineMoney{}, err
	}
	defer closePort()
	return MoneyOver(&floor.Poller{Addr: addr, Host: &sas.Host{Port: port}}, asset)
}

// RegisterAt registers a machine's wallet public key (pubText, as `egm wallet
// pubkey` prints it) with the wallet of the floor database at dbPath and, when
// spec is not "", registers the floor with the machine's AFT (73) over its SAS
// link spec at addr; said is told each step done.
func RegisterAt(dbPath string, asset uint32, id, pubText, spec string, addr byte, said func(string)) error {
	st, w, err := OpenWalletAt(dbPath, nil)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := w.RegisterMachine(asset, id, pubText); err != nil {
		return err
	}
	said(fmt.Sprintf("machine %s (asset %d) registered with the wallet", id, asset))
	if spec == "" {
		return nil
	}
	a, closeLink, err := DialAFT(spec, addr, w, asset)
	if err != nil {
		return err
	}
	defer closeLink()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := a.Register(ctx); err != nil {
		return err
	}
	said(fmt.Sprintf("AFT registration with machine %d on %s done", addr, spec))
	return nil
}
