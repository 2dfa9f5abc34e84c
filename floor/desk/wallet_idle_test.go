package desk

import (
	"context"
	"errors"
	"strings"
	"testing"

	"egm/wallet"
)

// TestWalletIdleReturn: the floor's answer to 6A. With no known owner nothing is
// tried; with no balance nothing is journaled; a machine that refuses the host's
// id (a player's CASH OUT) leaves a refused journal entry and the balance where it
// is, and the books balance.
func TestWalletIdleReturn(t *testing.T) { onBackends(t, testWalletIdleReturn) }

func testWalletIdleReturn(t *testing.T, db dbFunc) {
	r := newWalletRigOn(t, db)
	ctx := context.Background()
	if _, err := r.w.IdleReturn(ctx, 1234); err == nil || !strings.Contains(err.Error(), "no wallet is known") {
		t.Fatalf("no owner: %v", err)
	}
	if _, err := r.w.IdleReturn(ctx, 99); !errors.Is(err, wallet.ErrForeignMachine) {
		t.Fatalf("unknown machine: %v", err)
	}
	if _, err := r.w.Scan(ctx, r.mach.issue(wallet.CashIn), "bob", 30_00); err != nil {
		t.Fatal(err)
	}
	zero := int64(0)
	r.mach.credits = &zero
	if _, err := r.w.IdleReturn(ctx, 1234); !errors.Is(err, ErrNothingToReturn) {
		t.Fatalf("no balance: %v", err)
	}
	r.mach.credits = nil
	j0, _ := r.w.Journal()
	tr, err := r.w.IdleReturn(ctx, 1234)
	if err == nil || tr.State != StateRefused || !tr.Idle || tr.Player != "bob" || !strings.HasPrefix(tr.Code, "H") || len(tr.Code) != 20 {
		t.Fatalf("refused idle return: %+v %v", tr, err)
	}
	if j, _ := r.w.Journal(); len(j) != len(j0)+1 || r.credits() != 30_00 || r.balance("bob") != 470_00 {
		t.Fatalf("journal %d → %d, credits %d, bob %d", len(j0), len(j), r.credits(), r.balance("bob"))
	}
	r.reconciled()
	if left, err := r.w.RecoverMachine(ctx, 1234); left != 0 || err != nil {
		t.Fatalf("recover: %d %v", left, err)
	}
}
