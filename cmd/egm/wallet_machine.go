package main

import (
	"fmt"

	"egm/machine"
	"egm/wallet"
)

// machineIssuer gives the wallet's codes from the machine's AFT engine: a new
// cash-in code (machine.IssueCode, kept live in critical memory), or the live
// cash-out code the machine raised.
func machineIssuer(m *machine.Machine, asset uint32) wallet.Issuer {
	return wallet.IssuerFunc(func(k wallet.Kind) (wallet.Code, error) {
		var c machine.Code
		if k == wallet.CashOut {
			// Only the live cash-out code the machine raised (CASH OUT or the idle
			// cash-out): showing a code never starts a cash-out by itself.
			for _, lc := range m.LiveCodes() {
				if lc.Kind == machine.CodeCashOut {
					c = lc
				}
			}
			if c.ID == "" {
				return wallet.Code{}, fmt.Errorf("egm: no cash-out waits for the wallet")
			}
		} else {
			var err error
			if c, err = m.IssueCode(machine.CodeCashIn); err != nil {
				return wallet.Code{}, err
			}
		}
		if c.ID == "" || c.Asset != asset {
			return wallet.Code{}, fmt.Errorf("egm: the machine issued no %s code for asset %d", k, asset)
		}
		return wallet.Code{ID: c.ID, Kind: k, Expiry: c.Expiry, Cents: c.Cents}, nil
	})
}

// machinePresenter signs the machine's codes with its wallet key (made on first
// use in the state directory, 0600).
func machinePresenter(cfg config, m *machine.Machine) (*wallet.Presenter, error) {
	key, err := wallet.LoadOrCreateKey(cfg.StateDir)
	if err != nil {
		return nil, err
	}
	return wallet.NewPresenter(key, cfg.AssetNumber, cfg.MachineID, machineIssuer(m, cfg.AssetNumber))
}
