package floor

import (
	"encoding/binary"
	"encoding/json"

	bolt "go.etcd.io/bbolt"
)

// The linked jackpots' records on bbolt (JackpotRecords).
var (
	bucketBaseline  = []byte("jackpot_baseline")   // machine number → its linked games' coin-in (8 bytes, big-endian) when it was linked
	bucketFirstRead = []byte("jackpot_first_read") // machine number → its coin-in (8 bytes) at the link's first meter read, until its baseline is stored
	bucketBonus     = []byte("bonus_payments")     // award seq (8 bytes, big-endian) → BonusPayment (JSON)
	bucketUnpaid    = []byte("bonus_unpaid")       // award seq → nothing: the payments not yet paid
)

func seqKey(n uint64) []byte { return binary.BigEndian.AppendUint64(nil, n) }

func (b *boltBackend) jpUpdate(fn func(tx *bolt.Tx) error) error {
	return b.db.Update(func(tx *bolt.Tx) error {
		for _, bk := range [][]byte{bucketBaseline, bucketFirstRead, bucketBonus, bucketUnpaid} {
			if _, err := tx.CreateBucketIfNotExists(bk); err != nil {
				return err
			}
		}
		return fn(tx)
	})
}

// get8 is an 8-byte value of bucket name (ok false: none).
func get8(tx *bolt.Tx, name []byte, machine byte) (uint64, bool) {
	if b := tx.Bucket(name); b != nil {
		if v := b.Get([]byte{machine}); len(v) == 8 {
			return binary.BigEndian.Uint64(v), true
		}
	}
	return 0, false
}

func (b *boltBackend) view8(name []byte, machine byte) (v uint64, ok bool, err error) {
	err = b.db.View(func(tx *bolt.Tx) error { v, ok = get8(tx, name, machine); return nil })
	return v, ok, err
}

func (b *boltBackend) NoteFirstRead(machine byte, coinIn uint64) error {
	// Read first: after the first cycle it is there, and a write transaction (an
	// fsync) every cycle would be waste.
	if done, err := b.hasFirstOrBaseline(machine); err != nil || done {
		return err
	}
	return b.jpUpdate(func(tx *bolt.Tx) error {
		if _, ok := get8(tx, bucketBaseline, machine); ok {
			return nil
		}
		if _, ok := get8(tx, bucketFirstRead, machine); ok {
			return nil
		}
		return tx.Bucket(bucketFirstRead).Put([]byte{machine}, binary.BigEndian.AppendUint64(nil, coinIn))
	})
}

func (b *boltBackend) hasFirstOrBaseline(machine byte) (bool, error) {
	var done bool
	err := b.db.View(func(tx *bolt.Tx) error {
		_, a := get8(tx, bucketBaseline, machine)
		_, f := get8(tx, bucketFirstRead, machine)
		done = a || f
		return nil
	})
	return done, err
}

func (b *boltBackend) FirstRead(machine byte) (uint64, bool, error) {
	return b.view8(bucketFirstRead, machine)
}

func (b *boltBackend) Baseline(machine byte) (uint64, bool, error) {
	return b.view8(bucketBaseline, machine)
}

func (b *boltBackend) SetBaseline(machine byte, coinIn uint64) (uint64, error) {
	if v, ok, err := b.Baseline(machine); err != nil || ok {
		return v, err
	}
	var v uint64
	err := b.jpUpdate(func(tx *bolt.Tx) error {
		if old, ok := get8(tx, bucketBaseline, machine); ok {
			v = old
			return nil
		}
		v = coinIn
		if err := tx.Bucket(bucketFirstRead).Delete([]byte{machine}); err != nil {
			return err
		}
		return tx.Bucket(bucketBaseline).Put([]byte{machine}, binary.BigEndian.AppendUint64(nil, coinIn))
	})
	return v, err
}

func (b *boltBackend) JournalAwards(ps []BonusPayment) (int, error) {
	n := 0
	err := b.jpUpdate(func(tx *bolt.Tx) error {
		bk := tx.Bucket(bucketBonus)
		for _, p := range ps {
			if bk.Get(seqKey(p.Seq)) != nil {
				continue
			}
			v, err := json.Marshal(p)
			if err != nil {
				return err
			}
			if err := bk.Put(seqKey(p.Seq), v); err != nil {
				return err
			}
			if p.State != BonusPaid {
				if err := tx.Bucket(bucketUnpaid).Put(seqKey(p.Seq), nil); err != nil {
					return err
				}
			}
			n++
		}
		return nil
	})
	return n, err
}

func (b *boltBackend) PutBonus(p BonusPayment) error {
	v, err := json.Marshal(p)
	if err != nil {
		return err
	}
	return b.jpUpdate(func(tx *bolt.Tx) error {
		if p.State == BonusPaid {
			if err := tx.Bucket(bucketUnpaid).Delete(seqKey(p.Seq)); err != nil {
				return err
			}
		}
		return tx.Bucket(bucketBonus).Put(seqKey(p.Seq), v)
	})
}

// BonusPayments reads the pending ones through their index, however long the
// journal.
func (b *boltBackend) BonusPayments(pending bool) ([]BonusPayment, error) {
	var out []BonusPayment
	err := b.db.View(func(tx *bolt.Tx) error {
		all, unpaid := tx.Bucket(bucketBonus), tx.Bucket(bucketUnpaid)
		if all == nil || unpaid == nil {
			return nil // nothing journaled yet
		}
		if pending {
			return unpaid.ForEach(func(k, _ []byte) error {
				var p BonusPayment
				if err := json.Unmarshal(all.Get(k), &p); err != nil {
					return err
				}
				out = append(out, p)
				return nil
			})
		}
		return all.ForEach(func(_, v []byte) error {
			var p BonusPayment
			if err := json.Unmarshal(v, &p); err != nil {
				return err
			}
			out = append(out, p)
			return nil
		})
	})
	return out, err
}
