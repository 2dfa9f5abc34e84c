package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"egm/wallet"
)

func runEGM(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := runProgram(args, &out, &errb)
	return out.String(), errb.String(), code
}

func TestWalletCommands(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "state")
	db := filepath.Join(dir, "floor.db")

	out, errs, code := runEGM(t, "wallet", "pubkey", "--state", state)
	if code != 0 || !strings.HasPrefix(out, "ed25519:") || !strings.Contains(errs, "egm-floor wallet register") {
		t.Fatalf("pubkey: %d %q %q", code, out, errs)
	}
	if st, err := os.Stat(filepath.Join(state, wallet.KeyFile)); err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v %v", st, err)
	}
	if strings.Contains(out+errs, "PRIVATE") {
		t.Fatal("the private key was printed")
	}
	out2, _, _ := runEGM(t, "wallet", "pubkey", "--state", state)
	if out2 != out {
		t.Fatal("the key changed")
	}
	os.Chmod(filepath.Join(state, wallet.KeyFile), 0o644)
	if _, errs, code := runEGM(t, "wallet", "pubkey", "--state", state); code != 1 || !strings.Contains(errs, "must be 0600") {
		t.Fatalf("wide key file: %d %q", code, errs)
	}
	os.Chmod(filepath.Join(state, wallet.KeyFile), 0o600)

	if _, errs, code := runEGM(t, "egm-floor", "wallet", "register", "--db", db, "--asset", "1", "--machine", "EGM-0001", "--pubkey", "@"+filepath.Join(state, wallet.PubKeyFile)); code != 0 {
		t.Fatalf("register: %q", errs)
	}
	if out, errs, code := runEGM(t, "egm-floor", "wallet", "account", "--db", db, "--player", "alice", "--fund", "25000"); code != 0 || !strings.Contains(out, "250.00 EUR") {
		t.Fatalf("account: %q %q", out, errs)
	}
	out, _, code = runEGM(t, "egm-floor", "wallet", "balances", "--db", db)
	if code != 0 || !strings.Contains(out, "alice") || !strings.Contains(out, "EGM-0001") {
		t.Fatalf("balances: %q", out)
	}
	out, _, code = runEGM(t, "egm-floor", "wallet", "reconcile", "--db", db)
	if code != 0 || !strings.Contains(out, "reconciled to the cent") || !strings.Contains(out, "250.00 EUR") {
		t.Fatalf("reconcile: %d %q", code, out)
	}

	// A QR PNG as the machine shows it: decode prints the payload, never the key.
	k, err := wallet.LoadOrCreateKey(state)
	if err != nil {
		t.Fatal(err)
	}
	text, err := wallet.Sign(k, wallet.Payload{Asset: 1, Machine: "EGM-0001", Kind: wallet.CashOut, Code: "ABCDEFGH", Expiry: time.Now().Add(time.Minute).Truncate(time.Second), Cents: 1234})
	if err != nil {
		t.Fatal(err)
	}
	png, _ := wallet.QRPNG(text, 300)
	pngPath := filepath.Join(dir, "qr.png")
	os.WriteFile(pngPath, png, 0o644)
	out, errs, code = runEGM(t, "egm-floor", "wallet", "decode", "--png", pngPath)
	if code != 0 || !strings.Contains(out, "cash-out code of machine EGM-0001 (asset 1)") || !strings.Contains(out, "12.34 EUR") {
		t.Fatalf("decode: %q %q", out, errs)
	}
	// A scan without a link moves nothing and says why.
	_, errs, code = runEGM(t, "egm-floor", "wallet", "scan", "--db", db, "--png", pngPath, "--player", "alice")
	if code != 1 || !strings.Contains(errs, "--connect") {
		t.Fatalf("scan without a link: %d %q", code, errs)
	}
	// Usage errors exit 2.
	for _, args := range [][]string{{"egm-floor", "wallet"}, {"egm-floor", "wallet", "nope"}, {"egm-floor", "wallet", "scan", "--db", db}, {"egm-floor", "wallet", "register", "--db", db}} {
		if _, _, code := runEGM(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// A scan of another floor's machine is refused and logged, with no link needed.
func TestWalletScanForeignMachine(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "floor.db")
	runEGM(t, "egm-floor", "wallet", "account", "--db", db, "--player", "alice", "--fund", "1000")
	k, err := wallet.LoadOrCreateKey(filepath.Join(dir, "other"))
	if err != nil {
		t.Fatal(err)
	}
	text, _ := wallet.Sign(k, wallet.Payload{Asset: 77, Machine: "EGM-0077", Kind: wallet.CashIn, Code: "C0DE", Expiry: time.Now().Add(time.Minute).Truncate(time.Second)})
	_, errs, code := runEGM(t, "egm-floor", "wallet", "scan", "--db", db, "--connect", "tcp:127.0.0.1:1", "--text", text, "--player", "alice", "--cents", "100")
	if code != 1 || !strings.Contains(errs, "code of another machine") || !strings.Contains(errs, "asset 77 is not registered") {
		t.Fatalf("foreign machine: %d %q", code, errs)
	}
	out, _, _ := runEGM(t, "egm-floor", "wallet", "events", "--db", db)
	if !strings.Contains(out, "refused") || !strings.Contains(out, "asset 77") {
		t.Fatalf("no refusal in the log:\n%s", out)
	}
}
