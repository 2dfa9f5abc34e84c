package floor

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	bolt "go.etcd.io/bbolt"

	"egm/floor/pgtest"
	"egm/money"
)

// storeBackends are the floor database's backends, each as the --db value of a
// new, empty database of the test's own.
var storeBackends = []struct {
	name string
	spec func(t *testing.T) string
}{
	{"bbolt", func(t *testing.T) string { return "bbolt:" + filepath.Join(t.TempDir(), "floor.db") }},
	{"postgres", func(t *testing.T) string { return pgtest.URL(t) }},
}

// eachBackend runs fn as one subtest per backend.
func eachBackend(t *testing.T, fn func(t *testing.T, spec string)) {
	for _, b := range storeBackends {
		t.Run(b.name, func(t *testing.T) { fn(t, b.spec(t)) })
	}
}

func openDB(t *testing.T, spec string) *Store {
	t.Helper()
	s, err := OpenDB(spec, DBOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestStore: a poll's meters and exceptions are kept, in order, across a reopen;
// every meter whole to 18 digits.
func TestStore(t *testing.T) {
	eachBackend(t, func(t *testing.T, spec string) {
		s := openDB(t, spec)
		now := time.Date(2026, 11, 30, 9, 0, 0, 123456000, time.UTC)
		big := uint64(999_999_999_999_999_999)
		mt := Meters{CurrentCredits: 1, CoinIn: big, CoinOut: 3, Jackpot: 4, Handpay: 5, Cancelled: 6, GamesPlayed: 7, GamesWon: 8, GamesLost: 9}
		rec := &MetersRecord{Machine: 1, Time: now, Meters: Meters{CoinIn: 7}, Currency: "EUR"}
		if err := s.Record(rec, []Exception{{Machine: 1, Code: 0x11, Time: now}, {Machine: 1, Code: 0x12, Time: now}}); err != nil {
			t.Fatal(err)
		}
		if err := s.Record(nil, []Exception{{Machine: 2, Code: 0x51, Time: now}}); err != nil {
			t.Fatal(err)
		}
		rec = &MetersRecord{Machine: 1, Time: now.Add(time.Second), Meters: mt, Currency: "EUR"}
		if err := s.Record(rec, []Exception{{Machine: 255, Time: now, Finding: "meters backwards"}}); err != nil {
			t.Fatal(err)
		}
		s.Close()
		s = openDB(t, spec)
		defer s.Close()
		got, ok, err := s.LatestMeters(1)
		if err != nil || !ok || got.Meters != mt || !got.Time.Equal(now.Add(time.Second)) || got.Machine != 1 || got.Currency != "EUR" {
			t.Fatalf("meters %+v %v %v", got, ok, err)
		}
		if got, ok, err := s.LatestMeters(9); ok || err != nil || got != (MetersRecord{}) {
			t.Fatalf("meters of an unknown machine: %+v %v %v", got, ok, err)
		}
		ex, err := s.Exceptions()
		want := []Exception{{Machine: 1, Code: 0x11, Time: now}, {Machine: 1, Code: 0x12, Time: now}, {Machine: 2, Code: 0x51, Time: now}, {Machine: 255, Time: now, Finding: "meters backwards"}}
		if err != nil || len(ex) != len(want) {
			t.Fatalf("exceptions %+v %v", ex, err)
		}
		for i := range want {
			if ex[i].Machine != want[i].Machine || ex[i].Code != want[i].Code || !ex[i].Time.Equal(want[i].Time) || ex[i].Finding != want[i].Finding {
				t.Errorf("exception %d: %+v, want %+v", i, ex[i], want[i])
			}
		}
	})
}

// TestStoreCurrencyBackends: a new database records the floor's currency; another is
// refused, nothing changed, across a reopen.
func TestStoreCurrencyBackends(t *testing.T) {
	eachBackend(t, func(t *testing.T, spec string) {
		s := openDB(t, spec)
		if err := s.SetCurrency(money.KZT); err != nil {
			t.Fatal(err)
		}
		if err := s.SetCurrency(money.KZT); err != nil {
			t.Fatalf("the same currency again: %v", err)
		}
		s.Close()
		s = openDB(t, spec)
		defer s.Close()
		if s.Currency() != money.KZT {
			t.Fatalf("reopened in %s", s.Currency().Code)
		}
		var sce *storeCurrencyError
		if err := s.SetCurrency(money.EUR); !errors.As(err, &sce) || !strings.Contains(err.Error(), "counts in KZT, not EUR") {
			t.Fatalf("EUR on a KZT database: %v", err)
		}
		if s.Currency() != money.KZT {
			t.Fatalf("after the refusal: %s", s.Currency().Code)
		}
	})
}

func TestStoreBboltHeld(t *testing.T) {
	path := filepath.Join(t.TempDir(), "floor.db")
	s, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := OpenStore(path); err == nil || !strings.Contains(err.Error(), "held by another") {
		t.Fatalf("second open: %v", err)
	}
}

// TestStoreBoltTx: the subpackages' transactions are of their database's kind: a
// bbolt one (Update) on bbolt, refused on PostgreSQL, and a PostgreSQL one
// (Postgres) on PostgreSQL, refused on bbolt.
func TestStoreBoltTx(t *testing.T) {
	eachBackend(t, func(t *testing.T, spec string) {
		s := openDB(t, spec)
		defer s.Close()
		postgres := strings.HasPrefix(spec, "postgres")
		if s.OnPostgres() != postgres {
			t.Fatalf("OnPostgres() = %v on %s", s.OnPostgres(), spec)
		}
		err := s.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucketIfNotExists([]byte("x")); return err })
		if postgres != errors.Is(err, ErrNotOnBbolt) || (!postgres && err != nil) {
			t.Fatalf("Update: %v", err)
		}
		var one int
		err = s.Postgres(true, func(ctx context.Context, tx pgx.Tx) error { return tx.QueryRow(ctx, "SELECT 1").Scan(&one) })
		if postgres == errors.Is(err, ErrNotOnPostgres) || (postgres && (err != nil || one != 1)) {
			t.Fatalf("Postgres: %d, %v", one, err)
		}
		if !strings.HasPrefix(spec, "postgres") {
			return
		}
		if _, err := OpenStore(spec); !errors.Is(err, ErrNotOnBbolt) {
			t.Fatalf("OpenStore(%s): %v", spec, err)
		}
	})
}

