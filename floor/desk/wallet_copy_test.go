package desk

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"egm/floor"
	"egm/machine"
	"egm/wallet"
)

// TestCopyWallet: a bbolt floor's wallet — two players' accounts, a machine and
// its AFT key, a cash-in, play and a cash-out, a transfer left pending, a
// restricted player and a lifted restriction — copied into an empty database
// (PostgreSQL, and another bbolt file) reads back the same; on the copy a used
// code scanned again is a replay, the pending transfer is still pending (and
// resolved there by the next scan), the register still bars its player, and a
// second copy is refused.
func TestCopyWallet(t *testing.T) {
	onBackends(t, func(t *testing.T, db dbFunc) {
		ctx := context.Background()
		r := newWalletRigOn(t, boltDB)
		in := r.mach.issue(wallet.CashIn)
		if _, err := r.w.Scan(ctx, in, "alice", 100_00); err != nil {
			t.Fatal(err)
		}
		r.mach.play(10)
		if err := r.mach.m.Handle(machine.Input{Kind: machine.InCashout}); err != nil {
			t.Fatal(err)
		}
		if _, err := r.w.Scan(ctx, r.mach.issue(wallet.CashOut), "alice", 0); err != nil {
			t.Fatal(err)
		}
		if err := r.w.CreateAccount("carol"); err != nil {
			t.Fatal(err)
		}
		barred := mustRestrict(t, r.w, RestrictRequest{Player: "carol", Kind: KindSelfExclusion, Months: 6, By: "desk clerk 4", Why: "written application no. 17"})
		lifted := mustRestrict(t, r.w, RestrictRequest{Player: "bob", Kind: KindStaff, Days: 2, By: "pit boss 7", Why: "a warning"})
		if _, err := r.w.Lift(LiftRequest{ID: lifted.ID, By: "manager 1", Why: "settled"}); err != nil {
			t.Fatal(err)
		}
		r.mach.loseReply = 1
		if _, err := r.w.Scan(ctx, r.mach.issue(wallet.CashIn), "bob", 30_00); !errors.Is(err, ErrTransferState) {
			t.Fatalf("a cash-in whose reply is lost: %v", err)
		}

		dst, err := floor.OpenDB(db(t), floor.DBOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer dst.Close()
		if err := CheckWalletEmpty(dst); err != nil {
			t.Fatalf("a new database's wallet: %v", err)
		}
		c, err := CopyWallet(dst, r.st)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckWalletEmpty(dst); !errors.Is(err, floor.ErrNotEmpty) || !strings.Contains(err.Error(), "3 accounts") {
			t.Fatalf("the copy's wallet checked empty: %v", err)
		}
		if c.Accounts != 3 || c.Machines != 1 || c.Transfers != 3 || c.Pending != 1 || c.Restrictions != 2 || c.Codes != 3 ||
			c.BalanceCents != r.balance("alice")+r.balance("bob")+r.balance("carol") || c.FundedCents != 1_000_00 {
			t.Fatalf("copied %+v", c)
		}
		w, err := OpenWallet(dst, r.mach, WalletOptions{Now: r.clock.Now})
		if err != nil {
			t.Fatal(err)
		}
		if p, _ := w.Pending(0); len(p) != 1 || p[0].Player != "bob" || p[0].Cents != 30_00 {
			t.Fatalf("pending on the copy: %+v", p)
		}
		if _, err := w.Scan(ctx, in, "alice", 100_00); !errors.Is(err, ErrReplayed) {
			t.Fatalf("the used cash-in code scanned on the copy: %v", err)
		}
		if _, err := w.Scan(ctx, r.mach.issue(wallet.CashIn), "carol", 10_00); !errors.Is(err, ErrRestricted) {
			t.Fatalf("the excluded player's cash-in on the copy: %v", err)
		}
		reg, err := w.Restrictions("", true)
		if err != nil || len(reg) != 2 || reg[0].ID != barred.ID || reg[1].Lifted.IsZero() {
			t.Fatalf("register on the copy: %+v %v", reg, err)
		}
		if _, err := CopyWallet(dst, r.st); !errors.Is(err, floor.ErrNotEmpty) {
			t.Fatalf("a second copy: %v", err)
		}
	})
}

// TestCopyWalletKeepsNumbers: a PostgreSQL wallet whose journal and register
// skip numbers (a rolled-back transaction spends one) copies into bbolt and
// into PostgreSQL with every transfer's number and every register entry's id
// kept; the copy numbers its next transfer and entry after the highest.
func TestCopyWalletKeepsNumbers(t *testing.T) {
	for _, d := range []struct {
		name string
		db   dbFunc
	}{{"postgres→bbolt", boltDB}, {"postgres→postgres", pgDB}} {
		t.Run(d.name, func(t *testing.T) {
			ctx := context.Background()
			r := newWalletRigOn(t, pgDB)
			if _, err := r.w.Scan(ctx, r.mach.issue(wallet.CashIn), "alice", 20_00); err != nil {
				t.Fatal(err)
			}
			mustRestrict(t, r.w, RestrictRequest{Player: "carol", Kind: KindStaff, Days: 2, By: "pit boss 7", Why: "a warning"})
			rollback := errors.New("rolled back")
			err := r.w.db.update(func(tx walletTx) error {
				if _, err := tx.appendTransfer(Transfer{Dir: DirIn, Asset: 1234, Code: "never", Player: "alice", Cents: 1, State: StateCommitted, Created: r.clock.Now()}); err != nil {
					return err
				}
				if _, err := tx.addRestriction(Restriction{Player: "carol", Kind: KindStaff, From: r.clock.Now(), By: "nobody", Why: "rolled back"}); err != nil {
					return err
				}
				return rollback
			})
			if !errors.Is(err, rollback) {
				t.Fatalf("the rolled-back transaction: %v", err)
			}
			r.mach.loseReply = 1
			if _, err := r.w.Scan(ctx, r.mach.issue(wallet.CashIn), "alice", 30_00); !errors.Is(err, ErrTransferState) {
				t.Fatalf("a cash-in whose reply is lost: %v", err)
			}
			mustRestrict(t, r.w, RestrictRequest{Player: "dave", Kind: KindSelfExclusion, Months: 6, By: "desk clerk 4", Why: "written application no. 18"})
			wantSeqs, wantIDs := numbers(t, r.w)
			if !slices.Equal(wantSeqs, []uint64{1, 3}) || !slices.Equal(wantIDs, []uint64{1, 3}) {
				t.Fatalf("the source's numbers: journal %v, register %v: want gaps at 2", wantSeqs, wantIDs)
			}

			dst, err := floor.OpenDB(d.db(t), floor.DBOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer dst.Close()
			c, err := CopyWallet(dst, r.st)
			if err != nil {
				t.Fatal(err)
			}
			if c.Transfers != 2 || c.Pending != 1 || c.Restrictions != 2 {
				t.Fatalf("copied %+v", c)
			}
			w, err := OpenWallet(dst, r.mach, WalletOptions{Now: r.clock.Now})
			if err != nil {
				t.Fatal(err)
			}
			if seqs, ids := numbers(t, w); !slices.Equal(seqs, wantSeqs) || !slices.Equal(ids, wantIDs) {
				t.Fatalf("the copy's numbers: journal %v, register %v; want %v, %v", seqs, ids, wantSeqs, wantIDs)
			}
			if p, err := w.Pending(0); err != nil || len(p) != 1 || p[0].Seq != 3 || p[0].Player != "alice" {
				t.Fatalf("pending on the copy: %+v %v", p, err)
			}
			// The next numbers follow the highest.
			if x := mustRestrict(t, w, RestrictRequest{Player: "erin", Kind: KindStaff, Days: 1, By: "pit boss 7", Why: "a second warning"}); x.ID != 4 {
				t.Fatalf("the copy's next register entry: id %d, want 4", x.ID)
			}
			var seq uint64
			if err := w.db.update(func(tx walletTx) (err error) {
				seq, err = tx.appendTransfer(Transfer{Dir: DirIn, Asset: 1234, Code: "next", Player: "alice", Cents: 1, State: StateRefused, Created: r.clock.Now()})
				return err
			}); err != nil || seq != 4 {
				t.Fatalf("the copy's next transfer: seq %d %v, want 4", seq, err)
			}
		})
	}
}

// numbers are the journal's transfer numbers and the register's ids of w.
func numbers(t *testing.T, w *Wallet) (seqs, ids []uint64) {
	t.Helper()
	err := w.view(func(tx walletTx) error {
		j, err := tx.journal()
		if err != nil {
			return err
		}
		reg, err := tx.restrictions("")
		if err != nil {
			return err
		}
		seqs, ids = nil, nil
		for _, x := range j {
			seqs = append(seqs, x.Seq)
		}
		for _, x := range reg {
			ids = append(ids, x.ID)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return seqs, ids
}

// TestCopyWalletNeverUsed: a floor that never opened its wallet copies as an
// empty wallet (nothing counted), into either kind, and leaves the destination
// empty.
func TestCopyWalletNeverUsed(t *testing.T) {
	for _, d := range []struct {
		name     string
		src, dst dbFunc
	}{{"bbolt→postgres", boltDB, pgDB}, {"postgres→bbolt", pgDB, boltDB}} {
		t.Run(d.name, func(t *testing.T) {
			src, err := floor.OpenDB(d.src(t), floor.DBOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer src.Close()
			dst, err := floor.OpenDB(d.dst(t), floor.DBOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer dst.Close()
			if c, err := CopyWallet(dst, src); err != nil || c != (WalletCopied{}) {
				t.Fatalf("copied %+v %v, want nothing", c, err)
			}
			if err := CheckWalletEmpty(dst); err != nil {
				t.Fatalf("the destination after copying nothing: %v", err)
			}
		})
	}
}
