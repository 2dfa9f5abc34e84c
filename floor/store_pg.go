package floor

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The PostgreSQL floor database (pgx's pool): the floor's own records in tables
// floor_meta, machine_meters and exceptions (pgschema/), shared by any number of
// floor processes. Every operation is one SERIALIZABLE transaction, run again
// (up to pgRetries times) when PostgreSQL aborts it for a serialization failure
// (40001) or a deadlock (40P01): see doc.go.

// pgTimeout bounds one operation, its retries included.
const pgTimeout = 30 * time.Second

// pgRetries is how many times one operation is tried.
const pgRetries = 10

type pgBackend struct{ pool *pgxpool.Pool }

// openPostgres connects to the URL (password: the one given, else pgx's own
// defaults), checks the server answers and brings the schema up to date.
func openPostgres(u, password string, given bool) (*pgBackend, error) {
	cfg, err := pgxpool.ParseConfig(u)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrDBSpec, RedactDB(u), err)
	}
	if given {
		cfg.ConnConfig.Password = password
	}
	if cfg.ConnConfig.RuntimeParams["application_name"] == "" {
		cfg.ConnConfig.RuntimeParams["application_name"] = "egm-floor"
	}
	ctx, cancel := context.WithTimeout(context.Background(), pgTimeout)
	defer cancel()
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("floor: PostgreSQL %s: %w", RedactDB(u), err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("floor: PostgreSQL %s does not answer: %w", RedactDB(u), err)
	}
	if err := migrate(ctx, pool); err != nil {
		pool.Close()
		if errors.Is(err, ErrSchemaNewer) {
			return nil, err
		}
		return nil, fmt.Errorf("floor: PostgreSQL %s: schema: %w", RedactDB(u), err)
	}
	return &pgBackend{pool: pool}, nil
}

// retryable reports PostgreSQL's abort of a transaction that may succeed again.
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40001" || pe.Code == "40P01")
}

// tx runs fn in one SERIALIZABLE transaction, again after a serialization
// failure.
func (b *pgBackend) tx(readOnly bool, fn func(ctx context.Context, tx pgx.Tx) error) error {
	opt := pgx.TxOptions{IsoLevel: pgx.Serializable}
	if readOnly {
		opt.AccessMode = pgx.ReadOnly
	}
	return b.run(opt, fn)
}

// run runs fn in one transaction of opt, again after a serialization failure
// or a deadlock, with a pause that grows.
func (b *pgBackend) run(opt pgx.TxOptions, fn func(ctx context.Context, tx pgx.Tx) error) error {
	ctx, cancel := context.WithTimeout(context.Background(), pgTimeout)
	defer cancel()
	var err error
	for try := 1; try <= pgRetries; try++ {
		err = pgx.BeginTxFunc(ctx, b.pool, opt, func(tx pgx.Tx) error { return fn(ctx, tx) })
		if !retryable(err) {
			return err
		}
		select { // a pause that grows, so that the transactions in conflict part
		case <-time.After(time.Duration(try) * 2 * time.Millisecond):
		case <-ctx.Done():
			return err
		}
	}
	return fmt.Errorf("floor: %d serialization failures in a row: %w", pgRetries, err)
}

func (b *pgBackend) Close() error { b.pool.Close(); return nil }

func (b *pgBackend) Currency() (string, error) {
	var code string
	err := b.tx(true, func(ctx context.Context, tx pgx.Tx) error {
		err := tx.QueryRow(ctx, "SELECT value FROM floor_meta WHERE key = 'currency'").Scan(&code)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		return err
	})
	return code, err
}

func (b *pgBackend) SetCurrency(code string) error {
	return b.tx(false, func(ctx context.Context, tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "INSERT INTO floor_meta (key, value) VALUES ('currency', $1) ON CONFLICT (key) DO NOTHING", code); err != nil {
			return err
		}
		var has string
		if err := tx.QueryRow(ctx, "SELECT value FROM floor_meta WHERE key = 'currency'").Scan(&has); err != nil {
			return err
		}
		if has != code {
			return &storeCurrencyError{has: has, want: code}
		}
		return nil
	})
}

