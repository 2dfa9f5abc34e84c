package floor

import (
	"errors"
	"strings"
	"testing"
)

func TestParseDB(t *testing.T) {
	for _, tc := range []struct {
		spec, kind, target string
		bad                bool
	}{
		{"./var/floor.db", DBBbolt, "./var/floor.db", false},
		{"bbolt:/srv/floor.db", DBBbolt, "/srv/floor.db", false},
		{"postgres://egm_floor@db1/casino?sslmode=verify-full", DBPostgres, "postgres://egm_floor@db1/casino?sslmode=verify-full", false},
		{"postgresql://egm_floor@/casino?host=/run/postgresql", DBPostgres, "postgresql://egm_floor@/casino?host=/run/postgresql", false},
		{"postgres://egm_floor:secret@db1/casino", "", "", true},
		{"postgres://egm_floor@db1/casino?password=secret", "", "", true},
		{"mysql://x@y/z", "", "", true},
		{"", "", "", true},
		{"bbolt:", "", "", true},
	} {
		kind, target, err := ParseDB(tc.spec)
		if tc.bad != (err != nil) || kind != tc.kind || target != tc.target || (err != nil && !errors.Is(err, ErrDBSpec)) {
			t.Errorf("ParseDB(%q) = %q %q %v", tc.spec, kind, target, err)
		}
	}
	if _, _, err := ParseDB("postgres://egm_floor:secret@db1/casino"); err == nil || strings.Contains(err.Error(), "secret") {
		t.Errorf("the refusal shows the password: %v", err)
	}
	if _, _, err := ParseDB("postgres://egm_floor@db1/casino?password=secret"); err == nil || strings.Contains(err.Error(), "secret") {
		t.Errorf("the refusal shows the password: %v", err)
	}
}
