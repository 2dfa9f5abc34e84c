package floor

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"egm/floor/pgtest"
	"egm/money"
)

// TestPostgresTwoFloorsAtOnce: two floor stores on one PostgreSQL database, each
// with several machines recording at once: every record is kept once, each
// machine's exceptions in its order, both stores see the same.
func TestPostgresTwoFloorsAtOnce(t *testing.T) {
	u := pgtest.URL(t)
	stores := []*Store{openDB(t, u), openDB(t, u)}
	defer stores[0].Close()
	defer stores[1].Close()
	const machinesPer, cycles = 4, 40
	now := time.Date(2026, 12, 3, 18, 0, 0, 0, time.UTC)
	start := make(chan struct{})
	errs := make(chan error, 2*machinesPer)
	var wg sync.WaitGroup
	for si, s := range stores {
		for k := range machinesPer {
			machine := byte(1 + si*machinesPer + k)
			wg.Go(func() {
				<-start
				for c := range cycles {
					rec := &MetersRecord{Machine: machine, Time: now.Add(time.Duration(c) * time.Second), Meters: Meters{CoinIn: uint64(c) * 100, GamesPlayed: uint64(c)}}
					ex := []Exception{{Machine: machine, Code: byte(2 * c), Time: now}, {Machine: machine, Code: byte(2*c + 1), Time: now}}
					if err := s.Record(rec, ex); err != nil {
						errs <- fmt.Errorf("machine %d cycle %d: %w", machine, c, err)
						return
					}
				}
			})
		}
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	var logs [2][]Exception
	for i, s := range stores {
		ex, err := s.Exceptions()
		if err != nil || len(ex) != 2*machinesPer*2*cycles {
			t.Fatalf("store %d: %d exceptions (%v), want %d", i, len(ex), err, 2*machinesPer*2*cycles)
		}
		logs[i] = ex
		next := map[byte]byte{}
		for _, e := range ex {
			if e.Code != next[e.Machine] {
				t.Fatalf("store %d: machine %d's exception %d after %d", i, e.Machine, e.Code, next[e.Machine])
			}
			next[e.Machine]++
		}
		for m := byte(1); m <= 2*machinesPer; m++ {
			r, ok, err := s.LatestMeters(m)
			if err != nil || !ok || r.Meters.CoinIn != (cycles-1)*100 || !r.Time.Equal(now.Add((cycles-1)*time.Second)) {
				t.Fatalf("store %d: machine %d's latest %+v %v %v", i, m, r, ok, err)
			}
		}
	}
	for i := range logs[0] {
		if logs[0][i].Machine != logs[1][i].Machine || logs[0][i].Code != logs[1][i].Code {
			t.Fatalf("the two stores' logs differ at %d: %+v %+v", i, logs[0][i], logs[1][i])
		}
	}
}

// TestPostgresCurrencyRace: two floors setting their currency on one new
// database at once: one is recorded, the other refused.
func TestPostgresCurrencyRace(t *testing.T) {
	for round := range 5 {
		u := pgtest.URL(t)
		a, b := openDB(t, u), openDB(t, u)
		start := make(chan struct{})
		var ea, eb error
		var wg sync.WaitGroup
		wg.Go(func() { <-start; ea = a.SetCurrency(money.EUR) })
		wg.Go(func() { <-start; eb = b.SetCurrency(money.KZT) })
		close(start)
		wg.Wait()
		a.Close()
		b.Close()
		var sce *storeCurrencyError
		if (ea == nil) == (eb == nil) || !(errors.As(ea, &sce) || errors.As(eb, &sce)) {
			t.Fatalf("round %d: EUR %v, KZT %v: want one recorded, one refused", round, ea, eb)
		}
		s := openDB(t, u)
		if want := map[bool]money.Currency{true: money.EUR, false: money.KZT}[ea == nil]; s.Currency() != want {
			t.Fatalf("round %d: recorded %s, want %s", round, s.Currency().Code, want.Code)
		}
		s.Close()
	}
}

// TestPostgresSchema: two floors starting at once on a new database apply the
// schema once; a database of a newer program's schema is refused, nothing changed.
func TestPostgresSchema(t *testing.T) {
	u := pgtest.URL(t)
	var wg sync.WaitGroup
	errs := make([]error, 3)
	start := make(chan struct{})
	for i := range errs {
		wg.Go(func() {
			<-start
			s, err := OpenDB(u, DBOptions{})
			if err == nil {
				s.Close()
			}
			errs[i] = err
		})
	}
	close(start)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("floor %d: %v", i, err)
		}
	}
	ctx := context.Background()
	c, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(ctx)
	var n, top int
	if err := c.QueryRow(ctx, "SELECT count(*), max(version) FROM schema_version").Scan(&n, &top); err != nil || n != SchemaVersion() || top != SchemaVersion() || n == 0 {
		t.Fatalf("schema_version: %d rows, top %d (%v), want %d", n, top, err, SchemaVersion())
	}
	if _, err := c.Exec(ctx, "INSERT INTO schema_version (version, name) VALUES ($1, 'from a newer program')", SchemaVersion()+1); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenDB(u, DBOptions{}); !errors.Is(err, ErrSchemaNewer) || !strings.Contains(err.Error(), fmt.Sprintf("version %d, this program knows up to %d", SchemaVersion()+1, SchemaVersion())) {
		t.Fatalf("a newer schema: %v", err)
	}
	if err := c.QueryRow(ctx, "SELECT count(*) FROM schema_version").Scan(&n); err != nil || n != SchemaVersion()+1 {
		t.Fatalf("after the refusal: %d rows (%v)", n, err)
	}
}

