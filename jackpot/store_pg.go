package jackpot

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
)

// The controller on the floor's PostgreSQL database (OpenPostgres): the tables
// of floor/pgschema/0004_jackpot.sql, one controller shared by every floor
// process on the database — a wide-area jackpot. Every contribution and hit is
// one READ COMMITTED transaction that first locks the one state row
// (jackpot_controller, SELECT … FOR UPDATE): the writers of all the hosts queue
// on it and each works on the newest committed state, as the writers of one
// bbolt file queue on its lock. Serializable isolation would abort every writer
// but one of that row and run it again (a mystery trigger drawn again each
// time); the row lock makes them wait instead, and no other row is written
// without it. Reads (Accounts, Awards, Levels after Fresh) are read-only
// snapshots.

// PG runs the controller's PostgreSQL transactions: floor.Store's PostgresLocked
// (a READ COMMITTED writer) and Postgres (a snapshot when readOnly). fn may run
// again after a deadlock or a serialization failure.
type PG interface {
	PostgresLocked(fn func(ctx context.Context, tx pgx.Tx) error) error
	Postgres(readOnly bool, fn func(ctx context.Context, tx pgx.Tx) error) error
}

// OpenPostgres opens the controller kept in the floor's PostgreSQL database db
// (its schema migrated by the floor: floor.OpenDB), creating its state with
// opt.Levels if the database has none. Every floor process on the database that
// opens it shares its levels, machines and awards. Close does not close db.
func OpenPostgres(db PG, opt Options) (*Controller, error) {
	c, err := newController(opt)
	if err != nil {
		return nil, err
	}
	p := pgStore{db}
	if err := p.ensureState(); err != nil {
		return nil, wrap(err)
	}
	return c.start(p, opt.Levels)
}

type pgStore struct{ db PG }

// update runs fn with its writes queued, then sends them in one batch before
// the commit: the state row's lock is held for the reads, one round trip of
// writes and the commit.
func (p pgStore) update(fn func(t txn) error) error {
	return p.db.PostgresLocked(func(ctx context.Context, tx pgx.Tx) error {
		t := pgTxn{ctx: ctx, tx: tx, write: true, batch: &pgx.Batch{}}
		if err := fn(t); err != nil {
			return err
		}
		if t.batch.Len() == 0 {
			return nil
		}
		return tx.SendBatch(ctx, t.batch).Close()
	})
}

func (p pgStore) view(fn func(t txn) error) error {
	return p.db.Postgres(true, func(ctx context.Context, tx pgx.Tx) error { return fn(pgTxn{ctx: ctx, tx: tx}) })
}

// ensureState makes the state row of a new database, committed on its own, so
// that every writer finds a row to lock (a second creator's insert does nothing).
func (p pgStore) ensureState() error {
	return p.db.PostgresLocked(func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "INSERT INTO jackpot_controller (id) VALUES (1) ON CONFLICT (id) DO NOTHING")
		return err
	})
}

func (p pgStore) close() error { return nil }
func (p pgStore) shared() bool { return true }

type pgTxn struct {
	ctx   context.Context
	tx    pgx.Tx
	write bool
	batch *pgx.Batch // an update's writes, sent before its commit
}

// exec queues a write of an update (reads see the rows as they were when the
// transaction took the lock; the money rules read nothing after they write).
func (t pgTxn) exec(sql string, args ...any) error {
	if t.batch == nil {
		return fmt.Errorf("jackpot: a write in a read transaction")
	}
	t.batch.Queue(sql, args...)
	return nil
}

// big is a sequence number as a bigint.
func big(v uint64) (int64, error) {
	if v > math.MaxInt64 {
		return 0, fmt.Errorf("jackpot: %d does not fit a bigint", v)
	}
	return int64(v), nil
}

