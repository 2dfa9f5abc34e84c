package wallet

import (
	"crypto/ed25519"
	"fmt"
	"time"
)

const sigSize = ed25519.SignatureSize

// sigContext separates the payload's signatures from anything else the key might sign.
const sigContext = "egm wallet payload v1\x00"

// Signed is a payload with the machine's signature, as scanned.
type Signed struct {
	Payload
	Sig    []byte
	fields []byte
}

// Sign signs p with the machine's private key and returns the QR text.
func Sign(priv ed25519.PrivateKey, p Payload) (string, error) {
	if len(priv) != ed25519.PrivateKeySize {
		return "", fmt.Errorf("wallet: sign: not an ed25519 private key")
	}
	if err := p.Check(); err != nil {
		return "", err
	}
	f := p.fields()
	sig := ed25519.Sign(priv, signed(f))
	return prefix + b64.EncodeToString(f) + "." + b64.EncodeToString(sig), nil
}

func signed(fields []byte) []byte { return append([]byte(sigContext), fields...) }

// String is the payload's text again.
func (s Signed) String() string {
	return prefix + b64.EncodeToString(s.fields) + "." + b64.EncodeToString(s.Sig)
}

// Verify checks the signature with the machine's public key (ErrForged), then the
// expiry against now (ErrExpired: the code is refused from its Expiry on).
func (s Signed) Verify(pub ed25519.PublicKey, now time.Time) error {
	if len(pub) != ed25519.PublicKeySize {
		return fmt.Errorf("wallet: verify: not an ed25519 public key")
	}
	if len(s.fields) == 0 || !ed25519.Verify(pub, signed(s.fields), s.Sig) {
		return fmt.Errorf("%w: code for asset %d", ErrForged, s.Asset)
	}
	if !now.Before(s.Expiry) {
		return fmt.Errorf("%w: code for asset %d expired at %s", ErrExpired, s.Asset, s.Expiry.Format(time.RFC3339))
	}
	return nil
}