// TestPostgresPassword: the password from a file of mode 0600 or from
// EGM_FLOOR_DB_PASSWORD; a file others may read is refused before connecting.
func TestPostgresPassword(t *testing.T) {
	u := pgtest.URL(t)
	password := os.Getenv("PGPASSWORD")
	t.Setenv("PGPASSWORD", "")
	dir := t.TempDir()
	file := func(name, text string, mode os.FileMode) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
		return p
	}
	loose := file("loose", password+"\n", 0o644)
	if _, err := OpenDB(u, DBOptions{PasswordFile: loose}); !errors.Is(err, ErrDBSpec) || !strings.Contains(err.Error(), "mode 0644") {
		t.Fatalf("a file of mode 0644: %v", err)
	}
	s, err := OpenDB(u, DBOptions{PasswordFile: file("ok", password+"\n", 0o600)})
	if err != nil {
		t.Fatalf("a file of mode 0600: %v", err)
	}
	s.Close()
	t.Setenv(PasswordEnv, password)
	if s, err = OpenDB(u, DBOptions{}); err != nil {
		t.Fatalf("%s: %v", PasswordEnv, err)
	}
	s.Close()
	if password == "" {
		return // a server that asks no password: a wrong one cannot be told
	}
	t.Setenv(PasswordEnv, "wrong")
	if _, err := OpenDB(u, DBOptions{}); err == nil {
		t.Fatal("a wrong password let in")
	}
}

// TestPostgresBaselineRace: two floors storing one machine's baseline at once
// both get the one stored.
func TestPostgresBaselineRace(t *testing.T) {
	u := pgtest.URL(t)
	a, b := openDB(t, u), openDB(t, u)
	defer a.Close()
	defer b.Close()
	for m := byte(1); m <= 20; m++ {
		start := make(chan struct{})
		var va, vb uint64
		var ea, eb error
		var wg sync.WaitGroup
		wg.Go(func() { <-start; va, ea = a.Jackpots().SetBaseline(m, 100) })
		wg.Go(func() { <-start; vb, eb = b.Jackpots().SetBaseline(m, 200) })
		close(start)
		wg.Wait()
		if ea != nil || eb != nil || va != vb || (va != 100 && va != 200) {
			t.Fatalf("machine %d: %d %v, %d %v", m, va, ea, vb, eb)
		}
	}
}
