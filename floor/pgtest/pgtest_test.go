package pgtest

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
)

// TestURLSchemasApart: two URLs are two schemas: a table made on one is not seen
// on the other.
func TestURLSchemasApart(t *testing.T) {
	a, b := URL(t), URL(t)
	ctx := context.Background()
	ca, err := pgx.Connect(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	defer ca.Close(ctx)
	cb, err := pgx.Connect(ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	defer cb.Close(ctx)
	if _, err := ca.Exec(ctx, "CREATE TABLE x (n int)"); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := cb.QueryRow(ctx, "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'x'").Scan(&n); err != nil || n != 0 {
		t.Fatalf("the second schema sees %d tables x (%v)", n, err)
	}
	var sa, sb string
	if err := ca.QueryRow(ctx, "SELECT current_schema()").Scan(&sa); err != nil {
		t.Fatal(err)
	}
	if err := cb.QueryRow(ctx, "SELECT current_schema()").Scan(&sb); err != nil || sa == sb {
		t.Fatalf("schemas %q %q (%v)", sa, sb, err)
	}
}

func TestWithSearchPath(t *testing.T) {
	u, err := WithSearchPath("postgres://egm@/egm?host=/tmp/x", "t_1")
	if err != nil || u != "postgres://egm@/egm?host=%2Ftmp%2Fx&search_path=t_1" {
		t.Fatalf("%q %v", u, err)
	}
	if _, err := WithSearchPath("bbolt:/x", "t"); err == nil {
		t.Fatal("a bbolt spec taken")
	}
}
