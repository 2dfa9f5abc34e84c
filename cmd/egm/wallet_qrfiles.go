package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"egm/machine"
	"egm/wallet"
)

// The files `egm run --headless --qr-png DIR` keeps, as the screen shows them.
const (
	qrCashInFile  = "cashin.png"
	qrCashOutFile = "cashout.png"
	qrFileSize    = 400
)

// qrFiles writes the machine's QR codes as PNG files for a machine without a screen
// (and for the floor's scanner in tests): DIR/cashin.png always holds a live cash-in
// code — a new one once it is used or 10 s before it expires — and DIR/cashout.png
// the live cash-out code while one waits for the wallet (removed after).
type qrFiles struct {
	dir   string
	m     *machine.Machine
	p     *wallet.Presenter
	inID  string
	inExp time.Time
	outID string
	log   io.Writer
}

// startQRFiles keeps the files in dir until ctx ends.
func startQRFiles(ctx context.Context, cfg config, m *machine.Machine, dir string, log io.Writer) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("egm run: --qr-png: %w", err)
	}
	p, err := machinePresenter(cfg, m)
	if err != nil {
		return err
	}
	q := &qrFiles{dir: dir, m: m, p: p, log: log}
	os.Remove(filepath.Join(dir, qrCashOutFile)) // a code the last run showed; refresh writes the live one

	kick := make(chan struct{}, 1)
	m.Subscribe(func(o machine.Output) {
		if o.Kind == machine.OutState {
			select {
			case kick <- struct{}{}:
			default:
			}
		}
	})
	q.refresh()
	go func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-kick:
			case <-t.C:
			}
			q.refresh()
		}
	}()
	return nil
}

func (q *qrFiles) refresh() {
	live := q.m.LiveCodes()
	inLive, out := false, ""
	for _, c := range live {
		switch {
		case c.Kind == machine.CodeCashIn && c.ID == q.inID:
			inLive = true
		case c.Kind == machine.CodeCashOut:
			out = c.ID
		}
	}
	if !inLive || !time.Now().Add(10*time.Second).Before(q.inExp) {
		if text, pl, err := q.p.Present(wallet.CashIn); err != nil {
			fmt.Fprintf(q.log, "egm run: --qr-png: %v\n", err)
		} else if err := writeQR(q.dir, qrCashInFile, text); err != nil {
			fmt.Fprintln(q.log, err)
		} else {
			q.inID, q.inExp = pl.Code, pl.Expiry
		}
	}
	switch {
	case out != "" && out != q.outID:
		if text, _, err := q.p.Present(wallet.CashOut); err != nil {
			fmt.Fprintf(q.log, "egm run: --qr-png: %v\n", err)
		} else if err := writeQR(q.dir, qrCashOutFile, text); err != nil {
			fmt.Fprintln(q.log, err)
		} else {
			q.outID = out
		}
	case out == "" && q.outID != "":
		os.Remove(filepath.Join(q.dir, qrCashOutFile))
		q.outID = ""
	}
}

// writeQR writes the code's PNG through a temporary file and a rename, so that a
// reader never sees half a picture.
func writeQR(dir, name, text string) error {
	b, err := wallet.QRPNG(text, qrFileSize)
	if err != nil {
		return err
	}
	tmp := filepath.Join(dir, "."+name+".tmp")
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return fmt.Errorf("egm run: --qr-png: %w", err)
	}
	if err := os.Rename(tmp, filepath.Join(dir, name)); err != nil {
		return fmt.Errorf("egm run: --qr-png: %w", err)
	}
	return nil
}
