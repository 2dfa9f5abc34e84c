package floor

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"egm/money"
)

var (
	bucketMeters     = []byte("meters")     // machine address → MetersRecord
	bucketExceptions = []byte("exceptions") // sequence (8 bytes, big-endian) → Exception
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

// Store is the floor's database.
type Store struct {
	db  *bolt.DB
	cur money.Currency // the floor's currency (SetCurrency; zero: EUR)
}

// The floor database records the currency it counts in (bucket floor_meta, key
// "currency": the ISO code), as a machine's critical memory does: the wallet's
// accounts and journal and the meters it keeps are amounts in it. A database
// made before the record counts in euros.
var (
	bucketFloorMeta = []byte("floor_meta")
	keyCurrency     = []byte("currency")
)

// SetCurrency makes c the floor's currency (egm-floor run --currency): recorded in a
// new database, refused (nothing changed) for one that counts in another. Call it
// before the store is shared.
func (s *Store) SetCurrency(c money.Currency) error {
	c = c.OrRecorded()
	err := s.db.Update(func(tx *bolt.Tx) error {
		meta, err := tx.CreateBucketIfNotExists(bucketFloorMeta)
		if err != nil {
			return err
		}
		has := string(meta.Get(keyCurrency))
		if has == "" && !storeIsNew(tx) {
			has = money.Recorded("").Code // made before the record
		}
		if has != "" && has != c.Code {
			return &storeCurrencyError{has: has, want: c.Code}
		}
		return meta.Put(keyCurrency, []byte(c.Code))
	})
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

// storeIsNew reports a database with nothing in it yet: no meters, exceptions or
// wallet.
func storeIsNew(tx *bolt.Tx) bool {
	for _, b := range [][]byte{bucketMeters, bucketExceptions} {
		if bk := tx.Bucket(b); bk != nil {
			if k, _ := bk.Cursor().First(); k != nil {
				return false
			}
		}
	}
	return tx.Bucket(bucketWalletMeta) == nil
}

// bucketWalletMeta is the wallet's (floor/desk) own record in the database: a
// database with a wallet in it is not new, even with no meters yet.
var bucketWalletMeta = []byte("wallet_meta")

// Currency is the floor's currency: the one the database records (SetCurrency),
// or EUR.
func (s *Store) Currency() money.Currency { return s.cur.OrRecorded() }

// OpenStore opens (or creates) the database at path.
func OpenStore(path string) (*Store, error) {
	db, err := bolt.Open(path, 0o640, &bolt.Options{Timeout: time.Second})
	if err != nil {
		if errors.Is(err, bolt.ErrTimeout) {
			return nil, fmt.Errorf("floor: %s is held by another floor process", path)
		}
		return nil, fmt.Errorf("floor: open %s: %w", path, err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		for _, b := range [][]byte{bucketMeters, bucketExceptions} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("floor: prepare %s: %w", path, err)
	}
	st := &Store{db: db}
	db.View(func(tx *bolt.Tx) error {
		if m := tx.Bucket(bucketFloorMeta); m != nil {
			if c, err := money.ByCode(string(m.Get(keyCurrency))); err == nil {
				st.cur = c
			}
		}
		return nil
	})
	return st, nil
}

// Update runs fn in one read-write transaction of the floor's database (the
// subpackages' buckets: floor/jackpots, floor/desk).
func (s *Store) Update(fn func(tx *bolt.Tx) error) error { return s.db.Update(fn) }

// View runs fn in one read-only transaction of the floor's database.
func (s *Store) View(fn func(tx *bolt.Tx) error) error { return s.db.View(fn) }

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// Record keeps one poll's findings in one transaction: the meters (if read) and the
// exceptions received.
func (s *Store) Record(m *MetersRecord, ex []Exception) error {
	err := s.db.Update(func(tx *bolt.Tx) error {
		if m != nil {
			b, err := json.Marshal(m)
			if err != nil {
				return err
			}
			if err := tx.Bucket(bucketMeters).Put([]byte{m.Machine}, b); err != nil {
				return err
			}
		}
		eb := tx.Bucket(bucketExceptions)
		for _, e := range ex {
			seq, err := eb.NextSequence()
			if err != nil {
				return err
			}
			b, err := json.Marshal(e)
			if err != nil {
				return err
			}
			var k [8]byte
			binary.BigEndian.PutUint64(k[:], seq)
			if err := eb.Put(k[:], b); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return dbErr(fmt.Errorf("floor: record: %w", err))
	}
	return nil
}

// LatestMeters returns the last meters stored for a machine.
func (s *Store) LatestMeters(machine byte) (MetersRecord, bool, error) {
	var r MetersRecord
	found := false
	err := s.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketMeters).Get([]byte{machine})
		if b == nil {
			return nil
		}
		found = true
		return json.Unmarshal(b, &r)
	})
	if err != nil {
		return r, false, fmt.Errorf("floor: meters of machine %d: %w", machine, err)
	}
	return r, found, nil
}

// Exceptions returns the exception log in the order received.
func (s *Store) Exceptions() ([]Exception, error) {
	var out []Exception
	err := s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketExceptions).ForEach(func(_, v []byte) error {
			var e Exception
			if err := json.Unmarshal(v, &e); err != nil {
				return err
			}
			out = append(out, e)
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("floor: exception log: %w", err)
	}
	return out, nil
}
