package desk

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"egm/floor"
)

// The wallet's records on a PostgreSQL floor database: the tables of
// floor/pgschema/0003_wallet.sql, shared by every floor process on the database.
// Each wallet operation is one SERIALIZABLE transaction through the floor's
// runner (floor.Store.Postgres), run again from the start after a serialization
// failure: two hosts that scan the same code at once both read it unused, one
// commits, the other is aborted and, run again, finds it used (ErrReplayed).
type pgWallet struct{ st *floor.Store }

func (p pgWallet) update(fn func(tx walletTx) error) error {
	return p.st.Postgres(false, func(ctx context.Context, tx pgx.Tx) error { return fn(pgTx{ctx, tx}) })
}

func (p pgWallet) view(fn func(tx walletTx) error) error {
	return p.st.Postgres(true, func(ctx context.Context, tx pgx.Tx) error { return fn(pgTx{ctx, tx}) })
}

type pgTx struct {
	ctx context.Context
	tx  pgx.Tx
}

// nullTime is a time for a nullable column (zero: NULL).
func nullTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// fromNull is a nullable column's time in UTC (NULL: zero).
func fromNull(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.UTC()
}

// collect reads every row of q with scan.
func collect[T any](p pgTx, scan func(r pgx.Rows) (T, error), q string, args ...any) ([]T, error) {
	rows, err := p.tx.Query(p.ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		x, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, rows.Err()
}

// one reads the single row of q (ok false: none).
func one[T any](p pgTx, scan func(r pgx.Rows) (T, error), q string, args ...any) (T, bool, error) {
	out, err := collect(p, scan, q, args...)
	if err != nil || len(out) == 0 {
		var zero T
		return zero, false, err
	}
	return out[0], true, nil
}

const accountCols = "player, cents, coalesce(to_char(born, 'YYYY-MM-DD'), '')"

func scanAccount(r pgx.Rows) (a Account, err error) {
	return a, r.Scan(&a.Player, &a.Cents, &a.Born)
}

func (p pgTx) account(player string) (Account, bool, error) {
	return one(p, scanAccount, "SELECT "+accountCols+" FROM wallet_accounts WHERE player = $1", player)
}

func (p pgTx) putAccount(a Account) error {
	_, err := p.tx.Exec(p.ctx, `INSERT INTO wallet_accounts (player, cents, born) VALUES ($1, $2, NULLIF($3, '')::date)
ON CONFLICT (player) DO UPDATE SET cents = excluded.cents, born = excluded.born`, a.Player, a.Cents, a.Born)
	return err
}

func (p pgTx) accounts() ([]Account, error) {
	return collect(p, scanAccount, "SELECT "+accountCols+" FROM wallet_accounts ORDER BY player COLLATE \"C\"")
}

const machineCols = "asset, machine_id, pubkey, cents, owner, in_cents, out_cents"

func scanMachine(r pgx.Rows) (m WalletMachine, err error) {
	var asset int64
	err = r.Scan(&asset, &m.ID, &m.PubKey, &m.Cents, &m.Owner, &m.InCents, &m.OutCents)
	m.Asset = uint32(asset)
	return m, err
}

func (p pgTx) machine(asset uint32) (WalletMachine, bool, error) {
	return one(p, scanMachine, "SELECT "+machineCols+" FROM wallet_machines WHERE asset = $1", int64(asset))
}

func (p pgTx) putMachine(m WalletMachine) error {
	_, err := p.tx.Exec(p.ctx, `INSERT INTO wallet_machines (`+machineCols+`) VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (asset) DO UPDATE SET machine_id = excluded.machine_id, pubkey = excluded.pubkey, cents = excluded.cents,
	owner = excluded.owner, in_cents = excluded.in_cents, out_cents = excluded.out_cents`,
		int64(m.Asset), m.ID, m.PubKey, m.Cents, m.Owner, m.InCents, m.OutCents)
	return err
}

func (p pgTx) machines() ([]WalletMachine, error) {
	return collect(p, scanMachine, "SELECT "+machineCols+" FROM wallet_machines ORDER BY asset")
}

func (p pgTx) codeUsed(asset uint32, code string) (bool, error) {
	var n int
	err := p.tx.QueryRow(p.ctx, "SELECT count(*) FROM wallet_codes WHERE asset = $1 AND code = $2", int64(asset), code).Scan(&n)
	return n > 0, err
}

func (p pgTx) codes() ([]usedCodeRow, error) {
	return collect(p, func(r pgx.Rows) (c usedCodeRow, err error) {
		var asset, seq int64
		err = r.Scan(&asset, &c.Code, &c.Used.Player, &seq, &c.Used.Time)
		c.Used.Asset, c.Used.Seq, c.Used.Time = uint32(asset), uint64(seq), c.Used.Time.UTC()
		return c, err
	}, "SELECT asset, code, player, seq, used_at FROM wallet_codes ORDER BY asset, code")
}

func (p pgTx) markCode(asset uint32, code string, u UsedCode) error {
	_, err := p.tx.Exec(p.ctx, "INSERT INTO wallet_codes (asset, code, player, seq, used_at) VALUES ($1, $2, $3, $4, $5)",
		int64(asset), code, u.Player, int64(u.Seq), u.Time)
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" { // unique_violation: the code is spent
		return fmt.Errorf("%w: code of asset %d", ErrReplayed, asset)
	}
	return err
}

