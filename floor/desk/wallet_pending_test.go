package desk

import (
	"context"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"
	bolt "go.etcd.io/bbolt"

	"egm/wallet"
)

// pendingIndex lists the sequence numbers in the wallet_pending bucket (on
// PostgreSQL: the journal's pending rows).
func (r *walletRig) pendingIndex() []uint64 {
	r.t.Helper()
	var seqs []uint64
	if r.st.OnPostgres() {
		if err := r.st.Postgres(true, func(ctx context.Context, tx pgx.Tx) error {
			rows, err := tx.Query(ctx, "SELECT seq FROM wallet_journal WHERE state = 'pending' ORDER BY seq")
			if err != nil {
				return err
			}
			defer rows.Close()
			seqs = nil
			for rows.Next() {
				var n int64
				if err := rows.Scan(&n); err != nil {
					return err
				}
				seqs = append(seqs, uint64(n))
			}
			return rows.Err()
		}); err != nil {
			r.t.Fatal(err)
		}
		return seqs
	}
	if err := r.st.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketPending).ForEach(func(k, _ []byte) error {
			seqs = append(seqs, binary.BigEndian.Uint64(k))
			return nil
		})
	}); err != nil {
		r.t.Fatal(err)
	}
	return seqs
}

func seqsOf(ts []Transfer) []uint64 {
	var s []uint64
	for _, t := range ts {
		s = append(s, t.Seq)
	}
	return s
}

func sameSeqs(a, b []uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestWalletPendingIndex: Pending reads the transfers through the wallet_pending
// index — a resolved transfer leaves it in the transaction that resolves it — and
// a database made before the index gets it built from the journal at open.
func TestWalletPendingIndex(t *testing.T) { onBackends(t, testWalletPendingIndex) }

func testWalletPendingIndex(t *testing.T, db dbFunc) {
	ctx := context.Background()
	r := newWalletRigOn(t, db)
	if _, err := r.w.Scan(ctx, r.mach.issue(wallet.CashIn), "alice", 10_00); err != nil {
		t.Fatal(err)
	}
	r.mach.loseRequest = 1
	if _, err := r.w.Scan(ctx, r.mach.issue(wallet.CashIn), "alice", 20_00); !errors.Is(err, ErrTransferState) {
		t.Fatalf("scan with the request lost: %v", err)
	}
	check := func(stage string, want []uint64) {
		t.Helper()
		if got := r.pendingIndex(); !sameSeqs(got, want) {
			t.Fatalf("%s: index %v, want %v", stage, got, want)
		}
		for _, c := range []struct {
			asset uint32
			want  []uint64
		}{{0, want}, {1234, want}, {999, nil}} {
			ps, err := r.w.Pending(c.asset)
			if err != nil {
				t.Fatalf("%s: Pending(%d): %v", stage, c.asset, err)
			}
			if got := seqsOf(ps); !sameSeqs(got, c.want) {
				t.Fatalf("%s: Pending(%d) = %v, want %v", stage, c.asset, got, c.want)
			}
			for _, p := range ps {
				if p.State != StatePending || p.Cents != 20_00 {
					t.Fatalf("%s: pending transfer %+v", stage, p)
				}
			}
		}
	}
	check("one done, one pending", []uint64{2})

	// A bbolt database from before the index: the bucket is rebuilt from the
	// journal. (PostgreSQL's index is the journal's partial index.)
	if !r.st.OnPostgres() {
		r.st.Close()
		bdb, err := bolt.Open(r.path, 0o600, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := bdb.Update(func(tx *bolt.Tx) error { return tx.DeleteBucket(bucketPending) }); err != nil {
			t.Fatal(err)
		}
		if err := bdb.Close(); err != nil {
			t.Fatal(err)
		}
		r.open()
		check("rebuilt at open", []uint64{2})
	}

	if left, err := r.w.Recover(ctx); left != 0 || err != nil {
		t.Fatalf("recover: %d left, %v", left, err)
	}
	check("resolved", nil)
	r.crash()
	check("resolved, reopened", nil)
	if r.balance("alice") != 470_00 {
		t.Fatalf("alice %d, want 470_00", r.balance("alice"))
	}
}
