package floor

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The PostgreSQL schema is versioned: pgschema/NNNN_name.sql, numbered from 1
// without a gap, embedded in the program. At start (openPostgres) one
// transaction, under an advisory lock of the connection's schema (two floor
// processes starting at once apply them once), creates schema_version if need
// be, applies the migrations the database does not have yet in order, each
// recorded there, and commits them all or none. A database whose schema is newer
// than the program's is refused (ErrSchemaNewer), nothing changed. The tables are
// made in the connection's current schema (its search_path: by default the schema
// named as the floor's role, which that role should own and nothing else).

//go:embed pgschema/*.sql
var pgSchemaFS embed.FS

// ErrSchemaNewer is the refusal of a database migrated by a newer program.
var ErrSchemaNewer = errors.New("floor: the database's schema is newer than this program's")

type migration struct {
	version int
	name    string
	sql     string
}

// migrations are the embedded schema's steps in order.
func migrations() ([]migration, error) {
	names, err := fs.Glob(pgSchemaFS, "pgschema/*.sql")
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	var out []migration
	for i, n := range names {
		base := strings.TrimPrefix(n, "pgschema/")
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v != i+1 {
			return nil, fmt.Errorf("floor: schema file %s: want %04d_NAME.sql", base, i+1)
		}
		b, err := pgSchemaFS.ReadFile(n)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: strings.TrimSuffix(base, ".sql"), sql: string(b)})
	}
	return out, nil
}

// SchemaVersion is the newest schema version this program knows.
func SchemaVersion() int {
	ms, err := migrations()
	if err != nil {
		return 0
	}
	return len(ms)
}

// migrate brings the database's schema to this program's, in one transaction.
func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	ms, err := migrations()
	if err != nil {
		return err
	}
	return pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{}, func(tx pgx.Tx) error {
		var schema *string
		if err := tx.QueryRow(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
			return err
		}
		if schema == nil {
			return errors.New("floor: the connection has no schema to keep the floor's tables in (its search_path names none that exists): create the floor role's schema (CREATE SCHEMA AUTHORIZATION role) or set search_path")
		}
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtext('egm-floor schema'), hashtext($1))", *schema); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
	version    integer PRIMARY KEY,
	name       text NOT NULL,
	applied_at timestamptz NOT NULL DEFAULT now()
)`); err != nil {
			return err
		}
		var have int
		if err := tx.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM schema_version").Scan(&have); err != nil {
			return err
		}
		if have > len(ms) {
			return fmt.Errorf("%w: schema %q is at version %d, this program knows up to %d (a newer egm-floor migrated it): run that program; refused, nothing changed", ErrSchemaNewer, *schema, have, len(ms))
		}
		for _, m := range ms[have:] {
			if _, err := tx.Exec(ctx, m.sql); err != nil {
				return fmt.Errorf("floor: schema step %s: %w", m.name, err)
			}
			if _, err := tx.Exec(ctx, "INSERT INTO schema_version (version, name) VALUES ($1, $2)", m.version, m.name); err != nil {
				return err
			}
		}
		return nil
	})
}
