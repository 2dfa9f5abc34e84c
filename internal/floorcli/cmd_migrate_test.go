package floorcli

import (
	"bytes"
	"errors"
	"os"
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
	from, jp, pools, at := migrateSource(t)
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

// egm-floor migrate checks every part of the destination — the floor's
// records, the wallet, the wide-area controller — before it writes any: a
// destination whose wallet holds an account, whose controller has counted a
// contribution or has other levels, or a --jackpot file that is no
// controller's, is refused with the reason and nothing is written (no meters,
// no accounts).
func TestMigrateChecksEveryPartFirst(t *testing.T) {
	from, jp, _, at := migrateSource(t)
	garbage := filepath.Join(t.TempDir(), "not-a-controller.db")
	if err := os.WriteFile(garbage, bytes.Repeat([]byte("not a controller "), 1000), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		prepare func(t *testing.T, pg *floor.Store)
		jackpot string
		want    []string
	}{
		{"a wallet with an account", func(t *testing.T, pg *floor.Store) {
			w, err := desk.OpenWallet(pg, nil, desk.WalletOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if err := w.CreateAccount("zoe"); err != nil {
				t.Fatal(err)
			}
		}, jp, []string{"not empty", "its wallet has 1 accounts", "nothing written"}},
		{"a controller that has counted", func(t *testing.T, pg *floor.Store) {
			c, err := jackpot.OpenPostgres(pg, jackpot.Options{RNG: rng.NewSeeded(3)})
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			c.Register("sas-9")
			if _, err := c.Contribute("sas-9", 1, 1_000); err != nil {
				t.Fatal(err)
			}
		}, jp, []string{"not empty", "wide-area jackpot controller", "1 machines registered", "nothing written"}},
		{"a controller of other levels", func(t *testing.T, pg *floor.Store) {
			levels := jackpot.DefaultLevels()
			levels[0].ResetCents += 1_00
			c, err := jackpot.OpenPostgres(pg, jackpot.Options{RNG: rng.NewSeeded(3), Levels: levels})
			if err != nil {
				t.Fatal(err)
			}
			c.Close()
		}, jp, []string{"wide-area controller", "differs", "nothing written"}},
		{"a --jackpot file that is no controller's", func(t *testing.T, pg *floor.Store) {}, garbage, []string{"--jackpot " + garbage}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			to := pgtest.URL(t)
			pg, err := floor.OpenDB(to, floor.DBOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer pg.Close()
			tc.prepare(t, pg)
			var out, errb bytes.Buffer
			code := Run([]string{"migrate", "--from", "bbolt:" + from, "--to", to, "--jackpot", tc.jackpot}, &out, &errb)
			if code == 0 {
				t.Fatalf("migrated:\n%s", out.String())
			}
			for _, w := range tc.want {
				if !strings.Contains(errb.String(), w) {
					t.Fatalf("exit %d: %q does not say %q", code, errb.String(), w)
				}
			}
			if out.Len() != 0 {
				t.Fatalf("a part reported copied: %s", out.String())
			}
			if _, ok, err := pg.LatestMeters(7); err != nil || ok {
				t.Fatalf("the floor records written: meters of machine 7 %v %v", ok, err)
			}
			w, err := desk.OpenWallet(pg, nil, desk.WalletOptions{Now: func() time.Time { return at }})
			if err != nil {
				t.Fatal(err)
			}
			if a, err := w.Account("alice"); !errors.Is(err, desk.ErrNoAccount) {
				t.Fatalf("the wallet written: alice %+v %v", a, err)
			}
		})
	}
}

// migrateSource is a bbolt floor with a machine's meters and an exception, a
// wallet with two players' accounts and a register entry, and the floor's
// linked jackpot controller file with a machine, contributions and an award:
// the floor's path, the controller's, the controller's accounts, and the time
// its records were made.
func migrateSource(t *testing.T) (from, jp string, pools jackpot.Accounts, at time.Time) {
	t.Helper()
	from = filepath.Join(t.TempDir(), "floor.db")
	st, err := floor.OpenDB("bbolt:"+from, floor.DBOptions{})
	if err != nil {
		t.Fatal(err)
	}
	at = time.Date(2026, 12, 5, 8, 0, 0, 0, time.UTC)
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
	jp = filepath.Join(t.TempDir(), "jackpot.db")
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
	if pools, err = c.Accounts(); err != nil {
		t.Fatal(err)
	}
	c.Close()
	return from, jp, pools, at
}
