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

// The bbolt floor database: one file, one floor process (it holds the file's
// lock), the floor's own records in buckets meters (machine number → its latest
// MetersRecord, JSON), exceptions (sequence, 8 bytes big-endian → Exception, JSON)
// and floor_meta (key "currency": the ISO code); the subpackages' buckets next to
// them (Store.Update, Store.View).
var (
	bucketMeters     = []byte("meters")
	bucketExceptions = []byte("exceptions")
	bucketFloorMeta  = []byte("floor_meta")
	keyCurrency      = []byte("currency")
)

// bucketWalletMeta is the wallet's (floor/desk) own record in the database: a
// database with a wallet in it is not new, even with no meters yet.
var bucketWalletMeta = []byte("wallet_meta")

type boltBackend struct{ db *bolt.DB }

// OpenStore opens (or creates) the bbolt database at path ("bbolt:PATH" or PATH).
func OpenStore(path string) (*Store, error) {
	if kind, target, err := ParseDB(path); err != nil {
		return nil, err
	} else if kind != DBBbolt {
		return nil, fmt.Errorf("floor: %s: want a bbolt database here: %w", RedactDB(path), ErrNotOnBbolt)
	} else {
		path = target
	}
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
	st, err := NewStore(&boltBackend{db: db})
	if err != nil {
		db.Close()
		return nil, err
	}
	return st, nil
}

func (b *boltBackend) Close() error { return b.db.Close() }

func (b *boltBackend) Currency() (string, error) {
	var code string
	err := b.db.View(func(tx *bolt.Tx) error {
		if m := tx.Bucket(bucketFloorMeta); m != nil {
			code = string(m.Get(keyCurrency))
		}
		return nil
	})
	return code, err
}

func (b *boltBackend) SetCurrency(code string) error {
	return b.db.Update(func(tx *bolt.Tx) error {
		meta, err := tx.CreateBucketIfNotExists(bucketFloorMeta)
		if err != nil {
			return err
		}
		has := string(meta.Get(keyCurrency))
		if has == "" && !storeIsNew(tx) {
			has = money.Recorded("").Code // made before the record
		}
		if has != "" && has != code {
			return &storeCurrencyError{has: has, want: code}
		}
		return meta.Put(keyCurrency, []byte(code))
	})
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

func (b *boltBackend) Record(m *MetersRecord, ex []Exception) error {
	return b.db.Update(func(tx *bolt.Tx) error {
		if m != nil {
			v, err := json.Marshal(m)
			if err != nil {
				return err
			}
			if err := tx.Bucket(bucketMeters).Put([]byte{m.Machine}, v); err != nil {
				return err
			}
		}
		eb := tx.Bucket(bucketExceptions)
		for _, e := range ex {
			seq, err := eb.NextSequence()
			if err != nil {
				return err
			}
			v, err := json.Marshal(e)
			if err != nil {
				return err
			}
			if err := eb.Put(binary.BigEndian.AppendUint64(nil, seq), v); err != nil {
				return err
			}
		}
		return nil
	})
}

func (b *boltBackend) LatestMeters(machine byte) (MetersRecord, bool, error) {
	var r MetersRecord
	found := false
	err := b.db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(bucketMeters).Get([]byte{machine})
		if v == nil {
			return nil
		}
		found = true
		return json.Unmarshal(v, &r)
	})
	return r, found, err
}

func (b *boltBackend) Exceptions() ([]Exception, error) {
	var out []Exception
	err := b.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketExceptions).ForEach(func(_, v []byte) error {
			var e Exception
			if err := json.Unmarshal(v, &e); err != nil {
				return err
			}
			out = append(out, e)
			return nil
		})
	})
	return out, err
}

var _ Backend = (*boltBackend)(nil)
