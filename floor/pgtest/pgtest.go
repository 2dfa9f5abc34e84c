package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Env names the variable that gives the tests their PostgreSQL: a postgres://
// URL without a password (PGPASSWORD carries it).
const Env = "EGM_TEST_POSTGRES"

var warnOnce sync.Once

// skipLine is what a test without Env says.
const skipLine = "SKIPPED: the PostgreSQL tests need " + Env + " (a postgres:// URL); run them with `make pg-test` (the floor's packages) or `make unit` (all), which start a PostgreSQL of their own (scripts/with-postgres.sh)"

// URL returns a URL to the server of Env on a new schema of the test's own
// (the connection's search_path), dropped when the test ends; without Env it
// skips the test.
func URL(t testing.TB) string {
	t.Helper()
	base := os.Getenv(Env)
	if base == "" {
		warnOnce.Do(func() { fmt.Fprintln(os.Stderr, "pgtest: "+skipLine) })
		t.Skip(skipLine)
	}
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	schema := "t_" + hex.EncodeToString(b[:])
	exec(t, base, "CREATE SCHEMA "+schema)
	t.Cleanup(func() { exec(t, base, "DROP SCHEMA "+schema+" CASCADE") })
	u, err := WithSearchPath(base, schema)
	if err != nil {
		t.Fatalf("pgtest: %s: %v", Env, err)
	}
	return u
}

// WithSearchPath is the URL u with the connection's search_path set to schema.
func WithSearchPath(u, schema string) (string, error) {
	p, err := url.Parse(u)
	if err != nil || (p.Scheme != "postgres" && p.Scheme != "postgresql") {
		return "", fmt.Errorf("want a postgres:// URL, not %q", u)
	}
	q := p.Query()
	q.Set("search_path", schema)
	p.RawQuery = q.Encode()
	return p.String(), nil
}

// exec runs one statement on the server of Env; a server that does not answer
// fails the test.
func exec(t testing.TB, u, sql string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatalf("pgtest: %s is set, but its PostgreSQL does not answer: %v", Env, err)
	}
	defer c.Close(ctx)
	if _, err := c.Exec(ctx, sql); err != nil {
		t.Fatalf("pgtest: %s: %v", strings.Fields(sql)[0], err)
	}
}
