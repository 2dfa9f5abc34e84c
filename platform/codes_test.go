package platform

import (
	"egm/machine/aft"
	"egm/machine/settings"
	"egm/wallet/qrscan"
	"path/filepath"
	"strings"
	"testing"

	"egm/wallet"
)

// The machine's codes, signed with its wallet key: a cash-in code is issued and
// kept live by the machine; with no cash-out raised there is no cash-out code.
func TestPresenterIssuesTheMachinesCodes(t *testing.T) {
	m := openLinesMachine(t)
	dir := t.TempDir()
	cfg := settings.DefaultConfig()
	p, err := Presenter(m, dir, cfg.AssetNumber, cfg.MachineID)
	if err != nil {
		t.Fatal(err)
	}
	text, pl, err := p.Present(wallet.CashIn)
	if err != nil {
		t.Fatal(err)
	}
	live := false
	for _, c := range m.LiveCodes() {
		live = live || (c.Kind == aft.CodeCashIn && c.ID == pl.Code)
	}
	if !live || pl.Asset != cfg.AssetNumber || pl.Machine != cfg.MachineID {
		t.Fatalf("payload %+v, live %v", pl, live)
	}
	s, err := wallet.Parse(text)
	if err != nil || s.Verify(p.PublicKey(), pl.Expiry.Add(-1)) != nil {
		t.Fatalf("signed text: %v", err)
	}
	if _, _, err := p.Present(wallet.CashOut); err == nil || !strings.Contains(err.Error(), "no cash-out waits") {
		t.Fatalf("cash-out with none raised: %v", err)
	}
	if _, err := Issuer(m, cfg.AssetNumber+1).Issue(wallet.CashIn); err == nil {
		t.Fatal("a code for another asset")
	}
}

func TestKeepQRFiles(t *testing.T) {
	m := openLinesMachine(t)
	cfg := settings.DefaultConfig()
	p, err := Presenter(m, t.TempDir(), cfg.AssetNumber, cfg.MachineID)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "qr")
	if err := KeepQRFiles(t.Context(), m, p, dir, t.Output()); err != nil {
		t.Fatal(err)
	}
	text, err := qrscan.DecodePNGFile(filepath.Join(dir, wallet.QRCashInFile))
	if err != nil {
		t.Fatal(err)
	}
	s, err := wallet.Parse(text)
	if err != nil || s.Kind != wallet.CashIn {
		t.Fatalf("cash-in file: %v %+v", err, s.Payload)
	}
}
