package floorcli

import (
	"bytes"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"egm/floor"
	"egm/floor/desk"
	"egm/floor/pgtest"
	"egm/jackpot"
	"egm/rng"
)

// egm-floor migrate copies a bbolt floor into PostgreSQL — its records, its
// wallet with players' accounts and a register, its linked jackpot controller
// with machines, contributions and an award (--jackpot FILE) — and says what
// moved; the PostgreSQL floor then holds the same balances, register and pools.
// A second run into the same database is refused with the reason, a missing
// --to is a usage error, and --jackpot into a bbolt file is refused.
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
	w, err := desk.OpenWallet(st, nil, desk.WalletOptions{Now: func() time.Time { return at }})
	if err != nil {
		t.Fatal(err)
	}
	for p, cents := range map[string]int64{"alice": 700_00, "bob": 25_00} {
		if err := w.CreateAccount(p); err != nil {
			t.Fatal(err)
		}
		if err := w.Fund(p, cents); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.Restrict(desk.RestrictRequest{Player: "bob", Kind: desk.KindSelfExclusion, Months: 6, By: "desk clerk 4", Why: "written application no. 17"}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	jp := filepath.Join(t.TempDir(), "jackpot.db")
	c, err := jackpot.Open(jp, jackpot.Options{RNG: rng.NewSeeded(1)})
	if err != nil {
		t.Fatal(err)
	}
	c.Register("sas-7")
	for g := uint64(1); g <= 20; g++ {
		if _, err := c.Contribute("sas-7", g, 2_000); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.HitAt("sas-7", 21, jackpot.Major, 0); err != nil {
		t.Fatal(err)
	}
	pools, _ := c.Accounts()
	c.Close()
	to := pgtest.URL(t)
	run := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := Run(append([]string{"migrate"}, args...), &out, &errb)
		return code, out.String(), errb.String()
	}
	if code, _, errs := run("--from", "bbolt:"+from, "--to", "bbolt:"+filepath.Join(t.TempDir(), "x.db"), "--jackpot", jp); code != 2 || !strings.Contains(errs, "must be postgres") {
		t.Fatalf("--jackpot into bbolt: exit %d: %s", code, errs)
	}
	code, out, errs := run("--from", "bbolt:"+from, "--to", to, "--jackpot", jp)
	if code != 0 || !strings.Contains(out, "1 machines' meters (coin in €1,234.56 in all), 1 exceptions") ||
		!strings.Contains(out, "wallet: 2 accounts (€725.00), funded €725.00") || !strings.Contains(out, "1 register entries") ||
		!strings.Contains(out, "jackpot controller: 1 machines, 20 games kept, 1 awards") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	// The PostgreSQL floor: the same balances, register and pools.
	pg, err := floor.OpenDB(to, floor.DBOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	pw, err := desk.OpenWallet(pg, nil, desk.WalletOptions{Now: func() time.Time { return at }})
	if err != nil {
		t.Fatal(err)
	}
	for p, cents := range map[string]int64{"alice": 700_00, "bob": 25_00} {
		if a, err := pw.Account(p); err != nil || a.Cents != cents {
			t.Fatalf("%s on PostgreSQL: %+v %v, want %d", p, a, err, cents)
		}
	}
	if reg, err := pw.Restrictions("bob", false); err != nil || len(reg) != 1 || reg[0].Kind != desk.KindSelfExclusion {
		t.Fatalf("bob's register entries on PostgreSQL: %+v %v", reg, err)
	}
	pc, err := jackpot.OpenPostgres(pg, jackpot.Options{RNG: rng.NewSeeded(2)})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := pc.Accounts(); err != nil || !reflect.DeepEqual(got, pools) {
		t.Fatalf("pools on PostgreSQL: %+v %v, want %+v", got, err, pools)
	}
	if code, _, errs := run("--from", "bbolt:"+from, "--to", to); code == 0 || !strings.Contains(errs, "not empty") {
		t.Fatalf("a second migration into the same database: exit %d: %s", code, errs)
	}
	if code, _, errs := run("--from", "bbolt:"+from); code != 2 || !strings.Contains(errs, "--to is needed") {
		t.Fatalf("without --to: exit %d: %s", code, errs)
	}
}
