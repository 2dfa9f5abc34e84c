package desk

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"sort"

	bolt "go.etcd.io/bbolt"

	"egm/floor"
)

// The wallet's records on a bbolt floor database: its buckets (wallet.go), their
// format unchanged since the first wallet, so a floor file made by an earlier
// version opens and works.
type boltWallet struct{ st *floor.Store }

// prepare makes the buckets, and the pending index of a database made before it
// existed: once, from the journal, in the transaction that creates the bucket.
func (b boltWallet) prepare() error {
	return b.st.Update(func(tx *bolt.Tx) error {
		for _, b := range [][]byte{bucketAccounts, bucketMachines, bucketCodes, bucketJournal, bucketEvents, bucketMeta, bucketAFTKeys, bucketRestrictions} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		if tx.Bucket(bucketPending) == nil {
			return indexPending(tx)
		}
		return nil
	})
}

func (b boltWallet) update(fn func(tx walletTx) error) error {
	return b.st.Update(func(tx *bolt.Tx) error { return fn(boltTx{tx}) })
}

func (b boltWallet) view(fn func(tx walletTx) error) error {
	return b.st.View(func(tx *bolt.Tx) error { return fn(boltTx{tx}) })
}

// indexPending builds the pending index from the journal.
func indexPending(tx *bolt.Tx) error {
	idx, err := tx.CreateBucket(bucketPending)
	if err != nil {
		return err
	}
	return tx.Bucket(bucketJournal).ForEach(func(k, v []byte) error {
		var t Transfer
		if err := json.Unmarshal(v, &t); err != nil {
			return fmt.Errorf("journal entry %x: %w", k, err)
		}
		if t.State != StatePending {
			return nil
		}
		return idx.Put(seqKey(t.Seq), assetKey(t.Asset))
	})
}

type boltTx struct{ tx *bolt.Tx }

func getJSON(b *bolt.Bucket, k []byte, v any) (bool, error) {
	raw := b.Get(k)
	if raw == nil {
		return false, nil
	}
	return true, json.Unmarshal(raw, v)
}

func putJSON(b *bolt.Bucket, k []byte, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return b.Put(k, raw)
}

// listJSON is every value of bucket name, in key order.
func listJSON[T any](tx *bolt.Tx, name []byte) ([]T, error) {
	var out []T
	err := tx.Bucket(name).ForEach(func(k, v []byte) error {
		var x T
		if err := json.Unmarshal(v, &x); err != nil {
			return fmt.Errorf("%s %x: %w", name, k, err)
		}
		out = append(out, x)
		return nil
	})
	return out, err
}

func (b boltTx) account(player string) (Account, bool, error) {
	var a Account
	ok, err := getJSON(b.tx.Bucket(bucketAccounts), []byte(player), &a)
	return a, ok, err
}

func (b boltTx) putAccount(a Account) error {
	return putJSON(b.tx.Bucket(bucketAccounts), []byte(a.Player), a)
}

func (b boltTx) accounts() ([]Account, error) { return listJSON[Account](b.tx, bucketAccounts) }

func (b boltTx) machine(asset uint32) (WalletMachine, bool, error) {
	var m WalletMachine
	ok, err := getJSON(b.tx.Bucket(bucketMachines), assetKey(asset), &m)
	return m, ok, err
}

func (b boltTx) putMachine(m WalletMachine) error {
	return putJSON(b.tx.Bucket(bucketMachines), assetKey(m.Asset), m)
}

func (b boltTx) machines() ([]WalletMachine, error) {
	return listJSON[WalletMachine](b.tx, bucketMachines)
}

func codeKey(asset uint32, code string) []byte { return append(assetKey(asset), code...) }

func (b boltTx) codeUsed(asset uint32, code string) (bool, error) {
	return b.tx.Bucket(bucketCodes).Get(codeKey(asset, code)) != nil, nil
}

func (b boltTx) codes() ([]usedCodeRow, error) {
	var out []usedCodeRow
	err := b.tx.Bucket(bucketCodes).ForEach(func(k, v []byte) error {
		if len(k) < 4 {
			return fmt.Errorf("used code key %x too short", k)
		}
		r := usedCodeRow{Code: string(k[4:])}
		if err := json.Unmarshal(v, &r.Used); err != nil {
			return err
		}
		r.Used.Asset = binary.BigEndian.Uint32(k[:4])
		out = append(out, r)
		return nil
	})
	return out, err
}

func (b boltTx) markCode(asset uint32, code string, u UsedCode) error {
	codes := b.tx.Bucket(bucketCodes)
	if codes.Get(codeKey(asset, code)) != nil {
		return fmt.Errorf("%w: code of asset %d", ErrReplayed, asset)
	}
	return putJSON(codes, codeKey(asset, code), u)
}

func (b boltTx) appendTransfer(t Transfer) (uint64, error) {
	j := b.tx.Bucket(bucketJournal)
	seq, err := j.NextSequence()
	if err != nil {
		return 0, err
	}
	t.Seq = seq
	if err := putJSON(j, seqKey(seq), t); err != nil {
		return 0, err
	}
	if t.State == StatePending {
		if err := b.tx.Bucket(bucketPending).Put(seqKey(seq), assetKey(t.Asset)); err != nil {
			return 0, err
		}
	}
	return seq, nil
}

