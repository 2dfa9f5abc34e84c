package wallet

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Kind is what a code does: money in or money out.
type Kind uint8

// The kinds of code.
const (
	CashIn  Kind = 1 // the wallet pays the machine (AFT type 00, host to machine)
	CashOut Kind = 2 // the machine pays the wallet (AFT type 80, machine to host)
)

func (k Kind) String() string {
	switch k {
	case CashIn:
		return "cash-in"
	case CashOut:
		return "cash-out"
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// Limits of the payload's fields.
const (
	MaxMachineID       = 32               // bytes of the machine id
	MaxCode            = 20               // bytes of the code: an AFT transaction id is 1..20 ASCII
	MaxCents     int64 = 1_000_000_000_00 // a cash-out amount fits an AFT amount (10 BCD digits)
	prefix             = "EGM1."
	version            = 1
)

// The refusals, one per cause; errors.Is tells them apart.
var (
	ErrMalformed      = errors.New("wallet: malformed payload")
	ErrForged         = errors.New("wallet: forged payload (the signature is not the machine's)")
	ErrExpired        = errors.New("wallet: expired code")
	ErrForeignMachine = errors.New("wallet: code of another machine")
)

// Payload is what the QR code says.
type Payload struct {
	Asset   uint32    // the machine's asset number
	Machine string    // the machine's id (1..32 printable ASCII)
	Kind    Kind      // CashIn or CashOut
	Code    string    // the one-time code: the AFT transaction id (1..20 printable ASCII)
	Expiry  time.Time // the code is refused from this instant (whole seconds)
	Cents   int64     // CashOut: the balance to pay out; CashIn: 0
}

// Check tells whether the payload can be encoded.
func (p Payload) Check() error {
	switch {
	case p.Kind != CashIn && p.Kind != CashOut:
		return fmt.Errorf("%w: kind %d", ErrMalformed, p.Kind)
	case !printable(p.Machine, MaxMachineID):
		return fmt.Errorf("%w: machine id %q must be 1..%d printable ASCII", ErrMalformed, p.Machine, MaxMachineID)
	case !printable(p.Code, MaxCode):
		return fmt.Errorf("%w: code must be 1..%d printable ASCII", ErrMalformed, MaxCode)
	case p.Expiry.Unix() <= 0 || p.Expiry.Nanosecond() != 0:
		return fmt.Errorf("%w: expiry %v must be a whole second after 1970", ErrMalformed, p.Expiry)
	case p.Kind == CashIn && p.Cents != 0:
		return fmt.Errorf("%w: a cash-in code carries no amount (%d cents)", ErrMalformed, p.Cents)
	case p.Kind == CashOut && (p.Cents <= 0 || p.Cents > MaxCents):
		return fmt.Errorf("%w: cash-out amount %d cents outside 1..%d", ErrMalformed, p.Cents, MaxCents)
	}
	return nil
}

// CheckMachine refuses a payload that names another machine than asset/machineID.
func (p Payload) CheckMachine(asset uint32, machineID string) error {
	if p.Asset != asset || p.Machine != machineID {
		return fmt.Errorf("%w: it names asset %d (%s), not asset %d (%s)", ErrForeignMachine, p.Asset, p.Machine, asset, machineID)
	}
	return nil
}

func printable(s string, max int) bool {
	if len(s) == 0 || len(s) > max {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x21 || s[i] > 0x7E {
			return false
		}
	}
	return true
}

// The fields, big-endian, before base64url (no padding):
//
//	 0        1                 5        6       7           7+m      8+m        8+m+c
//	+--------+-----------------+--------+-------+-----------+--------+----------+
//	| ver=01 | asset (uint32)  | kind   | m     | machine id| c      | code     |
//	+--------+-----------------+--------+-------+-----------+--------+----------+
//	 8+m+c                      16+m+c                     24+m+c
//	+--------------------------+---------------------------+
//	| expiry (int64, Unix s)   | cents (int64)             |
//	+--------------------------+---------------------------+
//
// The text: "EGM1." base64url(fields) "." base64url(ed25519 signature, 64 bytes).
// The signature covers sigContext followed by the raw fields.
func (p Payload) fields() []byte {
	b := make([]byte, 0, 24+len(p.Machine)+len(p.Code))
	b = append(b, version)
	b = binary.BigEndian.AppendUint32(b, p.Asset)
	b = append(b, byte(p.Kind), byte(len(p.Machine)))
	b = append(b, p.Machine...)
	b = append(b, byte(len(p.Code)))
	b = append(b, p.Code...)
	b = binary.BigEndian.AppendUint64(b, uint64(p.Expiry.Unix()))
	b = binary.BigEndian.AppendUint64(b, uint64(p.Cents))
	return b
}

// parseFields is the inverse of fields; it accepts exactly one layout.
func parseFields(b []byte) (Payload, error) {
	var p Payload
	bad := func(what string) (Payload, error) { return Payload{}, fmt.Errorf("%w: %s", ErrMalformed, what) }
	if len(b) < 7 {
		return bad("fields too short")
	}
	if b[0] != version {
		return bad(fmt.Sprintf("version %d (want %d)", b[0], version))
	}
	p.Asset = binary.BigEndian.Uint32(b[1:5])
	p.Kind = Kind(b[5])
	m := int(b[6])
	rest := b[7:]
	if len(rest) < m+1 {
		return bad("machine id cut short")
	}
	p.Machine = string(rest[:m])
	c := int(rest[m])
	rest = rest[m+1:]
	if len(rest) != c+16 {
		return bad(fmt.Sprintf("%d bytes after the code length, want %d", len(rest), c+16))
	}
	p.Code = string(rest[:c])
	rest = rest[c:]
	exp := int64(binary.BigEndian.Uint64(rest[:8]))
	if exp <= 0 {
		return bad("expiry before 1970")
	}
	p.Expiry = time.Unix(exp, 0).UTC()
	p.Cents = int64(binary.BigEndian.Uint64(rest[8:16]))
	if err := p.Check(); err != nil {
		return Payload{}, err
	}
	return p, nil
}

var b64 = base64.RawURLEncoding.Strict()

// Parse reads a payload's text strictly: the prefix, two base64url parts without
// padding, the exact field layout, a 64-byte signature. It does not verify the
// signature (Signed.Verify does).
func Parse(s string) (Signed, error) {
	if len(s) > 512 {
		return Signed{}, fmt.Errorf("%w: %d bytes", ErrMalformed, len(s))
	}
	body, ok := strings.CutPrefix(s, prefix)
	if !ok {
		return Signed{}, fmt.Errorf("%w: no %q prefix", ErrMalformed, prefix)
	}
	// Only the base64url alphabet and the separator: the decoder itself would skip
	// line breaks, and a payload has one spelling.
	for i := 0; i < len(body); i++ {
		c := body[i]
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.') {
			return Signed{}, fmt.Errorf("%w: byte %#02x at %d", ErrMalformed, c, len(prefix)+i)
		}
	}
	f64, s64, ok := strings.Cut(body, ".")
	if !ok || strings.Contains(s64, ".") {
		return Signed{}, fmt.Errorf("%w: want EGM1.<fields>.<signature>", ErrMalformed)
	}
	fields, err := b64.DecodeString(f64)
	if err != nil {
		return Signed{}, fmt.Errorf("%w: fields: %v", ErrMalformed, err)
	}
	sig, err := b64.DecodeString(s64)
	if err != nil {
		return Signed{}, fmt.Errorf("%w: signature: %v", ErrMalformed, err)
	}
	if len(sig) != sigSize {
		return Signed{}, fmt.Errorf("%w: signature of %d bytes, want %d", ErrMalformed, len(sig), sigSize)
	}
	p, err := parseFields(fields)
	if err != nil {
		return Signed{}, err
	}
	return Signed{Payload: p, Sig: sig, fields: fields}, nil
}