const transferCols = "seq, dir, asset, code, player, cents, idle, state, reason, created, resolved"

func scanTransfer(r pgx.Rows) (t Transfer, err error) {
	var seq, asset int64
	var dir string
	var created time.Time
	var resolved *time.Time
	err = r.Scan(&seq, &dir, &asset, &t.Code, &t.Player, &t.Cents, &t.Idle, &t.State, &t.Reason, &created, &resolved)
	t.Seq, t.Dir, t.Asset, t.Created, t.Resolved = uint64(seq), Direction(dir), uint32(asset), created.UTC(), fromNull(resolved)
	return t, err
}

func (p pgTx) appendTransfer(t Transfer) (uint64, error) {
	var seq int64
	err := p.tx.QueryRow(p.ctx, `INSERT INTO wallet_journal (dir, asset, code, player, cents, idle, state, reason, created, resolved)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING seq`,
		string(t.Dir), int64(t.Asset), t.Code, t.Player, t.Cents, t.Idle, t.State, t.Reason, t.Created, nullTime(t.Resolved)).Scan(&seq)
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" {
		return 0, fmt.Errorf("%w: code of asset %d", ErrReplayed, t.Asset)
	}
	return uint64(seq), err
}

// putTransferAt inserts t at its own seq and moves the journal's sequence to
// the highest seq (setval outlives a rolled-back transaction: the sequence only
// skips numbers, as it may anyway).
func (p pgTx) putTransferAt(t Transfer) error {
	if t.Seq == 0 || t.Seq > math.MaxInt64 {
		return fmt.Errorf("transfer numbered %d", t.Seq)
	}
	_, err := p.tx.Exec(p.ctx, `INSERT INTO wallet_journal (seq, dir, asset, code, player, cents, idle, state, reason, created, resolved)
OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
		int64(t.Seq), string(t.Dir), int64(t.Asset), t.Code, t.Player, t.Cents, t.Idle, t.State, t.Reason, t.Created, nullTime(t.Resolved))
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" {
		return fmt.Errorf("transfer %d (code of asset %d) is in the journal already", t.Seq, t.Asset)
	}
	if err != nil {
		return err
	}
	return p.followMax("wallet_journal", "seq")
}

// followMax sets the identity sequence of table's column to the column's
// highest value, so that the next row inserted is numbered after it.
func (p pgTx) followMax(table, col string) error {
	_, err := p.tx.Exec(p.ctx, fmt.Sprintf("SELECT setval(pg_get_serial_sequence('%s', '%s'), (SELECT max(%s) FROM %s))", table, col, col, table))
	return err
}

func (p pgTx) transfer(seq uint64) (Transfer, bool, error) {
	return one(p, scanTransfer, "SELECT "+transferCols+" FROM wallet_journal WHERE seq = $1", int64(seq))
}

func (p pgTx) updateTransfer(t Transfer) error {
	tag, err := p.tx.Exec(p.ctx, `UPDATE wallet_journal SET dir = $2, asset = $3, code = $4, player = $5, cents = $6, idle = $7,
	state = $8, reason = $9, created = $10, resolved = $11 WHERE seq = $1`,
		int64(t.Seq), string(t.Dir), int64(t.Asset), t.Code, t.Player, t.Cents, t.Idle, t.State, t.Reason, t.Created, nullTime(t.Resolved))
	if err == nil && tag.RowsAffected() != 1 {
		err = fmt.Errorf("no transfer %d", t.Seq)
	}
	return err
}

func (p pgTx) journal() ([]Transfer, error) {
	return collect(p, scanTransfer, "SELECT "+transferCols+" FROM wallet_journal ORDER BY seq")
}

// pending reads the journal's partial index of the pending transfers.
func (p pgTx) pending(asset uint32) ([]Transfer, error) {
	return collect(p, scanTransfer, "SELECT "+transferCols+" FROM wallet_journal WHERE state = 'pending' AND ($1 = 0 OR asset = $1) ORDER BY seq", int64(asset))
}

func (p pgTx) appendEvent(e WalletEvent) error {
	_, err := p.tx.Exec(p.ctx, "INSERT INTO wallet_events (at, kind, asset, player, cents, message) VALUES ($1, $2, $3, $4, $5, $6)",
		e.Time, e.Kind, int64(e.Asset), e.Player, e.Cents, e.Message)
	return err
}

func (p pgTx) events() ([]WalletEvent, error) {
	return collect(p, func(r pgx.Rows) (e WalletEvent, err error) {
		var asset int64
		err = r.Scan(&e.Time, &e.Kind, &asset, &e.Player, &e.Cents, &e.Message)
		e.Asset, e.Time = uint32(asset), e.Time.UTC()
		return e, err
	}, "SELECT at, kind, asset, player, cents, message FROM wallet_events ORDER BY seq")
}

func (p pgTx) funded() (int64, error) {
	var c int64
	err := p.tx.QueryRow(p.ctx, "SELECT cents FROM wallet_meta WHERE key = 'funded'").Scan(&c)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return c, err
}

func (p pgTx) addFunded(cents int64) error {
	_, err := p.tx.Exec(p.ctx, `INSERT INTO wallet_meta (key, cents) VALUES ('funded', $1)
ON CONFLICT (key) DO UPDATE SET cents = wallet_meta.cents + excluded.cents`, cents)
	return err
}

func (p pgTx) aftKey(asset uint32) ([]byte, error) {
	var k []byte
	err := p.tx.QueryRow(p.ctx, "SELECT key FROM wallet_aft_keys WHERE asset = $1", int64(asset)).Scan(&k)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	return k, err
}

func (p pgTx) putAFTKey(asset uint32, key []byte) error {
	_, err := p.tx.Exec(p.ctx, "INSERT INTO wallet_aft_keys (asset, key) VALUES ($1, $2) ON CONFLICT (asset) DO UPDATE SET key = excluded.key",
		int64(asset), key)
	return err
}

const restrictionCols = "id, player, kind, from_at, until, by_whom, why, created, lifted, lifted_by, lift_why"

func scanRestriction(r pgx.Rows) (x Restriction, err error) {
	var id int64
	var kind string
	var from time.Time
	var until, created, lifted *time.Time
	err = r.Scan(&id, &x.Player, &kind, &from, &until, &x.By, &x.Why, &created, &lifted, &x.LiftedBy, &x.LiftWhy)
	x.ID, x.Kind, x.From = uint64(id), RestrictionKind(kind), from.UTC()
	x.Until, x.Created, x.Lifted = fromNull(until), fromNull(created), fromNull(lifted)
	return x, err
}

func (p pgTx) addRestriction(r Restriction) (uint64, error) {
	var id int64
	err := p.tx.QueryRow(p.ctx, `INSERT INTO wallet_restrictions (player, kind, from_at, until, by_whom, why, created, lifted, lifted_by, lift_why)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
		r.Player, string(r.Kind), r.From, nullTime(r.Until), r.By, r.Why, nullTime(r.Created), nullTime(r.Lifted), r.LiftedBy, r.LiftWhy).Scan(&id)
	return uint64(id), err
}