func (b boltTx) putTransferAt(t Transfer) error {
	j := b.tx.Bucket(bucketJournal)
	if t.Seq == 0 {
		return fmt.Errorf("transfer numbered 0")
	}
	if j.Get(seqKey(t.Seq)) != nil {
		return fmt.Errorf("transfer %d is in the journal already", t.Seq)
	}
	if err := putJSON(j, seqKey(t.Seq), t); err != nil {
		return err
	}
	if t.State == StatePending {
		if err := b.tx.Bucket(bucketPending).Put(seqKey(t.Seq), assetKey(t.Asset)); err != nil {
			return err
		}
	}
	if j.Sequence() < t.Seq {
		return j.SetSequence(t.Seq)
	}
	return nil
}

func (b boltTx) transfer(seq uint64) (Transfer, bool, error) {
	var t Transfer
	ok, err := getJSON(b.tx.Bucket(bucketJournal), seqKey(seq), &t)
	return t, ok, err
}

func (b boltTx) updateTransfer(t Transfer) error {
	if t.State != StatePending {
		if err := b.tx.Bucket(bucketPending).Delete(seqKey(t.Seq)); err != nil {
			return err
		}
	}
	return putJSON(b.tx.Bucket(bucketJournal), seqKey(t.Seq), t)
}

func (b boltTx) journal() ([]Transfer, error) { return listJSON[Transfer](b.tx, bucketJournal) }

func (b boltTx) pending(asset uint32) ([]Transfer, error) {
	var out []Transfer
	j := b.tx.Bucket(bucketJournal)
	err := b.tx.Bucket(bucketPending).ForEach(func(k, a []byte) error {
		if asset != 0 && len(a) == 4 && binary.BigEndian.Uint32(a) != asset {
			return nil
		}
		var t Transfer
		ok, err := getJSON(j, k, &t)
		if err != nil {
			return fmt.Errorf("entry %x: %w", k, err)
		}
		if !ok {
			return fmt.Errorf("the pending index names transfer %x, which is not in the journal", k)
		}
		if t.State == StatePending && (asset == 0 || t.Asset == asset) {
			out = append(out, t)
		}
		return nil
	})
	return out, err
}

func (b boltTx) appendEvent(e WalletEvent) error {
	ev := b.tx.Bucket(bucketEvents)
	seq, err := ev.NextSequence()
	if err != nil {
		return err
	}
	return putJSON(ev, seqKey(seq), e)
}

func (b boltTx) events() ([]WalletEvent, error) { return listJSON[WalletEvent](b.tx, bucketEvents) }

func (b boltTx) funded() (int64, error) {
	raw := b.tx.Bucket(bucketMeta).Get(keyFunded)
	if len(raw) != 8 {
		return 0, nil
	}
	return int64(binary.BigEndian.Uint64(raw)), nil
}

func (b boltTx) addFunded(cents int64) error {
	f, err := b.funded()
	if err != nil {
		return err
	}
	return b.tx.Bucket(bucketMeta).Put(keyFunded, binary.BigEndian.AppendUint64(nil, uint64(f+cents)))
}

func (b boltTx) aftKey(asset uint32) ([]byte, error) {
	k := b.tx.Bucket(bucketAFTKeys).Get(assetKey(asset))
	if k == nil {
		return nil, nil
	}
	return append([]byte(nil), k...), nil
}

func (b boltTx) putAFTKey(asset uint32, key []byte) error {
	return b.tx.Bucket(bucketAFTKeys).Put(assetKey(asset), key)
}

func (b boltTx) addRestriction(r Restriction) (uint64, error) {
	reg := b.tx.Bucket(bucketRestrictions)
	id, err := reg.NextSequence()
	if err != nil {
		return 0, err
	}
	r.ID = id
	return id, putJSON(reg, restrictKey(r.Player, id), r)
}

func (b boltTx) restriction(id uint64) (Restriction, bool, error) {
	var r Restriction
	found := false
	err := b.tx.Bucket(bucketRestrictions).ForEach(func(k, v []byte) error {
		if !found && len(k) > 9 && binary.BigEndian.Uint64(k[len(k)-8:]) == id {
			found = true
			return json.Unmarshal(v, &r)
		}
		return nil
	})
	return r, found, err
}

func (b boltTx) putRestriction(r Restriction) error {
	return putJSON(b.tx.Bucket(bucketRestrictions), restrictKey(r.Player, r.ID), r)
}

func (b boltTx) putRestrictionAt(r Restriction) error {
	reg := b.tx.Bucket(bucketRestrictions)
	if r.ID == 0 {
		return fmt.Errorf("register entry numbered 0")
	}
	if _, ok, err := b.restriction(r.ID); err != nil || ok {
		if err == nil {
			err = fmt.Errorf("register entry %d is in the register already", r.ID)
		}
		return err
	}
	if err := putJSON(reg, restrictKey(r.Player, r.ID), r); err != nil {
		return err
	}
	if reg.Sequence() < r.ID {
		return reg.SetSequence(r.ID)
	}
	return nil
}

// restrictions reads one player's entries by a prefix seek (player + 0x00), or
// the whole register, and orders them by id.
func (b boltTx) restrictions(player string) ([]Restriction, error) {
	var out []Restriction
	c := b.tx.Bucket(bucketRestrictions).Cursor()
	var prefix []byte
	if player != "" {
		prefix = append([]byte(player), 0)
	}
	for k, v := c.Seek(prefix); k != nil; k, v = c.Next() {
		if player != "" && (len(k) != len(prefix)+8 || string(k[:len(prefix)]) != string(prefix)) {
			break
		}
		var r Restriction
		if err := json.Unmarshal(v, &r); err != nil {
			return nil, fmt.Errorf("restriction %x: %w", k, err)
		}
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}
