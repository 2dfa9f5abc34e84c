package main

import (
	"fmt"

	"egm/machine"
	"egm/wallet"
)

// machineIssuer issues the wallet's codes from the machine's AFT engine
// (machine.IssueCode: live codes in critical memory).
func machineIssuer(m *machine.Machine, asset uint32) wallet.Issuer {
	return wallet.IssuerFunc(func(k wallet.Kind) (wallet.Code, error) {
		mk := machine.CodeCashIn
		if k == wallet.CashOut {
			mk = machine.CodeCashOut
		}
		c, err := m.IssueCode(mk)
		if err != nil {
			return wallet.Code{}, err
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
