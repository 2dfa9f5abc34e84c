package floorcli

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"egm/floor"
	"egm/floor/pgtest"
)

// egm-floor migrate copies a bbolt floor into PostgreSQL and says what moved; a
// second run into the same database is refused with the reason, and a missing
// --to is a usage error.
func TestMigrateCommand(t *testing.T) {
	from := filepath.Join(t.TempDir(), "floor.db")
	st, err := floor.OpenDB("bbolt:"+from, floor.DBOptions{})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 12, 5, 8, 0, 0, 0, time.UTC)
	if err := st.Record(&floor.MetersRecord{Machine: 7, Time: at, Meters: floor.Meters{CoinIn: 123_456}, Currency: "EUR"},
		[]floor.Exception{{Machine: 7, Code: 0x11, Time: at}}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	to := pgtest.URL(t)
	run := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := Run(append([]string{"migrate"}, args...), &out, &errb)
		return code, out.String(), errb.String()
	}
	code, out, errs := run("--from", "bbolt:"+from, "--to", to)
	if code != 0 || !strings.Contains(out, "1 machines' meters (coin in €1,234.56 in all), 1 exceptions") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs := run("--from", "bbolt:"+from, "--to", to); code == 0 || !strings.Contains(errs, "not empty") {
		t.Fatalf("a second migration into the same database: exit %d: %s", code, errs)
	}
	if code, _, errs := run("--from", "bbolt:"+from); code != 2 || !strings.Contains(errs, "--to is needed") {
		t.Fatalf("without --to: exit %d: %s", code, errs)
	}
}
