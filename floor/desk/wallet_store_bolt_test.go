package desk

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"egm/floor"
	"egm/wallet"
)

// TestWalletBoltFormat: on bbolt the wallet writes its buckets in the format of
// the first wallet (keys and JSON values as they were), and a floor file written
// in that format by hand opens and works.
func TestWalletBoltFormat(t *testing.T) {
	r := newWalletRig(t)
	ctx := context.Background()
	qr := r.mach.issue(wallet.CashIn)
	tr, err := r.w.Scan(ctx, qr, "alice", 10_00)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.w.Restrict(RestrictRequest{Player: "bob", Kind: KindStaff, Days: 1, By: "desk", Why: "asked"}); err != nil {
		t.Fatal(err)
	}
	s, err := wallet.Parse(qr)
	if err != nil {
		t.Fatal(err)
	}
	r.st.Close()
	db, err := bolt.Open(r.path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.View(func(tx *bolt.Tx) error {
		var a Account
		if err := json.Unmarshal(tx.Bucket(bucketAccounts).Get([]byte("alice")), &a); err != nil || a.Cents != 490_00 {
			t.Errorf("wallet_accounts alice: %+v (%v)", a, err)
		}
		var m WalletMachine
		if err := json.Unmarshal(tx.Bucket(bucketMachines).Get(binary.BigEndian.AppendUint32(nil, 1234)), &m); err != nil || m.Cents != 10_00 || m.Owner != "alice" {
			t.Errorf("wallet_machines 1234: %+v (%v)", m, err)
		}
		var u UsedCode
		if err := json.Unmarshal(tx.Bucket(bucketCodes).Get(append(binary.BigEndian.AppendUint32(nil, 1234), s.Code...)), &u); err != nil || u.Seq != tr.Seq || u.Player != "alice" {
			t.Errorf("wallet_codes 1234+code: %+v (%v)", u, err)
		}
		var j Transfer
		if err := json.Unmarshal(tx.Bucket(bucketJournal).Get(binary.BigEndian.AppendUint64(nil, tr.Seq)), &j); err != nil || j.State != StateCommitted || j.Code != s.Code {
			t.Errorf("wallet_journal %d: %+v (%v)", tr.Seq, j, err)
		}
		if k, _ := tx.Bucket(bucketPending).Cursor().First(); k != nil {
			t.Errorf("wallet_pending holds %x", k)
		}
		if f := tx.Bucket(bucketMeta).Get(keyFunded); len(f) != 8 || binary.BigEndian.Uint64(f) != 1000_00 {
			t.Errorf("wallet_meta funded: %x", f)
		}
		if k := tx.Bucket(bucketAFTKeys).Get(binary.BigEndian.AppendUint32(nil, 1234)); len(k) != 20 {
			t.Errorf("wallet_aft_keys 1234: %d bytes", len(k))
		}
		var x Restriction
		if err := json.Unmarshal(tx.Bucket(bucketRestrictions).Get(binary.BigEndian.AppendUint64([]byte("bob\x00"), 1)), &x); err != nil || x.Kind != KindStaff {
			t.Errorf("wallet_restrictions bob+1: %+v (%v)", x, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()

	// A file of that format, written by hand: it opens, and the wallet works on it.
	path := boltDB(t)
	db, err = bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		for _, b := range [][]byte{bucketAccounts, bucketMachines, bucketCodes, bucketJournal, bucketEvents, bucketMeta, bucketAFTKeys} {
			if _, err := tx.CreateBucket(b); err != nil {
				return err
			}
		}
		created := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
		for k, v := range map[string]string{
			"wallet_accounts\x00carol":                           `{"player":"carol","cents":300}`,
			"wallet_journal\x00\x00\x00\x00\x00\x00\x00\x00\x01": `{"seq":1,"dir":"in","asset":1234,"code":"OLDCODE","player":"carol","cents":700,"state":"pending","created":"` + created.Format(time.RFC3339) + `"}`,
		} {
			var name, key []byte
			for i := range k {
				if k[i] == 0 {
					name, key = []byte(k[:i]), []byte(k[i+1:])
					break
				}
			}
			if err := tx.Bucket(name).Put(key, []byte(v)); err != nil {
				return err
			}
		}
		if err := tx.Bucket(bucketJournal).SetSequence(1); err != nil {
			return err
		}
		return tx.Bucket(bucketMeta).Put(keyFunded, binary.BigEndian.AppendUint64(nil, 1000))
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	st, err := floor.OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	w, err := OpenWallet(st, nil, WalletOptions{Now: r.clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	if a, err := w.Account("carol"); err != nil || a.Cents != 300 {
		t.Fatalf("carol: %+v (%v)", a, err)
	}
	if ps, err := w.Pending(0); err != nil || len(ps) != 1 || ps[0].Code != "OLDCODE" {
		t.Fatalf("pending: %+v (%v)", ps, err)
	}
	rec, err := w.Reconcile(nil)
	if err != nil || !rec.OK || rec.Funded != 1000 || rec.Wallets != 300 || rec.InFlight != 700 {
		t.Fatalf("reconciliation %+v (%v)", rec, err)
	}
	if err := w.Fund("carol", 50); err != nil {
		t.Fatal(err)
	}
	if tr, err := w.resolve(1, TransferOutcome{Reason: "code expired"}); err != nil || tr.State != StateRefused {
		t.Fatalf("resolve: %+v (%v)", tr, err)
	}
	if a, _ := w.Account("carol"); a.Cents != 1050 {
		t.Fatalf("carol after the refund: %d, want 1050", a.Cents)
	}
}