func (p pgTx) restriction(id uint64) (Restriction, bool, error) {
	return one(p, scanRestriction, "SELECT "+restrictionCols+" FROM wallet_restrictions WHERE id = $1", int64(id))
}

func (p pgTx) putRestriction(r Restriction) error {
	tag, err := p.tx.Exec(p.ctx, `UPDATE wallet_restrictions SET player = $2, kind = $3, from_at = $4, until = $5, by_whom = $6, why = $7,
	created = $8, lifted = $9, lifted_by = $10, lift_why = $11 WHERE id = $1`,
		int64(r.ID), r.Player, string(r.Kind), r.From, nullTime(r.Until), r.By, r.Why, nullTime(r.Created), nullTime(r.Lifted), r.LiftedBy, r.LiftWhy)
	if err == nil && tag.RowsAffected() != 1 {
		err = fmt.Errorf("no restriction %d", r.ID)
	}
	return err
}

// putRestrictionAt inserts r at its own id and moves the register's sequence
// to the highest id.
func (p pgTx) putRestrictionAt(r Restriction) error {
	if r.ID == 0 || r.ID > math.MaxInt64 {
		return fmt.Errorf("register entry numbered %d", r.ID)
	}
	_, err := p.tx.Exec(p.ctx, `INSERT INTO wallet_restrictions (id, player, kind, from_at, until, by_whom, why, created, lifted, lifted_by, lift_why)
OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
		int64(r.ID), r.Player, string(r.Kind), r.From, nullTime(r.Until), r.By, r.Why, nullTime(r.Created), nullTime(r.Lifted), r.LiftedBy, r.LiftWhy)
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" {
		return fmt.Errorf("register entry %d is in the register already", r.ID)
	}
	if err != nil {
		return err
	}
	return p.followMax("wallet_restrictions", "id")
}

func (p pgTx) restrictions(player string) ([]Restriction, error) {
	return collect(p, scanRestriction, "SELECT "+restrictionCols+" FROM wallet_restrictions WHERE $1 = '' OR player = $1 ORDER BY id", player)
}

var (
	_ walletTx = pgTx{}
	_ walletTx = boltTx{}
)
