package wallet

import (
	"crypto/rand"
	"fmt"
)

// CodeAlphabet has 32 symbols (no 0/O or 1/I confusion): a random byte's low
// five bits pick one without bias.
const CodeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// CodeLen is the length of a one-time code's ID (the AFT transaction id).
const CodeLen = 20

// NewCodeID returns prefix followed by CodeLen-len(prefix) symbols of
// CodeAlphabet drawn from crypto/rand: the machine's one-time codes (no prefix)
// and the floor's own transaction ids ("H…") are made here. A prefix as long as
// a code, or longer, is refused.
func NewCodeID(prefix string) (string, error) {
	if len(prefix) >= CodeLen {
		return "", fmt.Errorf("wallet: code id: prefix %q leaves no random symbol in %d", prefix, CodeLen)
	}
	var b [CodeLen]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("wallet: code id: crypto/rand: %w", err)
	}
	n := copy(b[:], prefix)
	for i := n; i < len(b); i++ {
		b[i] = CodeAlphabet[b[i]&31]
	}
	return string(b[:]), nil
}
