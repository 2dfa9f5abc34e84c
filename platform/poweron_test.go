package platform

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"egm/internal/buildinfo"
	"egm/rng"
)

// The power-on authenticates the program against the approved SHA-256: the same
// program passes, another fails and play stays disabled; without one the hash is
// recorded. Every outcome is in the boot record.
func TestPowerOnAuthenticates(t *testing.T) {
	sum, err := buildinfo.ProgramSHA256()
	if err != nil {
		t.Fatal(err)
	}
	other := strings.Repeat("0", 64)
	for _, c := range []struct {
		name, approved string
		fail           bool
		record         string
	}{
		{"approved", sum, false, "program authentication=PASS"},
		{"approved, upper case", strings.ToUpper(sum), false, "program authentication=PASS"},
		{"none configured", "", false, "program authentication=PASS"},
		{"another program", other, true, "program authentication=FAIL"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			var out bytes.Buffer
			err := PowerOn(rng.Settings{Mode: rng.ModeOS}, dir, c.approved, &out)
			if c.fail != errors.Is(err, ErrPowerOn) || (!c.fail && err != nil) {
				t.Fatalf("power-on: %v\n%s", err, out.String())
			}
			if c.fail && !strings.Contains(out.String(), "the approved "+other) {
				t.Errorf("the refusal does not name the hashes:\n%s", out.String())
			}
			rec, err := os.ReadFile(filepath.Join(dir, "boot.log"))
			if err != nil || !strings.Contains(string(rec), c.record) {
				t.Errorf("boot record %q, %v; want %s", rec, err, c.record)
			}
		})
	}
}