func (t pgTxn) state() (*state, error) {
	q := "SELECT coin_in_cents, contributions, award_seq FROM jackpot_controller WHERE id = 1"
	if t.write {
		q += " FOR UPDATE" // the writer lock: every host's writers queue here
	}
	s := &state{}
	var contributions, seq int64
	err := t.tx.QueryRow(t.ctx, q).Scan(&s.CoinIn, &contributions, &seq)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	s.Contributions, s.AwardSeq = uint64(contributions), uint64(seq)
	rows, err := t.tx.Query(t.ctx, `SELECT name, kind, reset_cents, rate_bp, reserve_bp, reserve_funds_reset, ceiling_cents,
		trigger_min_cents, trigger_max_cents, amount_units, reserve_units, trigger_cents, contributed_units,
		awarded_units, funded_units, awards FROM jackpot_levels ORDER BY pos`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var l levelState
		var kind string
		var awards int64
		if err := rows.Scan(&l.Name, &kind, &l.ResetCents, &l.RateBP, &l.ReserveBP, &l.ReserveFundsReset, &l.CeilingCents,
			&l.TriggerMinCents, &l.TriggerMaxCents, &l.Value, &l.Reserve, &l.Trigger, &l.Contrib, &l.Awarded, &l.Funded, &awards); err != nil {
			return nil, err
		}
		switch kind {
		case Progressive.String():
			l.Kind = Progressive
		case Mystery.String():
			l.Kind = Mystery
		default:
			return nil, fmt.Errorf("%w: level %q of kind %q", ErrCorrupt, l.Name, kind)
		}
		l.Awards = uint64(awards)
		s.Levels = append(s.Levels, l)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(s.Levels) == 0 { // the row of a creator that has not committed yet
		return nil, nil
	}
	if err := validateLevels(s.configs()); err != nil {
		return nil, fmt.Errorf("%w: stored levels: %v", ErrCorrupt, err)
	}
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("%w: stored state: %v", ErrCorrupt, err)
	}
	return s, nil
}

func (t pgTxn) putState(s *state) error {
	contributions, err := big(s.Contributions)
	if err != nil {
		return err
	}
	seq, err := big(s.AwardSeq)
	if err != nil {
		return err
	}
	if err := t.exec("UPDATE jackpot_controller SET coin_in_cents = $1, contributions = $2, award_seq = $3 WHERE id = 1",
		s.CoinIn, contributions, seq); err != nil {
		return err
	}
	for i, l := range s.Levels {
		awards, err := big(l.Awards)
		if err != nil {
			return err
		}
		err = t.exec(`INSERT INTO jackpot_levels (pos, name, kind, reset_cents, rate_bp, reserve_bp, reserve_funds_reset,
			ceiling_cents, trigger_min_cents, trigger_max_cents, amount_units, reserve_units, trigger_cents, contributed_units,
			awarded_units, funded_units, awards) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
			ON CONFLICT (pos) DO UPDATE SET amount_units = $11, reserve_units = $12, trigger_cents = $13,
			contributed_units = $14, awarded_units = $15, funded_units = $16, awards = $17`,
			i, l.Name, l.Kind.String(), l.ResetCents, l.RateBP, l.ReserveBP, l.ReserveFundsReset, l.CeilingCents,
			l.TriggerMinCents, l.TriggerMaxCents, l.Value, l.Reserve, l.Trigger, l.Contrib, l.Awarded, l.Funded, awards)
		if err != nil {
			return err
		}
	}
	return nil
}

const machineCols = "machine, last_game, games, coin_in_cents, awards, awarded_cents"

func scanMachine(r pgx.Row) (MachineAccount, error) {
	var m MachineAccount
	var last, games, awards int64
	err := r.Scan(&m.Machine, &last, &games, &m.CoinInCents, &awards, &m.AwardedCents)
	m.LastGame, m.Games, m.Awards = uint64(last), uint64(games), uint64(awards)
	return m, err
}

func (t pgTxn) machine(id string) (MachineAccount, bool, error) {
	m, err := scanMachine(t.tx.QueryRow(t.ctx, "SELECT "+machineCols+" FROM jackpot_machines WHERE machine = $1", id))
	if errors.Is(err, pgx.ErrNoRows) {
		return MachineAccount{}, false, nil
	}
	return m, err == nil, err
}

func (t pgTxn) putMachine(m MachineAccount) error {
	var v [3]int64
	for i, x := range []uint64{m.LastGame, m.Games, m.Awards} {
		var err error
		if v[i], err = big(x); err != nil {
			return err
		}
	}
	return t.exec("INSERT INTO jackpot_machines ("+machineCols+`) VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (machine) DO UPDATE SET last_game = $2, games = $3, coin_in_cents = $4, awards = $5, awarded_cents = $6`,
		m.Machine, v[0], v[1], m.CoinInCents, v[2], m.AwardedCents)
}