// TestStoreJackpotRecords: a machine's first read is kept from the first time,
// until its baseline is stored; the baseline is kept from the first time too.
func TestStoreJackpotRecords(t *testing.T) {
	eachBackend(t, func(t *testing.T, spec string) {
		s := openDB(t, spec)
		defer s.Close()
		j := s.Jackpots()
		if _, ok, err := j.FirstRead(3); ok || err != nil {
			t.Fatalf("a first read before any: %v %v", ok, err)
		}
		for _, v := range []uint64{1_000, 2_000} {
			if err := j.NoteFirstRead(3, v); err != nil {
				t.Fatal(err)
			}
		}
		if v, ok, err := j.FirstRead(3); v != 1_000 || !ok || err != nil {
			t.Fatalf("first read %d %v %v, want the first", v, ok, err)
		}
		if _, ok, err := j.Baseline(3); ok || err != nil {
			t.Fatalf("a baseline before any: %v %v", ok, err)
		}
		for _, v := range []uint64{900, 5_000} {
			if got, err := j.SetBaseline(3, v); got != 900 || err != nil {
				t.Fatalf("baseline %d %v, want the first, 900", got, err)
			}
		}
		if _, ok, err := j.FirstRead(3); ok || err != nil {
			t.Fatalf("the first read outlives the baseline: %v %v", ok, err)
		}
		if err := j.NoteFirstRead(3, 7_000); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := j.FirstRead(3); ok {
			t.Fatal("a first read noted after the baseline")
		}
		s.Close()
		s = openDB(t, spec)
		if v, ok, err := s.Jackpots().Baseline(3); v != 900 || !ok || err != nil {
			t.Fatalf("reopened: baseline %d %v %v", v, ok, err)
		}
	})
}
