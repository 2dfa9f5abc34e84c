package floorload

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGivenPostgres: a given server can be restarted only when its URL's
// host=DIR holds the cluster (DIR/data, as scripts/with-postgres.sh makes it);
// a URL that is not postgres:// is refused.
func TestGivenPostgres(t *testing.T) {
	made := t.TempDir()
	if err := os.MkdirAll(filepath.Join(made, "data"), 0o700); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(made, "data", "PG_VERSION"), []byte("15\n"), 0o600)
	_, binErr := pgBin()
	for _, tc := range []struct {
		url     string
		bad     bool
		restart bool
	}{
		{"mysql://x@/db", true, false},
		{"postgres://egm@db.example/egm", false, false},
		{"postgres://egm@/egm?host=" + t.TempDir(), false, false},
		{"postgres://egm@/egm?host=" + made, false, binErr == nil},
	} {
		p, err := GivenPostgres(tc.url)
		if (err != nil) != tc.bad {
			t.Errorf("%s: %v", tc.url, err)
			continue
		}
		if err == nil && p.CanRestart() != tc.restart {
			t.Errorf("%s: can restart %v, want %v", tc.url, p.CanRestart(), tc.restart)
		}
	}
}
