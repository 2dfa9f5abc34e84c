package floor

import (
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"egm/money"
)

// MetersRecord is the latest meters read from one machine.
type MetersRecord struct {
	Machine byte      `json:"machine"`
	Time    time.Time `json:"time"`
	Meters  Meters    `json:"meters"`
	// Currency is the ISO code the meters' amounts are in: the floor's, which
	// the machine's is (currency.go); "" in a record from before it: EUR.
	Currency string `json:"currency,omitempty"`
}

// Cur is the record's currency (EUR for a record without one).
func (r *MetersRecord) Cur() money.Currency { return money.Recorded(r.Currency) }

// Backend is one kind of floor database, as the floor's own records' typed
// operations: bbolt (store_bolt.go, the embedded default) and PostgreSQL
// (store_pg.go). Each operation is one transaction; Store wraps a Backend.
type Backend interface {
	// Record keeps one poll's findings in one transaction: the machine's latest
	// meters (nil: none read) and the exceptions received, appended to the log in
	// the order given.
	Record(m *MetersRecord, ex []Exception) error
	// LatestMeters is the last meters recorded for a machine (ok false: none).
	LatestMeters(machine byte) (MetersRecord, bool, error)
	// Exceptions is the exception log in the order recorded.
	Exceptions() ([]Exception, error)
	// Currency is the ISO code of the currency the database records ("": none
	// recorded; a bbolt database made before the record counts in EUR).
	Currency() (string, error)
	// SetCurrency records code as the database's currency unless it records
	// another (a *storeCurrencyError, nothing changed), in one transaction.
	SetCurrency(code string) error
	// JackpotRecords are the linked jackpots' records (jackpot_records.go).
	JackpotRecords
	Close() error
}

// Store is the floor's database: a Backend, and the floor's currency.
type Store struct {
	b   Backend
	cur money.Currency // the floor's currency (SetCurrency; zero: EUR)
}

// NewStore is the store on backend b (its recorded currency read).
func NewStore(b Backend) (*Store, error) {
	st := &Store{b: b}
	code, err := b.Currency()
	if err != nil {
		return nil, dbErr(fmt.Errorf("floor: the database's currency: %w", err))
	}
	if c, err := money.ByCode(code); err == nil {
		st.cur = c
	}
	return st, nil
}

// The floor database records the currency it counts in, as a machine's critical
// memory does: the wallet's accounts and journal and the meters it keeps are
// amounts in it. A bbolt database made before the record counts in euros.

// SetCurrency makes c the floor's currency (egm-floor run --currency): recorded in a
// new database, refused (nothing changed) for one that counts in another. Call it
// before the store is shared.
func (s *Store) SetCurrency(c money.Currency) error {
	c = c.OrRecorded()
	err := s.b.SetCurrency(c.Code)
	var sce *storeCurrencyError
	switch {
	case errors.As(err, &sce):
		return sce
	case err != nil:
		return dbErr(fmt.Errorf("floor: record the currency: %w", err))
	}
	s.cur = c
	return nil
}

type storeCurrencyError struct{ has, want string }

func (e *storeCurrencyError) Error() string {
	return fmt.Sprintf("floor: the database counts in %s, not %s: refused, nothing changed (give the floor its own database)", e.has, e.want)
}

// Currency is the floor's currency: the one the database records (SetCurrency),
// or EUR.
func (s *Store) Currency() money.Currency { return s.cur.OrRecorded() }

// ErrNotOnBbolt is the refusal of a bbolt transaction (Update, View) or of
// OpenStore on a database of another kind (the PostgreSQL one: Store.Postgres,
// OpenDB).
var ErrNotOnBbolt = errors.New("floor: not a bbolt floor database")

// Update runs fn in one read-write transaction of a bbolt floor database (the
// subpackages' buckets: floor/desk's wallet); ErrNotOnBbolt on another.
func (s *Store) Update(fn func(tx *bolt.Tx) error) error {
	b, ok := s.b.(*boltBackend)
	if !ok {
		return ErrNotOnBbolt
	}
	return b.db.Update(fn)
}

// View runs fn in one read-only transaction of a bbolt floor database;
// ErrNotOnBbolt on another.
func (s *Store) View(fn func(tx *bolt.Tx) error) error {
	b, ok := s.b.(*boltBackend)
	if !ok {
		return ErrNotOnBbolt
	}
	return b.db.View(fn)
}

// Close closes the database.
func (s *Store) Close() error { return s.b.Close() }

// Record keeps one poll's findings in one transaction: the meters (if read) and the
// exceptions received.
func (s *Store) Record(m *MetersRecord, ex []Exception) error {
	if err := s.b.Record(m, ex); err != nil {
		return dbErr(fmt.Errorf("floor: record: %w", err))
	}
	return nil
}

// LatestMeters returns the last meters stored for a machine.
func (s *Store) LatestMeters(machine byte) (MetersRecord, bool, error) {
	r, ok, err := s.b.LatestMeters(machine)
	if err != nil {
		return MetersRecord{}, false, fmt.Errorf("floor: meters of machine %d: %w", machine, err)
	}
	return r, ok, nil
}

// Exceptions returns the exception log in the order received.
func (s *Store) Exceptions() ([]Exception, error) {
	out, err := s.b.Exceptions()
	if err != nil {
		return nil, fmt.Errorf("floor: exception log: %w", err)
	}
	return out, nil
}
