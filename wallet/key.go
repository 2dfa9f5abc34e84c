package wallet

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// The key files in the machine's state directory.
const (
	KeyFile    = "wallet.key" // the private key, PKCS #8 PEM, mode 0600
	PubKeyFile = "wallet.pub" // the public key as one line of text (PublicKeyText)
	pubPrefix  = "ed25519:"
)

// LoadOrCreateKey returns the machine's signing key from dir/wallet.key, creating it
// (and dir/wallet.pub) on first use. The key file must be readable by its owner only:
// one that group or others may read or write is refused, never used.
func LoadOrCreateKey(dir string) (ed25519.PrivateKey, error) {
	path := filepath.Join(dir, KeyFile)
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return createKey(dir)
	case err != nil:
		return nil, fmt.Errorf("wallet: key: %w", err)
	}
	if perm := st.Mode().Perm(); perm&0o077 != 0 {
		return nil, fmt.Errorf("wallet: key file %s has permissions %04o: others may read the machine's signing key; it must be 0600 (chmod 600 %s, or replace the key and register the new public key with the floor)", path, perm, path)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("wallet: key file %s is not a regular file", path)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("wallet: key: %w", err)
	}
	blk, _ := pem.Decode(b)
	if blk == nil || blk.Type != "PRIVATE KEY" {
		return nil, fmt.Errorf("wallet: key file %s holds no PEM private key", path)
	}
	k, err := x509.ParsePKCS8PrivateKey(blk.Bytes)
	if err != nil {
		return nil, fmt.Errorf("wallet: key file %s: not a PKCS #8 key", path)
	}
	priv, ok := k.(ed25519.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("wallet: key file %s holds a %T, not an ed25519 key", path, k)
	}
	// The public file is only a copy for the operator: rewrite it if it is gone.
	if _, err := os.Stat(filepath.Join(dir, PubKeyFile)); errors.Is(err, fs.ErrNotExist) {
		if err := writeFile(dir, PubKeyFile, []byte(PublicKeyText(priv.Public().(ed25519.PublicKey))+"\n"), 0o644); err != nil {
			return nil, err
		}
	}
	return priv, nil
}

func createKey(dir string) (ed25519.PrivateKey, error) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("wallet: new key: %w", err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return nil, fmt.Errorf("wallet: new key: %w", err)
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("wallet: key: %w", err)
	}
	if err := writeFile(dir, PubKeyFile, []byte(PublicKeyText(pub)+"\n"), 0o644); err != nil {
		return nil, err
	}
	if err := writeFile(dir, KeyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), 0o600); err != nil {
		return nil, err
	}
	return priv, nil
}

// writeFile writes name in dir through a temporary file, fsync and rename, so that a
// crash leaves either no file or the whole file.
func writeFile(dir, name string, b []byte, perm os.FileMode) error {
	f, err := os.CreateTemp(dir, "."+name+".*")
	if err != nil {
		return fmt.Errorf("wallet: write %s: %w", name, err)
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	if err := f.Chmod(perm); err != nil {
		f.Close()
		return fmt.Errorf("wallet: write %s: %w", name, err)
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return fmt.Errorf("wallet: write %s: %w", name, err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("wallet: write %s: %w", name, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("wallet: write %s: %w", name, err)
	}
	if err := os.Rename(tmp, filepath.Join(dir, name)); err != nil {
		return fmt.Errorf("wallet: write %s: %w", name, err)
	}
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
}

// PublicKeyText is the public key as the floor registers it: "ed25519:" and the 32
// bytes in base64url without padding.
func PublicKeyText(pub ed25519.PublicKey) string {
	return pubPrefix + base64.RawURLEncoding.EncodeToString(pub)
}

// ParsePublicKey reads PublicKeyText (surrounding space ignored).
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	body, ok := strings.CutPrefix(strings.TrimSpace(s), pubPrefix)
	if !ok {
		return nil, fmt.Errorf("wallet: public key: want %q and 43 base64url characters", pubPrefix)
	}
	b, err := b64.DecodeString(body)
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("wallet: public key: want %q and 43 base64url characters", pubPrefix)
	}
	return ed25519.PublicKey(b), nil
}
