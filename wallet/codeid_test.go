package wallet

import (
	"strings"
	"testing"
)

func TestNewCodeID(t *testing.T) {
	for _, tc := range []struct {
		prefix string
		ok     bool
	}{
		{"", true},
		{"H", true},
		{strings.Repeat("A", CodeLen-1), true},
		{strings.Repeat("A", CodeLen), false},
		{strings.Repeat("A", CodeLen+3), false},
	} {
		seen := map[string]bool{}
		for range 50 {
			id, err := NewCodeID(tc.prefix)
			if !tc.ok {
				if err == nil || !strings.HasPrefix(err.Error(), "wallet: ") {
					t.Fatalf("NewCodeID(%q) = %q, %v; want a wallet: error", tc.prefix, id, err)
				}
				break
			}
			if err != nil {
				t.Fatalf("NewCodeID(%q): %v", tc.prefix, err)
			}
			if len(id) != CodeLen || !strings.HasPrefix(id, tc.prefix) {
				t.Fatalf("NewCodeID(%q) = %q: want %d characters after the prefix", tc.prefix, id, CodeLen)
			}
			if rest := id[len(tc.prefix):]; strings.Trim(rest, CodeAlphabet) != "" {
				t.Fatalf("NewCodeID(%q) = %q: symbols outside the alphabet", tc.prefix, id)
			}
			if len(tc.prefix) < CodeLen-4 && seen[id] {
				t.Fatalf("NewCodeID(%q) repeated %q", tc.prefix, id)
			}
			seen[id] = true
		}
	}
}
