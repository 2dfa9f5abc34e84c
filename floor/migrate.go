package floor

import (
	"errors"
	"fmt"
	"reflect"
)

// Moving a floor from one database to another (egm-floor migrate: a bbolt floor
// into PostgreSQL): CopyRecords copies the floor's own records — the currency,
// each machine's latest meters, the exception log in its order, the linked
// jackpots' first reads, baselines and bonus journal — into an empty database,
// then reads both back and compares them record by record. The wallet's and the
// controller's records are their packages' to copy (floor/desk, jackpot).

// ErrNotEmpty refuses a copy into a database that holds a floor already.
var ErrNotEmpty = errors.New("floor: the database copied into is not empty")

// Copied is what CopyRecords moved, for the report: the counts and the totals
// the two databases were checked to agree on.
type Copied struct {
	Currency      string
	Machines      int    // machines with meters
	CoinIn        uint64 // Σ the machines' latest coin-in meters, cents
	Exceptions    int
	Baselines     int // machines with a first read or a baseline
	BonusPayments int
	BonusCents    int64 // Σ the journal's awards
}

// CopyRecords copies src's records into dst, which must hold none (ErrNotEmpty,
// nothing written), and checks that dst then holds exactly src's. It does not
// lock src: stop the floor that writes it first.
func CopyRecords(dst, src *Store) (Copied, error) {
	var c Copied
	if err := mustBeEmpty(dst); err != nil {
		return c, err
	}
	want, err := readRecords(src)
	if err != nil {
		return c, fmt.Errorf("floor: migrate: read the source: %w", err)
	}
	if err := writeRecords(dst, want); err != nil {
		return c, fmt.Errorf("floor: migrate: write: %w", err)
	}
	got, err := readRecords(dst)
	if err != nil {
		return c, fmt.Errorf("floor: migrate: read back: %w", err)
	}
	if err := want.same(got); err != nil {
		return c, fmt.Errorf("floor: migrate: the copy differs from the source: %w", err)
	}
	return want.totals(), nil
}

// floorRecords are all of a floor database's own records.
type floorRecords struct {
	currency   string
	meters     []MetersRecord
	exceptions []Exception
	firstReads map[byte]uint64
	baselines  map[byte]uint64
	bonuses    []BonusPayment
}

func readRecords(s *Store) (floorRecords, error) {
	r := floorRecords{firstReads: map[byte]uint64{}, baselines: map[byte]uint64{}}
	var err error
	if r.currency, err = s.b.Currency(); err != nil {
		return r, err
	}
	jp := s.Jackpots()
	for m := 0; m < 256; m++ {
		rec, ok, err := s.LatestMeters(byte(m))
		if err != nil {
			return r, err
		}
		if ok {
			r.meters = append(r.meters, rec)
		}
		if v, ok, err := jp.FirstRead(byte(m)); err != nil {
			return r, err
		} else if ok {
			r.firstReads[byte(m)] = v
		}
		if v, ok, err := jp.Baseline(byte(m)); err != nil {
			return r, err
		} else if ok {
			r.baselines[byte(m)] = v
		}
	}
	if r.exceptions, err = s.Exceptions(); err != nil {
		return r, err
	}
	r.bonuses, err = jp.BonusPayments(false)
	return r, err
}

func writeRecords(s *Store, r floorRecords) error {
	if r.currency != "" {
		if err := s.b.SetCurrency(r.currency); err != nil {
			return err
		}
	}
	for i := range r.meters {
		if err := s.Record(&r.meters[i], nil); err != nil {
			return err
		}
	}
	if len(r.exceptions) > 0 {
		if err := s.Record(nil, r.exceptions); err != nil { // one transaction, in order
			return err
		}
	}
	jp := s.Jackpots()
	for m, v := range r.firstReads {
		if err := jp.NoteFirstRead(m, v); err != nil {
			return err
		}
	}
	for m, v := range r.baselines {
		if _, err := jp.SetBaseline(m, v); err != nil {
			return err
		}
	}
	if _, err := jp.JournalAwards(r.bonuses); err != nil {
		return err
	}
	for _, p := range r.bonuses {
		if err := jp.PutBonus(p); err != nil {
			return err
		}
	}
	return nil
}

