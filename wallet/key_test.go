package wallet

import (
	"bytes"
	"crypto/ed25519"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoadOrCreateKey(t *testing.T) {
	dir := t.TempDir()
	k1, err := LoadOrCreateKey(dir)
	if err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(filepath.Join(dir, KeyFile))
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Fatalf("key file mode %04o, want 0600", st.Mode().Perm())
	}
	k2, err := LoadOrCreateKey(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(k1, k2) {
		t.Fatal("the key changed between loads")
	}
	b, err := os.ReadFile(filepath.Join(dir, PubKeyFile))
	if err != nil {
		t.Fatal(err)
	}
	pub, err := ParsePublicKey(string(b))
	if err != nil {
		t.Fatal(err)
	}
	if !pub.Equal(k1.Public()) {
		t.Fatal("wallet.pub is not the key's public half")
	}
	if strings.Contains(string(b), "PRIVATE") {
		t.Fatal("the public file holds the private key")
	}
	// The public file is rewritten if lost.
	os.Remove(filepath.Join(dir, PubKeyFile))
	if _, err := LoadOrCreateKey(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, PubKeyFile)); err != nil {
		t.Fatal(err)
	}
}

func TestKeyPermissionsRefused(t *testing.T) {
	for _, perm := range []os.FileMode{0o640, 0o604, 0o644, 0o666, 0o660} {
		dir := t.TempDir()
		k, err := LoadOrCreateKey(dir)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, KeyFile)
		if err := os.Chmod(path, perm); err != nil {
			t.Fatal(err)
		}
		_, err = LoadOrCreateKey(dir)
		if err == nil || !strings.Contains(err.Error(), "must be 0600") {
			t.Fatalf("mode %04o: error %v", perm, err)
		}
		// The message names the file and never the key.
		der, _ := os.ReadFile(path)
		if strings.Contains(err.Error(), string(der)) || strings.Contains(err.Error(), PublicKeyText(k.Public().(ed25519.PublicKey))) {
			t.Fatal("the error shows key material")
		}
	}
}

func TestKeyFileGarbage(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, KeyFile), []byte("not a key"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadOrCreateKey(dir); err == nil || !strings.Contains(err.Error(), "no PEM private key") {
		t.Fatalf("error %v", err)
	}
}

func TestParsePublicKey(t *testing.T) {
	pub := testKey(3).Public().(ed25519.PublicKey)
	got, err := ParsePublicKey("  " + PublicKeyText(pub) + "\n")
	if err != nil || !got.Equal(pub) {
		t.Fatalf("%v %v", got, err)
	}
	for _, s := range []string{"", "ed25519:", "rsa:AAAA", PublicKeyText(pub) + "AA", PublicKeyText(pub)[:20]} {
		if _, err := ParsePublicKey(s); err == nil {
			t.Errorf("ParsePublicKey(%q) accepted", s)
		}
	}
}
