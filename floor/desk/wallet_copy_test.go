package desk

import (
	"context"
	"errors"
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
		c, err := CopyWallet(dst, r.st)
		if err != nil {
			t.Fatal(err)
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
