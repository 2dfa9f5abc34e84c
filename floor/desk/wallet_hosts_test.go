package desk

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"egm/floor"
	"egm/floor/pgtest"
	"egm/machine"
	"egm/wallet"
)

// TestWalletTwoHostsOneCode: two floor processes on one PostgreSQL database (two
// stores, two pools, two wallets) and one machine registered once. Each round one
// cash-in code, then one cash-out code, is scanned on both hosts at once: exactly
// one scan pays, the other is refused as already used (ErrReplayed), the account
// and the journal show one movement, and the books reconcile on both hosts.
func TestWalletTwoHostsOneCode(t *testing.T) {
	r, w2 := twoHosts(t)
	hosts := []*Wallet{r.w, w2}
	ctx := context.Background()
	const rounds, cents = 50, 7_00

	// both scans qr on both hosts at once and returns the one that paid.
	both := func(round int, what, qr string, cents int64) Transfer {
		t.Helper()
		start := make(chan struct{})
		var wg sync.WaitGroup
		trs := make([]Transfer, len(hosts))
		errs := make([]error, len(hosts))
		for i, w := range hosts {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				trs[i], errs[i] = w.Scan(ctx, qr, "alice", cents)
			}()
		}
		close(start)
		wg.Wait()
		paid := -1
		for i, err := range errs {
			switch {
			case err == nil:
				if paid >= 0 {
					t.Fatalf("round %d: the %s code paid on both hosts: %+v, %+v", round, what, trs[paid], trs[i])
				}
				paid = i
			case !errors.Is(err, ErrReplayed):
				t.Fatalf("round %d: %s on host %d: %v, want the paying scan or %v", round, what, i+1, err, ErrReplayed)
			case !strings.Contains(err.Error(), "already used"):
				t.Fatalf("round %d: the refusal says %q", round, err)
			}
		}
		if paid < 0 {
			t.Fatalf("round %d: the %s code paid on neither host: %v", round, what, errs)
		}
		if trs[paid].State != StateCommitted {
			t.Fatalf("round %d: %s %+v", round, what, trs[paid])
		}
		return trs[paid]
	}

	start := r.balance("alice")
	for round := 1; round <= rounds; round++ {
		in := both(round, "cash-in", r.mach.issue(wallet.CashIn), cents)
		if in.Cents != cents || r.credits() != cents || r.balance("alice") != start-cents {
			t.Fatalf("round %d: cash-in %+v, credits %d, alice %d, want %d", round, in, r.credits(), r.balance("alice"), start-cents)
		}
		if err := r.mach.m.Handle(machine.Input{Kind: machine.InCashout}); err != nil {
			t.Fatal(err)
		}
		out := both(round, "cash-out", r.mach.issue(wallet.CashOut), 0)
		if out.Cents != cents || r.credits() != 0 || r.balance("alice") != start {
			t.Fatalf("round %d: cash-out %+v, credits %d, alice %d, want %d", round, out, r.credits(), r.balance("alice"), start)
		}
	}

	j, err := w2.Journal()
	if err != nil {
		t.Fatal(err)
	}
	codes := map[string]bool{}
	for _, tr := range j {
		if tr.State != StateCommitted || codes[tr.Code] {
			t.Fatalf("journal entry %+v (code seen before: %v)", tr, codes[tr.Code])
		}
		codes[tr.Code] = true
	}
	if len(j) != 2*rounds {
		t.Fatalf("journal: %d transfers, want %d", len(j), 2*rounds)
	}
	for i, w := range hosts {
		rec, err := w.Reconcile([]MachineMoney{r.mach.money()})
		if err != nil || !rec.OK || rec.Pending != 0 || rec.Wallets != rec.Funded || rec.OnMachines != 0 {
			t.Fatalf("host %d: reconciliation %+v (%v)", i+1, rec, err)
		}
	}
	ev, err := r.w.Events()
	if err != nil {
		t.Fatal(err)
	}
	refused := 0
	for _, e := range ev {
		if e.Kind == "refused" && strings.Contains(e.Message, "already used") {
			refused++
		}
	}
	if refused != 2*rounds {
		t.Fatalf("%d refusals as already used in the event log, want %d", refused, 2*rounds)
	}
}

// twoHosts is the rig on a PostgreSQL schema of the test's own and a second
// floor host on it: its own store (its own pool) and wallet, the same machine.
func twoHosts(t *testing.T) (*walletRig, *Wallet) {
	u := pgtest.URL(t)
	r := newWalletRigOn(t, func(*testing.T) string { return u })
	st2, err := floor.OpenDB(u, floor.DBOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st2.Close() })
	w2, err := OpenWallet(st2, r.mach, WalletOptions{Now: r.clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	return r, w2
}

// TestWalletTwoHostsRecoverOnce: a transfer left pending (the machine's reply
// lost) is recovered by both hosts at once, many times over: it is resolved
// once, the money moved once, and the books reconcile.
func TestWalletTwoHostsRecoverOnce(t *testing.T) {
	r, w2 := twoHosts(t)
	hosts := []*Wallet{r.w, w2}
	ctx := context.Background()
	const rounds, cents = 20, 3_00
	start := r.balance("alice")
	for round := 1; round <= rounds; round++ {
		r.mach.mu.Lock()
		r.mach.loseReply = 1
		r.mach.mu.Unlock()
		if _, err := r.w.Scan(ctx, r.mach.issue(wallet.CashIn), "alice", cents); !errors.Is(err, ErrTransferState) {
			t.Fatalf("round %d: scan with the reply lost: %v", round, err)
		}
		begin := make(chan struct{})
		var wg sync.WaitGroup
		lefts := make([]int, len(hosts))
		errs := make([]error, len(hosts))
		for i, w := range hosts {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-begin
				lefts[i], errs[i] = w.Recover(ctx)
			}()
		}
		close(begin)
		wg.Wait()
		for i := range hosts {
			if lefts[i] != 0 || errs[i] != nil {
				t.Fatalf("round %d: host %d's recovery: %d left, %v", round, i+1, lefts[i], errs[i])
			}
		}
		if want := start - int64(round)*cents; r.balance("alice") != want || r.credits() != int64(round)*cents {
			t.Fatalf("round %d: alice %d, want %d; credits %d", round, r.balance("alice"), want, r.credits())
		}
	}
	ev, err := w2.Events()
	if err != nil {
		t.Fatal(err)
	}
	cashIns := 0
	for _, e := range ev {
		if e.Kind == "cash_in" {
			cashIns++
		}
	}
	if cashIns != rounds {
		t.Fatalf("%d cash-ins in the event log, want %d", cashIns, rounds)
	}
	r.reconciled()
}
