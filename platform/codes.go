package platform

import (
	"context"
	"fmt"
	"io"

	"egm/machine"
	"egm/machine/aft"
	"egm/wallet"
)

// Issuer gives the wallet's codes from the machine's AFT engine: a new cash-in
// code (machine.IssueCode, kept live in critical memory), or the live cash-out
// code the machine raised. Showing a code never starts a cash-out by itself.
func Issuer(m *machine.Machine, asset uint32) wallet.Issuer {
	return wallet.IssuerFunc(func(k wallet.Kind) (wallet.Code, error) {
		var c aft.Code
		if k == wallet.CashOut {
			// Only the live cash-out code the machine raised (CASH OUT or the idle
			// cash-out).
			for _, lc := range m.LiveCodes() {
				if lc.Kind == aft.CodeCashOut {
					c = lc
				}
			}
			if c.ID == "" {
				return wallet.Code{}, fmt.Errorf("platform: no cash-out waits for the wallet")
			}
		} else {
			var err error
			if c, err = m.IssueCode(aft.CodeCashIn); err != nil {
				return wallet.Code{}, err
			}
		}
		if c.ID == "" || c.Asset != asset {
			return wallet.Code{}, fmt.Errorf("platform: the machine issued no %s code for asset %d", k, asset)
		}
		return wallet.Code{ID: c.ID, Kind: k, Expiry: c.Expiry, Cents: c.Cents}, nil
	})
}

// Presenter signs the machine's codes with its wallet key (made on first use in
// the state directory, 0600), naming it by asset number and id.
func Presenter(m *machine.Machine, stateDir string, asset uint32, machineID string) (*wallet.Presenter, error) {
	key, err := wallet.LoadOrCreateKey(stateDir)
	if err != nil {
		return nil, err
	}
	return wallet.NewPresenter(key, asset, machineID, Issuer(m, asset))
}

// KeepQRFiles keeps the machine's QR codes, signed by p, as PNG files in dir
// (wallet.QRFiles) until ctx ends, refreshed at once when the machine's state
// changes; a code that could not be shown is said on log.
func KeepQRFiles(ctx context.Context, m *machine.Machine, p *wallet.Presenter, dir string, log io.Writer) error {
	changed := make(chan struct{}, 1)
	m.Subscribe(func(o machine.Output) {
		if o.Kind == machine.OutState {
			select {
			case changed <- struct{}{}:
			default:
			}
		}
	})
	q := &wallet.QRFiles{Dir: dir, P: p, Log: log, Live: func() []wallet.Code {
		var cs []wallet.Code
		for _, c := range m.LiveCodes() {
			k := wallet.CashIn
			if c.Kind == aft.CodeCashOut {
				k = wallet.CashOut
			}
			cs = append(cs, wallet.Code{ID: c.ID, Kind: k, Expiry: c.Expiry, Cents: c.Cents})
		}
		return cs
	}}
	return q.Keep(ctx, changed)
}
