package main

import (
	"context"
	"fmt"
	"io"

	"egm/machine"
	"egm/machine/saslink"
	"egm/platform"
	"egm/wallet"
)

// machinePresenter signs the machine's codes with its wallet key (platform.Presenter).
func machinePresenter(cfg config, m *machine.Machine) (*wallet.Presenter, error) {
	return platform.Presenter(m, cfg.StateDir, cfg.AssetNumber, cfg.MachineID)
}

// startQRFiles keeps the machine's QR codes as DIR/cashin.png and DIR/cashout.png
// (`egm run --headless --qr-png DIR`) until ctx ends.
func startQRFiles(ctx context.Context, cfg config, m *machine.Machine, dir string, log io.Writer) error {
	p, err := machinePresenter(cfg, m)
	if err != nil {
		return err
	}
	return platform.KeepQRFiles(ctx, m, p, dir, log)
}

// startSAS attaches the floor link (--sas, --sas-addr) to the running machine
// (saslink.Attach), saying on stdout where it is.
func startSAS(ctx context.Context, m *machine.Machine, serial, spec string, addr int, stdout io.Writer) (*saslink.Bridge, error) {
	if addr < 1 || addr > 127 {
		return nil, fmt.Errorf("egm run: --sas-addr must be 1..127, not %d", addr)
	}
	return saslink.Attach(ctx, m, serial, spec, addr, stdout)
}
