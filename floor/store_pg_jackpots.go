package floor

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// The linked jackpots' records on PostgreSQL (JackpotRecords): tables
// jackpot_baselines and bonus_payments (pgschema/0002_jackpots.sql).

func (b *pgBackend) NoteFirstRead(machine byte, coinIn uint64) error {
	v, err := meterValue(coinIn)
	if err != nil {
		return err
	}
	return b.tx(false, func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "INSERT INTO jackpot_baselines (machine, first_read) VALUES ($1, $2) ON CONFLICT (machine) DO NOTHING", int16(machine), v)
		return err
	})
}

// column reads one of the machine's bigint columns (ok false: NULL or no row).
func (b *pgBackend) column(sql string, machine byte) (uint64, bool, error) {
	var v *int64
	err := b.tx(true, func(ctx context.Context, tx pgx.Tx) error {
		v = nil
		err := tx.QueryRow(ctx, sql, int16(machine)).Scan(&v)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		return err
	})
	if err != nil || v == nil {
		return 0, false, err
	}
	return uint64(*v), true, nil
}

func (b *pgBackend) FirstRead(machine byte) (uint64, bool, error) {
	return b.column("SELECT first_read FROM jackpot_baselines WHERE machine = $1 AND baseline IS NULL", machine)
}

func (b *pgBackend) Baseline(machine byte) (uint64, bool, error) {
	return b.column("SELECT baseline FROM jackpot_baselines WHERE machine = $1", machine)
}

func (b *pgBackend) SetBaseline(machine byte, coinIn uint64) (uint64, error) {
	v, err := meterValue(coinIn)
	if err != nil {
		return 0, err
	}
	var stored int64
	err = b.tx(false, func(ctx context.Context, tx pgx.Tx) error {
		return tx.QueryRow(ctx, `INSERT INTO jackpot_baselines (machine, baseline) VALUES ($1, $2)
ON CONFLICT (machine) DO UPDATE SET baseline = coalesce(jackpot_baselines.baseline, excluded.baseline)
RETURNING baseline`, int16(machine), v).Scan(&stored)
	})
	return uint64(stored), err
}

func (b *pgBackend) JournalAwards(ps []BonusPayment) (int, error) {
	n := 0
	err := b.tx(false, func(ctx context.Context, tx pgx.Tx) error {
		n = 0
		for _, p := range ps {
			mb, err := meterValue(p.MeterBefore)
			if err != nil {
				return err
			}
			game, err := meterValue(p.Game)
			if err != nil {
				return err
			}
			tag, err := tx.Exec(ctx, `INSERT INTO bonus_payments (seq, machine, machine_id, game, cents, state, meter_before, paid_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (seq) DO NOTHING`,
				int64(p.Seq), int16(p.Machine), p.MachineID, game, p.Cents, p.State, mb, paidAt(p.Paid))
			if err != nil {
				return err
			}
			n += int(tag.RowsAffected())
		}
		return nil
	})
	return n, err
}

// paidAt is a payment's time as a nullable column.
func paidAt(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

func (b *pgBackend) PutBonus(p BonusPayment) error {
	mb, err := meterValue(p.MeterBefore)
	if err != nil {
		return err
	}
	game, err := meterValue(p.Game)
	if err != nil {
		return err
	}
	return b.tx(false, func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO bonus_payments (seq, machine, machine_id, game, cents, state, meter_before, paid_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
ON CONFLICT (seq) DO UPDATE SET machine = excluded.machine, machine_id = excluded.machine_id, game = excluded.game,
	cents = excluded.cents, state = excluded.state, meter_before = excluded.meter_before, paid_at = excluded.paid_at`,
			int64(p.Seq), int16(p.Machine), p.MachineID, game, p.Cents, p.State, mb, paidAt(p.Paid))
		return err
	})
}

func (b *pgBackend) BonusPayments(pending bool) ([]BonusPayment, error) {
	sql := "SELECT seq, machine, machine_id, game, cents, state, meter_before, paid_at FROM bonus_payments ORDER BY seq"
	if pending {
		sql = "SELECT seq, machine, machine_id, game, cents, state, meter_before, paid_at FROM bonus_payments WHERE state <> 'paid' ORDER BY seq"
	}
	var out []BonusPayment
	err := b.tx(true, func(ctx context.Context, tx pgx.Tx) error {
		out = nil
		rows, err := tx.Query(ctx, sql)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var seq, game, mb int64
			var machine int16
			var paid *time.Time
			var p BonusPayment
			if err := rows.Scan(&seq, &machine, &p.MachineID, &game, &p.Cents, &p.State, &mb, &paid); err != nil {
				return err
			}
			p.Seq, p.Machine, p.Game, p.MeterBefore = uint64(seq), byte(machine), uint64(game), uint64(mb)
			if paid != nil {
				p.Paid = paid.UTC()
			}
			out = append(out, p)
		}
		return rows.Err()
	})
	return out, err
}