func (t pgTxn) machines() ([]MachineAccount, error) {
	rows, err := t.tx.Query(t.ctx, "SELECT "+machineCols+" FROM jackpot_machines ORDER BY machine")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []MachineAccount
	for rows.Next() {
		m, err := scanMachine(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

func (t pgTxn) game(machine string, game uint64) (gameRecord, bool, error) {
	g, err := big(game)
	if err != nil {
		return gameRecord{}, false, err
	}
	var rec gameRecord
	err = t.tx.QueryRow(t.ctx, "SELECT bet_cents FROM jackpot_games WHERE machine = $1 AND game = $2", machine, g).Scan(&rec.Bet)
	if errors.Is(err, pgx.ErrNoRows) {
		return gameRecord{}, false, nil
	}
	if err != nil {
		return gameRecord{}, false, err
	}
	rec.Awards, err = t.listAwards("WHERE machine = $1 AND game = $2 AND hit IS NULL ORDER BY seq", machine, g)
	return rec, err == nil, err
}

func (t pgTxn) putGame(machine string, game uint64, g gameRecord, window uint64) error {
	n, err := big(game)
	if err != nil {
		return err
	}
	if err := t.exec("INSERT INTO jackpot_games (machine, game, bet_cents) VALUES ($1, $2, $3)", machine, n, g.Bet); err != nil {
		return err
	}
	if game <= window || game%64 != 0 { // the older ones go every 64th game
		return nil
	}
	return t.exec("DELETE FROM jackpot_games WHERE machine = $1 AND game < $2", machine, n-int64(window))
}

func (t pgTxn) hit(machine string, game uint64, level string, n int) (Award, bool, error) {
	g, err := big(game)
	if err != nil {
		return Award{}, false, err
	}
	as, err := t.listAwards("WHERE machine = $1 AND game = $2 AND level = $3 AND hit = $4", machine, g, level, n)
	if err != nil || len(as) == 0 {
		return Award{}, false, err
	}
	return as[0], true, nil
}

// logAward keeps every award (the whole log stays in the database; Awards lists
// the last keep). A hit's answer is its award row, with its index.
func (t pgTxn) logAward(a Award, n int, _, _ uint64) error {
	seq, err := big(a.Seq)
	if err != nil {
		return err
	}
	g, err := big(a.Game)
	if err != nil {
		return err
	}
	var hit *int
	if n >= 0 {
		hit = &n
	}
	return t.exec("INSERT INTO jackpot_awards (seq, machine, game, level, hit, cents, at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
		seq, a.Machine, g, a.Level, hit, a.Cents, a.Time)
}

func (t pgTxn) awards(keep uint64) ([]Award, error) {
	k, err := big(keep)
	if err != nil {
		return nil, err
	}
	as, err := t.listAwards("ORDER BY seq DESC LIMIT $1", k)
	slices.Reverse(as)
	return as, err
}

// listAwards reads the awards of the clause where.
func (t pgTxn) listAwards(where string, args ...any) ([]Award, error) {
	rows, err := t.tx.Query(t.ctx, "SELECT seq, machine, game, level, cents, at FROM jackpot_awards "+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Award
	for rows.Next() {
		var a Award
		var seq, game int64
		var at time.Time
		if err := rows.Scan(&seq, &a.Machine, &game, &a.Level, &a.Cents, &at); err != nil {
			return nil, err
		}
		a.Seq, a.Game, a.Time = uint64(seq), uint64(game), at.UTC()
		out = append(out, a)
	}
	return out, rows.Err()
}

func (t pgTxn) games() ([]keptGame, error) {
	rows, err := t.tx.Query(t.ctx, "SELECT machine, game, bet_cents FROM jackpot_games ORDER BY machine, game")
	if err != nil {
		return nil, err
	}
	var out []keptGame
	for rows.Next() {
		var k keptGame
		var g int64
		if err := rows.Scan(&k.Machine, &g, &k.Record.Bet); err != nil {
			rows.Close()
			return nil, err
		}
		k.Game = uint64(g)
		out = append(out, k)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range out {
		if out[i].Record.Awards, err = t.listAwards("WHERE machine = $1 AND game = $2 AND hit IS NULL ORDER BY seq", out[i].Machine, int64(out[i].Game)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (t pgTxn) hits() ([]keptHit, error) {
	rows, err := t.tx.Query(t.ctx, "SELECT seq, machine, game, level, cents, at, hit FROM jackpot_awards WHERE hit IS NOT NULL ORDER BY seq")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []keptHit
	for rows.Next() {
		var h keptHit
		var seq, game int64
		var at time.Time
		if err := rows.Scan(&seq, &h.Award.Machine, &game, &h.Award.Level, &h.Award.Cents, &at, &h.N); err != nil {
			return nil, err
		}
		h.Award.Seq, h.Award.Game, h.Award.Time = uint64(seq), uint64(game), at.UTC()
		out = append(out, h)
	}
	return out, rows.Err()
}
