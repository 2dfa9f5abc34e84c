package rng

import (
	"bytes"
	"encoding/hex"
	"fmt"
)

// KnownAnswer is one CTR_DRBG known-answer record: instantiate from Entropy and
// Personalization, generate 64 bytes and discard them, generate 64 more: they must equal
// Returned (the NIST CAVP no-reseed procedure).
type KnownAnswer struct {
	Entropy, Personalization, Returned string // hex
}

// powerOnVector is NIST CAVP CTR_DRBG AES-256 no df, no reseed, record "nopers/0"
// (public NIST data; the full set of 16 runs in this package's tests).
var powerOnVector = KnownAnswer{
	Entropy:  "df5d73faa468649edda33b5cca79b0b05600419ccb7a879ddfec9db32ee494e5531b51de16a30f769262474c73bec010",
	Returned: "d1c07cd95af8a7f11012c84ce48bb8cb87189e99d40fccb1771c619bdf82ab2280b1dc2f2581f39164f7ac0c510494b3a43c41b7db17514c87b107ae793e01c5",
}

// SelfTest is the power-on known-answer test of the DRBG mechanism (SP 800-90A 11.3).
// The cabinet runs it at boot and refuses play if it fails.
func SelfTest() error { return powerOnVector.Check() }

// Check runs the known-answer procedure.
func (k KnownAnswer) Check() error {
	ent, err1 := hex.DecodeString(k.Entropy)
	pers, err2 := hex.DecodeString(k.Personalization)
	want, err3 := hex.DecodeString(k.Returned)
	if err1 != nil || err2 != nil || err3 != nil {
		return fmt.Errorf("rng: self-test vector is not hex")
	}
	d, err := NewCTRDRBG(ent, pers, MaxReseedInterval)
	if err != nil {
		return fmt.Errorf("rng: self-test: %w", err)
	}
	out := make([]byte, len(want))
	if err := d.Generate(out); err != nil {
		return fmt.Errorf("rng: self-test: %w", err)
	}
	if err := d.Generate(out); err != nil {
		return fmt.Errorf("rng: self-test: %w", err)
	}
	if !bytes.Equal(out, want) {
		return fmt.Errorf("rng: self-test failed: DRBG output %x, want %x", out[:8], want[:8])
	}
	return nil
}