// meterValue is a meter as a bigint (SAS meters have at most 18 digits).
func meterValue(v uint64) (int64, error) {
	if v > math.MaxInt64 {
		return 0, fmt.Errorf("floor: meter %d is beyond 18 digits", v)
	}
	return int64(v), nil
}

func (b *pgBackend) Record(m *MetersRecord, ex []Exception) error {
	var vals []any
	if m != nil {
		mt := m.Meters
		vals = []any{int16(m.Machine), m.Time, m.Currency}
		for _, v := range []uint64{mt.CurrentCredits, mt.CoinIn, mt.CoinOut, mt.Jackpot, mt.Handpay, mt.Cancelled, mt.GamesPlayed, mt.GamesWon, mt.GamesLost} {
			n, err := meterValue(v)
			if err != nil {
				return err
			}
			vals = append(vals, n)
		}
	}
	return b.tx(false, func(ctx context.Context, tx pgx.Tx) error {
		if m != nil {
			if _, err := tx.Exec(ctx, `INSERT INTO machine_meters (machine, read_at, currency, current_credits, coin_in, coin_out,
	jackpot, handpay, cancelled, games_played, games_won, games_lost)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
ON CONFLICT (machine) DO UPDATE SET read_at = excluded.read_at, currency = excluded.currency,
	current_credits = excluded.current_credits, coin_in = excluded.coin_in, coin_out = excluded.coin_out,
	jackpot = excluded.jackpot, handpay = excluded.handpay, cancelled = excluded.cancelled,
	games_played = excluded.games_played, games_won = excluded.games_won, games_lost = excluded.games_lost`, vals...); err != nil {
				return err
			}
		}
		for _, e := range ex {
			if _, err := tx.Exec(ctx, "INSERT INTO exceptions (machine, code, at, finding) VALUES ($1, $2, $3, $4)",
				int16(e.Machine), int16(e.Code), e.Time, e.Finding); err != nil {
				return err
			}
		}
		return nil
	})
}

func (b *pgBackend) LatestMeters(machine byte) (MetersRecord, bool, error) {
	var r MetersRecord
	found := false
	err := b.tx(true, func(ctx context.Context, tx pgx.Tx) error {
		var v [9]int64
		err := tx.QueryRow(ctx, `SELECT read_at, currency, current_credits, coin_in, coin_out, jackpot, handpay, cancelled,
	games_played, games_won, games_lost FROM machine_meters WHERE machine = $1`, int16(machine)).
			Scan(&r.Time, &r.Currency, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8])
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		found, r.Machine = true, machine
		r.Meters = Meters{CurrentCredits: uint64(v[0]), CoinIn: uint64(v[1]), CoinOut: uint64(v[2]), Jackpot: uint64(v[3]),
			Handpay: uint64(v[4]), Cancelled: uint64(v[5]), GamesPlayed: uint64(v[6]), GamesWon: uint64(v[7]), GamesLost: uint64(v[8])}
		return nil
	})
	if !found {
		r = MetersRecord{}
	}
	return r, found, err
}

func (b *pgBackend) Exceptions() ([]Exception, error) {
	var out []Exception
	err := b.tx(true, func(ctx context.Context, tx pgx.Tx) error {
		out = nil // a retry starts again
		rows, err := tx.Query(ctx, "SELECT machine, code, at, finding FROM exceptions ORDER BY seq")
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var machine, code int16
			var e Exception
			if err := rows.Scan(&machine, &code, &e.Time, &e.Finding); err != nil {
				return err
			}
			e.Machine, e.Code = byte(machine), byte(code)
			out = append(out, e)
		}
		return rows.Err()
	})
	return out, err
}

var _ Backend = (*pgBackend)(nil)
