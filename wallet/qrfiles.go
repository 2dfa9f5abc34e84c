package wallet

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// The files QRFiles keeps, as the screen shows them.
const (
	QRCashInFile  = "cashin.png"
	QRCashOutFile = "cashout.png"
	qrFileSize    = 400
)

// QRFiles keeps a machine's QR codes as PNG files for a machine without a screen
// (`egm run --headless --qr-png DIR`, and the floor's scanner in tests):
// Dir/cashin.png always holds a live cash-in code — a new one once it is used or
// 10 s before it expires — and Dir/cashout.png the live cash-out code while one
// waits for the wallet (removed after). Each file is written through a temporary
// file and a rename, so that a reader never sees half a picture.
type QRFiles struct {
	Dir string
	P   *Presenter
	// Live is the machine's live codes (ID and Kind are read).
	Live func() []Code
	Log  io.Writer        // a code that could not be shown
	Now  func() time.Time // nil: time.Now

	inID, outID string
	inExp       time.Time
}

// Keep makes Dir, drops the cash-out code a last run showed, writes the files, and
// refreshes them every second and on each signal of changed until ctx ends.
func (q *QRFiles) Keep(ctx context.Context, changed <-chan struct{}) error {
	if err := os.MkdirAll(q.Dir, 0o755); err != nil {
		return fmt.Errorf("wallet: QR files: %w", err)
	}
	os.Remove(filepath.Join(q.Dir, QRCashOutFile))
	q.Refresh()
	go func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-changed:
			case <-t.C:
			}
			q.Refresh()
		}
	}()
	return nil
}

// Refresh writes a new cash-in code when the one shown is used or about to
// expire, and the cash-out file as the machine's live cash-out code stands.
func (q *QRFiles) Refresh() {
	now := time.Now
	if q.Now != nil {
		now = q.Now
	}
	inLive, out := false, ""
	for _, c := range q.Live() {
		switch {
		case c.Kind == CashIn && c.ID == q.inID:
			inLive = true
		case c.Kind == CashOut:
			out = c.ID
		}
	}
	if !inLive || !now().Add(10*time.Second).Before(q.inExp) {
		if text, pl, err := q.P.Present(CashIn); err != nil {
			fmt.Fprintf(q.Log, "wallet: QR files: %v\n", err)
		} else if err := writeQR(q.Dir, QRCashInFile, text); err != nil {
			fmt.Fprintln(q.Log, err)
		} else {
			q.inID, q.inExp = pl.Code, pl.Expiry
		}
	}
	switch {
	case out != "" && out != q.outID:
		if text, _, err := q.P.Present(CashOut); err != nil {
			fmt.Fprintf(q.Log, "wallet: QR files: %v\n", err)
		} else if err := writeQR(q.Dir, QRCashOutFile, text); err != nil {
			fmt.Fprintln(q.Log, err)
		} else {
			q.outID = out
		}
	case out == "" && q.outID != "":
		os.Remove(filepath.Join(q.Dir, QRCashOutFile))
		q.outID = ""
	}
}

// writeQR writes the code's PNG through a temporary file and a rename.
func writeQR(dir, name, text string) error {
	b, err := QRPNG(text, qrFileSize)
	if err != nil {
		return err
	}
	tmp := filepath.Join(dir, "."+name+".tmp")
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return fmt.Errorf("wallet: QR files: %w", err)
	}
	if err := os.Rename(tmp, filepath.Join(dir, name)); err != nil {
		return fmt.Errorf("wallet: QR files: %w", err)
	}
	return nil
}