// CheckRecordsEmpty refuses (ErrNotEmpty) a database with any floor record:
// what CopyRecords checks before it writes, for egm-floor migrate to check every
// part of its destination (the wallet's, the controller's too) before it writes
// any.
func CheckRecordsEmpty(dst *Store) error { return mustBeEmpty(dst) }

// mustBeEmpty refuses a database with any floor record (its currency aside: a
// floor started once with --currency and never polled is empty).
func mustBeEmpty(s *Store) error {
	r, err := readRecords(s)
	if err != nil {
		return fmt.Errorf("floor: migrate: read the destination: %w", err)
	}
	if n := len(r.meters) + len(r.exceptions) + len(r.firstReads) + len(r.baselines) + len(r.bonuses); n > 0 {
		return fmt.Errorf("%w: it holds %d meters records, %d exceptions, %d jackpot baselines and %d bonus payments: refused, nothing written (give it a new database)",
			ErrNotEmpty, len(r.meters), len(r.exceptions), len(r.firstReads)+len(r.baselines), len(r.bonuses))
	}
	return nil
}

// same names the first record where b differs from r (times compared as
// instants: a database keeps microseconds at most).
func (r floorRecords) same(b floorRecords) error {
	switch {
	case r.currency != b.currency:
		return fmt.Errorf("currency %q, copy %q", r.currency, b.currency)
	case len(r.meters) != len(b.meters):
		return fmt.Errorf("%d machines' meters, copy %d", len(r.meters), len(b.meters))
	case len(r.exceptions) != len(b.exceptions):
		return fmt.Errorf("%d exceptions, copy %d", len(r.exceptions), len(b.exceptions))
	case !reflect.DeepEqual(r.firstReads, b.firstReads) || !reflect.DeepEqual(r.baselines, b.baselines):
		return fmt.Errorf("jackpot baselines %v / first reads %v, copy %v / %v", r.baselines, r.firstReads, b.baselines, b.firstReads)
	case len(r.bonuses) != len(b.bonuses):
		return fmt.Errorf("%d bonus payments, copy %d", len(r.bonuses), len(b.bonuses))
	}
	for i, m := range r.meters {
		n := b.meters[i]
		if m.Machine != n.Machine || m.Meters != n.Meters || !m.Time.Truncate(1000).Equal(n.Time.Truncate(1000)) || m.Cur() != n.Cur() {
			return fmt.Errorf("machine %d's meters %+v, copy %+v", m.Machine, m, n)
		}
	}
	for i, e := range r.exceptions {
		f := b.exceptions[i]
		if e.Machine != f.Machine || e.Code != f.Code || e.Finding != f.Finding || !e.Time.Truncate(1000).Equal(f.Time.Truncate(1000)) {
			return fmt.Errorf("exception %d: %+v, copy %+v", i+1, e, f)
		}
	}
	for i, p := range r.bonuses {
		q := b.bonuses[i]
		if p.Seq != q.Seq || p.Machine != q.Machine || p.MachineID != q.MachineID || p.Game != q.Game || p.Cents != q.Cents ||
			p.State != q.State || p.MeterBefore != q.MeterBefore || !p.Paid.Truncate(1000).Equal(q.Paid.Truncate(1000)) {
			return fmt.Errorf("bonus payment %d: %+v, copy %+v", p.Seq, p, q)
		}
	}
	return nil
}

func (r floorRecords) totals() Copied {
	c := Copied{Currency: r.currency, Machines: len(r.meters), Exceptions: len(r.exceptions), BonusPayments: len(r.bonuses)}
	for _, m := range r.meters {
		c.CoinIn += m.Meters.CoinIn
	}
	seen := map[byte]bool{}
	for m := range r.firstReads {
		seen[m] = true
	}
	for m := range r.baselines {
		seen[m] = true
	}
	c.Baselines = len(seen)
	for _, p := range r.bonuses {
		c.BonusCents += p.Cents
	}
	return c
}
