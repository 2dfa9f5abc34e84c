package wallet

import (
	"bytes"
	"egm/wallet/qrscan"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// fakeCodes is a machine's live codes: each cash-in issued is live until used; a
// cash-out is live while out is set.
type fakeCodes struct {
	n    int
	live []Code
	out  *Code
}

func (f *fakeCodes) issue(k Kind) (Code, error) {
	if k == CashOut {
		if f.out == nil {
			return Code{}, fmt.Errorf("no cash-out waits")
		}
		return *f.out, nil
	}
	f.n++
	c := Code{ID: fmt.Sprintf("IN%d", f.n), Kind: CashIn, Expiry: t0.Add(time.Minute)}
	f.live = append(f.live, c)
	return c, nil
}

func (f *fakeCodes) codes() []Code {
	cs := append([]Code(nil), f.live...)
	if f.out != nil {
		cs = append(cs, *f.out)
	}
	return cs
}

func readQRFile(t *testing.T, path string) Payload {
	t.Helper()
	text, err := qrscan.DecodePNGFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return s.Payload
}

func TestQRFiles(t *testing.T) {
	f := &fakeCodes{}
	p, err := NewPresenter(testKey(9), 5, "EGM-5", IssuerFunc(f.issue))
	if err != nil {
		t.Fatal(err)
	}
	now := t0
	var log bytes.Buffer
	q := &QRFiles{Dir: t.TempDir(), P: p, Live: f.codes, Log: &log, Now: func() time.Time { return now }}
	in, out := filepath.Join(q.Dir, QRCashInFile), filepath.Join(q.Dir, QRCashOutFile)

	q.Refresh()
	if pl := readQRFile(t, in); pl.Code != "IN1" || pl.Kind != CashIn || pl.Asset != 5 {
		t.Fatalf("cash-in file %+v", pl)
	}
	q.Refresh() // still live and far from its expiry: kept
	if pl := readQRFile(t, in); pl.Code != "IN1" || f.n != 1 {
		t.Fatalf("cash-in file %+v after %d codes", pl, f.n)
	}
	f.live = nil // used
	q.Refresh()
	if pl := readQRFile(t, in); pl.Code != "IN2" {
		t.Fatalf("after use: %+v", pl)
	}
	now = t0.Add(51 * time.Second) // 9 s before it expires
	q.Refresh()
	if pl := readQRFile(t, in); pl.Code != "IN3" {
		t.Fatalf("near expiry: %+v", pl)
	}

	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("a cash-out file with no cash-out: %v", err)
	}
	f.out = &Code{ID: "OUT1", Kind: CashOut, Expiry: t0.Add(time.Hour), Cents: 1250}
	q.Refresh()
	if pl := readQRFile(t, out); pl.Code != "OUT1" || pl.Cents != 1250 {
		t.Fatalf("cash-out file %+v", pl)
	}
	f.out = nil
	q.Refresh()
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("the cash-out file stays after the cash-out: %v", err)
	}
	if log.Len() != 0 {
		t.Fatalf("log %q", log.String())
	}
}

// Keep drops the cash-out code a last run left and writes the live ones.
func TestQRFilesKeep(t *testing.T) {
	f := &fakeCodes{}
	p, err := NewPresenter(testKey(9), 5, "EGM-5", IssuerFunc(f.issue))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "qr")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, QRCashOutFile), []byte("stale"), 0o644)
	q := &QRFiles{Dir: dir, P: p, Live: f.codes, Log: os.Stderr, Now: func() time.Time { return t0 }}
	if err := q.Keep(t.Context(), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, QRCashOutFile)); !os.IsNotExist(err) {
		t.Fatalf("stale cash-out file: %v", err)
	}
	if pl := readQRFile(t, filepath.Join(dir, QRCashInFile)); pl.Code != "IN1" {
		t.Fatalf("cash-in %+v", pl)
	}
}
