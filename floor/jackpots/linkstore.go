package jackpots

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"egm/floor"
)

// seqKey is a big-endian sequence number: a bucket key in order (awards).
func seqKey(n uint64) []byte { return binary.BigEndian.AppendUint64(nil, n) }

var (
	bucketBaseline  = []byte("jackpot_baseline")   // machine number → its linked games' coin-in (8 bytes) when it was linked
	bucketFirstRead = []byte("jackpot_first_read") // machine number → its coin-in (8 bytes) at the link's first meter read, until its baseline is stored
	bucketBonus     = []byte("bonus_payments")     // award seq (8 bytes, big-endian) → BonusPayment
	bucketUnpaid    = []byte("bonus_unpaid")       // award seq → nothing: the payments not yet paid
)

// Bonus payment states.
const (
	BonusDue     = "due"     // journaled, not yet sent
	BonusSending = "sending" // MeterBefore read and kept; 8A sent (or about to be)
	BonusPaid    = "paid"    // the machine took it (ACK, or its bonus meters moved by it)
)

// BonusPayment is the floor's journal of one mystery award paid to a machine as a
// legacy bonus. It goes due → sending → paid, each step one durable transaction:
// before the first 8A the machine's bonus meters are read and kept (MeterBefore),
// so after a crash the floor knows whether the machine took it (meters at least
// MeterBefore + Cents) before it sends it again. One payment per machine is in
// flight at a time, so the meters move only by it.
type BonusPayment struct {
	Seq         uint64    `json:"seq"` // the controller's award number
	Machine     byte      `json:"machine"`
	MachineID   string    `json:"machine_id"`
	Game        uint64    `json:"game"` // the contribution's game that crossed the trigger
	Cents       int64     `json:"cents"`
	State       string    `json:"state"`
	MeterBefore uint64    `json:"meter_before"`
	Paid        time.Time `json:"paid,omitzero"`
}

func update(s *floor.Store, fn func(tx *bolt.Tx) error) error {
	return s.Update(func(tx *bolt.Tx) error {
		for _, b := range [][]byte{bucketBaseline, bucketFirstRead, bucketBonus, bucketUnpaid} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		return fn(tx)
	})
}

func view(s *floor.Store, fn func(tx *bolt.Tx) error) error {
	return s.View(func(tx *bolt.Tx) error {
		if tx.Bucket(bucketBonus) == nil || tx.Bucket(bucketUnpaid) == nil {
			return nil // nothing journaled yet
		}
		return fn(tx)
	})
}

// Baseline returns the coin-in a machine's linked games had when it was linked to
// the jackpot controller (its whole coin-in for a machine that does not say which
// games are linked; linked_games.go), storing coinIn as it the first time.
func Baseline(s *floor.Store, machine byte, coinIn uint64) (uint64, error) {
	// Read first: after the first cycle the baseline is there, and a write
	// transaction (an fsync of the floor's database) every cycle would be waste.
	if v, ok, err := BaselineOf(s, machine); err != nil {
		return 0, floor.DatabaseErr(fmt.Errorf("floor: jackpot baseline of machine %d: %w", machine, err))
	} else if ok {
		return v, nil
	}
	var v uint64
	err := update(s, func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketBaseline)
		if old := b.Get([]byte{machine}); len(old) == 8 {
			v = binary.BigEndian.Uint64(old)
			return nil
		}
		v = coinIn
		if err := tx.Bucket(bucketFirstRead).Delete([]byte{machine}); err != nil {
			return err
		}
		return b.Put([]byte{machine}, binary.BigEndian.AppendUint64(nil, coinIn))
	})
	if err != nil {
		return 0, floor.DatabaseErr(fmt.Errorf("floor: jackpot baseline of machine %d: %w", machine, err))
	}
	return v, nil
}

