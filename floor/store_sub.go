package floor

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
)

// The subpackages' records (floor/desk: the wallet) are theirs to read and write,
// on the database of either kind: Store.Update and Store.View give a bbolt
// transaction, Store.Postgres a PostgreSQL one through the same runner as the
// floor's own records (SERIALIZABLE, run again on 40001/40P01).

// ErrNotOnPostgres is the refusal of a PostgreSQL transaction on a bbolt
// database.
var ErrNotOnPostgres = errors.New("floor: not a PostgreSQL floor database")

// OnPostgres reports a PostgreSQL floor database (false: bbolt).
func (s *Store) OnPostgres() bool {
	_, ok := s.b.(*pgBackend)
	return ok
}

// Postgres runs fn in one SERIALIZABLE transaction of a PostgreSQL floor
// database (read-only if readOnly), again from the start after a serialization
// failure or a deadlock: fn must have no effect outside tx but its results, set
// afresh on each run. ErrNotOnPostgres on a bbolt database.
func (s *Store) Postgres(readOnly bool, fn func(ctx context.Context, tx pgx.Tx) error) error {
	b, ok := s.b.(*pgBackend)
	if !ok {
		return ErrNotOnPostgres
	}
	return b.tx(readOnly, fn)
}

// PostgresLocked runs fn in one READ COMMITTED write transaction of a PostgreSQL
// floor database, for a writer that serialises itself on a row lock taken
// first (SELECT … FOR UPDATE): the linked jackpot controller (jackpot's
// PostgreSQL store) locks its one state row, so every floor process's
// contributions and hits queue on it and each sees the newest committed state,
// where SERIALIZABLE would abort all but one of the writers of that row and run
// them again. Run again from the start after a deadlock (40P01) or a
// serialization failure, as Postgres. ErrNotOnPostgres on a bbolt database.
func (s *Store) PostgresLocked(fn func(ctx context.Context, tx pgx.Tx) error) error {
	b, ok := s.b.(*pgBackend)
	if !ok {
		return ErrNotOnPostgres
	}
	return b.run(pgx.TxOptions{IsoLevel: pgx.ReadCommitted}, fn)
}
