package verify

import (
	"crypto/hmac"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"strings"
)

// Seed is the key of the seeded signature. As typed, its bytes are the key, as
// `openssl dgst -sha1 -hmac SEED` takes it; "hex:0b0b…" gives the key's bytes in
// hex, as `openssl dgst -sha1 -mac HMAC -macopt hexkey:0b0b…` does.
type Seed []byte

// ParseSeed reads a seed as `egm verify --hmac-sha1` takes it.
func ParseSeed(s string) (Seed, error) {
	if h, ok := strings.CutPrefix(s, "hex:"); ok {
		b, err := hex.DecodeString(h)
		if err != nil {
			return nil, fmt.Errorf("verify: seed %q: not hex after \"hex:\": %w", s, err)
		}
		if len(b) == 0 {
			return nil, errors.New("verify: seed \"hex:\" has no bytes")
		}
		return Seed(b), nil
	}
	if s == "" {
		return nil, errors.New("verify: empty seed (a lab's seed is text, or hex:… for raw bytes)")
	}
	return Seed(s), nil
}

// HMACSHA1 is the seeded signature of data (RFC 2104 HMAC with SHA-1), hex.
func HMACSHA1(seed Seed, data []byte) string {
	m := hmac.New(sha1.New, seed)
	m.Write(data)
	return hex.EncodeToString(m.Sum(nil))
}

// Sum is one file's (or the whole set's) digests. HMACSHA1 is empty without a seed.
type Sum struct {
	Bytes    int64  `json:"bytes"`
	SHA256   string `json:"sha256"`
	HMACSHA1 string `json:"hmac_sha1,omitempty"`
}

// summer hashes a stream with SHA-256 and, given a seed, HMAC-SHA1 at once.
type summer struct {
	n    int64
	sha  hash.Hash
	hmac hash.Hash
}

func newSummer(seed Seed) *summer {
	s := &summer{sha: sha256.New()}
	if seed != nil {
		s.hmac = hmac.New(sha1.New, seed)
	}
	return s
}

func (s *summer) Write(p []byte) (int, error) {
	s.n += int64(len(p))
	s.sha.Write(p)
	if s.hmac != nil {
		s.hmac.Write(p)
	}
	return len(p), nil
}

func (s *summer) sum() Sum {
	out := Sum{Bytes: s.n, SHA256: hex.EncodeToString(s.sha.Sum(nil))}
	if s.hmac != nil {
		out.HMACSHA1 = hex.EncodeToString(s.hmac.Sum(nil))
	}
	return out
}

// hashFile reads path once into the file's own summer and into set (the whole set's
// running digests).
func hashFile(path string, seed Seed, set io.Writer) (Sum, error) {
	f, err := os.Open(path)
	if err != nil {
		return Sum{}, fmt.Errorf("verify: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return Sum{}, fmt.Errorf("verify: %w", err)
	}
	if !st.Mode().IsRegular() {
		return Sum{}, fmt.Errorf("verify: %s is not a regular file (%s)", path, st.Mode().Type())
	}
	own := newSummer(seed)
	if _, err := io.Copy(io.MultiWriter(own, set), f); err != nil {
		return Sum{}, fmt.Errorf("verify: read %s: %w", path, err)
	}
	return own.sum(), nil
}