// BaselineOf returns a machine's stored baseline (ok false: never linked).
func BaselineOf(s *floor.Store, machine byte) (uint64, bool, error) {
	var v uint64
	var ok bool
	err := s.View(func(tx *bolt.Tx) error {
		if b := tx.Bucket(bucketBaseline); b != nil {
			if old := b.Get([]byte{machine}); len(old) == 8 {
				v, ok = binary.BigEndian.Uint64(old), true
			}
		}
		return nil
	})
	return v, ok, err
}

// NoteFirstRead stores coinIn as the machine's coin-in at the link's first meter
// read, unless it has a baseline or a first read already (a floor restarted
// while it learned the machine keeps the first).
func NoteFirstRead(s *floor.Store, machine byte, coinIn uint64) error {
	if _, ok, err := BaselineOf(s, machine); err != nil || ok {
		return floor.DatabaseErr(err)
	}
	if _, ok, err := FirstReadOf(s, machine); err != nil || ok {
		return floor.DatabaseErr(err)
	}
	err := update(s, func(tx *bolt.Tx) error {
		if len(tx.Bucket(bucketBaseline).Get([]byte{machine})) == 8 || len(tx.Bucket(bucketFirstRead).Get([]byte{machine})) == 8 {
			return nil
		}
		return tx.Bucket(bucketFirstRead).Put([]byte{machine}, binary.BigEndian.AppendUint64(nil, coinIn))
	})
	if err != nil {
		return floor.DatabaseErr(fmt.Errorf("floor: jackpot first read of machine %d: %w", machine, err))
	}
	return nil
}

// FirstReadOf returns a machine's coin-in at the link's first meter read, while
// its baseline is not stored yet (ok false: none).
func FirstReadOf(s *floor.Store, machine byte) (uint64, bool, error) {
	var v uint64
	var ok bool
	err := s.View(func(tx *bolt.Tx) error {
		if b := tx.Bucket(bucketFirstRead); b != nil {
			if old := b.Get([]byte{machine}); len(old) == 8 {
				v, ok = binary.BigEndian.Uint64(old), true
			}
		}
		return nil
	})
	return v, ok, err
}

// JournalAwards adds the payments not journaled yet (by Seq), in one transaction,
// and returns how many were new.
func JournalAwards(s *floor.Store, ps []BonusPayment) (int, error) {
	n := 0
	err := update(s, func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketBonus)
		for _, p := range ps {
			if b.Get(seqKey(p.Seq)) != nil {
				continue
			}
			v, err := json.Marshal(p)
			if err != nil {
				return err
			}
			if err := b.Put(seqKey(p.Seq), v); err != nil {
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
	if err != nil {
		return 0, floor.DatabaseErr(fmt.Errorf("floor: journal awards: %w", err))
	}
	return n, nil
}

// PutBonus writes one payment's new state durably.
func PutBonus(s *floor.Store, p BonusPayment) error {
	v, err := json.Marshal(p)
	if err != nil {
		return err
	}
	if err := update(s, func(tx *bolt.Tx) error {
		if p.State == BonusPaid {
			if err := tx.Bucket(bucketUnpaid).Delete(seqKey(p.Seq)); err != nil {
				return err
			}
		}
		return tx.Bucket(bucketBonus).Put(seqKey(p.Seq), v)
	}); err != nil {
		return floor.DatabaseErr(fmt.Errorf("floor: bonus payment %d: %w", p.Seq, err))
	}
	return nil
}

// BonusPayments returns the journal in award order; with pending, only the
// payments not yet paid (read through their index, however long the journal).
func BonusPayments(s *floor.Store, pending bool) ([]BonusPayment, error) {
	var out []BonusPayment
	err := view(s, func(tx *bolt.Tx) error {
		all := tx.Bucket(bucketBonus)
		if pending {
			return tx.Bucket(bucketUnpaid).ForEach(func(k, _ []byte) error {
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
			if !pending || p.State != BonusPaid {
				out = append(out, p)
			}
			return nil
		})
	})
	if err != nil {
		return nil, floor.DatabaseErr(fmt.Errorf("floor: bonus journal: %w", err))
	}
	return out, nil
}
