package rng

import (
	"crypto/aes"
	"crypto/cipher"
	"errors"
	"fmt"
)

// SP 800-90A, table 3, for AES-256 without a derivation function.
const (
	KeyLen   = 32                // AES-256 key
	BlockLen = aes.BlockSize     // 16
	SeedLen  = KeyLen + BlockLen // 48 bytes: entropy input and personalization length

	// MaxRequestBytes is max_number_of_bits_per_request (2^19 bits).
	MaxRequestBytes = 1 << 16
	// MaxReseedInterval is reseed_interval's ceiling (2^48 Generate requests).
	MaxReseedInterval = uint64(1) << 48
)

// ErrReseedRequired is returned by CTRDRBG.Generate once the reseed counter has passed
// the configured interval: the caller must Reseed before asking again.
var ErrReseedRequired = errors.New("rng: reseed required")

// CTRDRBG is the SP 800-90A CTR_DRBG mechanism (AES-256, no df). It holds only the
// working state (Key, V, reseed counter); entropy, health tests and reseed policy are
// Generator's. It is not safe for concurrent use.
type CTRDRBG struct {
	block         cipher.Block
	v             [BlockLen]byte
	reseedCounter uint64
	interval      uint64
}

// NewCTRDRBG instantiates the DRBG (SP 800-90A 10.2.1.3.1) from exactly SeedLen bytes of
// entropy input and at most SeedLen bytes of personalization (zero-padded).
// interval is the reseed interval in Generate requests (1..MaxReseedInterval).
func NewCTRDRBG(entropy, personalization []byte, interval uint64) (*CTRDRBG, error) {
	if len(entropy) != SeedLen {
		return nil, fmt.Errorf("rng: entropy input is %d bytes, want %d", len(entropy), SeedLen)
	}
	if len(personalization) > SeedLen {
		return nil, fmt.Errorf("rng: personalization string is %d bytes, at most %d", len(personalization), SeedLen)
	}
	if interval == 0 || interval > MaxReseedInterval {
		return nil, fmt.Errorf("rng: reseed interval %d outside 1..2^48", interval)
	}
	var seed [SeedLen]byte
	copy(seed[:], personalization)
	xorInto(seed[:], entropy)
	d := &CTRDRBG{interval: interval}
	var zeroKey [KeyLen]byte
	d.setKey(zeroKey[:])
	d.update(seed[:])
	d.reseedCounter = 1
	return d, nil
}

// Reseed mixes fresh entropy and optional additional input (SP 800-90A 10.2.1.4.1).
func (d *CTRDRBG) Reseed(entropy, additional []byte) error {
	if len(entropy) != SeedLen {
		return fmt.Errorf("rng: entropy input is %d bytes, want %d", len(entropy), SeedLen)
	}
	if len(additional) > SeedLen {
		return fmt.Errorf("rng: additional input is %d bytes, at most %d", len(additional), SeedLen)
	}
	var seed [SeedLen]byte
	copy(seed[:], additional)
	xorInto(seed[:], entropy)
	d.update(seed[:])
	d.reseedCounter = 1
	return nil
}

// NeedsReseed reports whether the next Generate would be refused.
func (d *CTRDRBG) NeedsReseed() bool { return d.reseedCounter > d.interval }

// Generate fills out with pseudorandom bytes (SP 800-90A 10.2.1.5.1, no additional
// input). len(out) must be at most MaxRequestBytes.
func (d *CTRDRBG) Generate(out []byte) error {
	if len(out) > MaxRequestBytes {
		return fmt.Errorf("rng: request of %d bytes exceeds %d", len(out), MaxRequestBytes)
	}
	if d.NeedsReseed() {
		return ErrReseedRequired
	}
	d.keystream(out)
	var zero [SeedLen]byte
	d.update(zero[:])
	d.reseedCounter++
	return nil
}

// keystream writes AES_K(V+1) || AES_K(V+2) || … into out and advances V by the number
// of blocks used. CTR_DRBG's counter field is the whole 128-bit block, exactly as in
// crypto/cipher's CTR mode, so the hardware-accelerated CTR stream is the DRBG stream.
func (d *CTRDRBG) keystream(out []byte) {
	if len(out) == 0 {
		return
	}
	inc128(&d.v)
	clear(out)
	cipher.NewCTR(d.block, d.v[:]).XORKeyStream(out, out)
	blocks := (len(out) + BlockLen - 1) / BlockLen
	add128(&d.v, uint64(blocks-1))
}

// update is CTR_DRBG_Update (10.2.1.2): temp = AES(V+1)||AES(V+2)||AES(V+3) xor data;
// Key = leftmost 32 bytes, V = rightmost 16.
func (d *CTRDRBG) update(data []byte) {
	var temp [SeedLen]byte
	for i := 0; i < SeedLen; i += BlockLen {
		inc128(&d.v)
		d.block.Encrypt(temp[i:i+BlockLen], d.v[:])
	}
	xorInto(temp[:], data)
	d.setKey(temp[:KeyLen])
	copy(d.v[:], temp[KeyLen:])
	clear(temp[:])
}

func (d *CTRDRBG) setKey(key []byte) {
	b, err := aes.NewCipher(key)
	if err != nil { // impossible: the key is always 32 bytes
		panic("rng: AES-256 key schedule: " + err.Error())
	}
	d.block = b
}

func xorInto(dst, src []byte) {
	for i := range src {
		dst[i] ^= src[i]
	}
}

// inc128 adds one to a big-endian 128-bit counter, wrapping at 2^128.
func inc128(v *[BlockLen]byte) { add128(v, 1) }

// add128 adds n to a big-endian 128-bit counter, wrapping at 2^128.
func add128(v *[BlockLen]byte, n uint64) {
	for i := BlockLen - 1; i >= 0 && n != 0; i-- {
		s := uint64(v[i]) + (n & 0xff)
		v[i] = byte(s)
		n = n>>8 + s>>8
	}
}
