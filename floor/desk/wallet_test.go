package desk

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"egm/floor"
	"egm/floor/pgtest"
	"egm/machine"
	"egm/machine/machinetest"
	"egm/wallet"
)

type walletRig struct {
	t     *testing.T
	path  string
	st    *floor.Store
	w     *Wallet
	clock *machinetest.Clock
	mach  *aftMachine
}

// dbFunc gives a test a new floor database of one kind: its --db.
type dbFunc func(t *testing.T) string

// boltDB is a bbolt file in the test's temporary directory.
func boltDB(t *testing.T) string { return filepath.Join(t.TempDir(), "floor.db") }

// pgDB is a PostgreSQL schema of the test's own (skipped, loudly, without
// EGM_TEST_POSTGRES: floor/pgtest).
func pgDB(t *testing.T) string { return pgtest.URL(t) }

// onBackends runs test on the wallet's two backends: bbolt and PostgreSQL.
func onBackends(t *testing.T, test func(t *testing.T, db dbFunc)) {
	for _, b := range []struct {
		name string
		db   dbFunc
	}{{"bbolt", boltDB}, {"postgres", pgDB}} {
		t.Run(b.name, func(t *testing.T) { test(t, b.db) })
	}
}

func newWalletRig(t *testing.T) *walletRig { return newWalletRigOn(t, boltDB) }

// newWalletRigOn is the rig on a new database of db's kind.
func newWalletRigOn(t *testing.T, db dbFunc) *walletRig {
	t.Helper()
	r := &walletRig{t: t, path: db(t), clock: machinetest.ClockAt(time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC))}
	r.mach = newAFTMachine(t, r.clock)
	r.open()
	if err := r.w.RegisterMachine(1234, "EGM-1234", r.mach.pub()); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"alice", "bob"} {
		if err := r.w.CreateAccount(p); err != nil {
			t.Fatal(err)
		}
		if err := r.w.Fund(p, 500_00); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

// open opens the floor database and the wallet on it (again after a crash).
func (r *walletRig) open() {
	r.t.Helper()
	st, err := floor.OpenDB(r.path, floor.DBOptions{})
	if err != nil {
		r.t.Fatal(err)
	}
	w, err := OpenWallet(st, r.mach, WalletOptions{Now: r.clock.Now})
	if err != nil {
		r.t.Fatal(err)
	}
	r.st, r.w = st, w
	r.t.Cleanup(func() { st.Close() })
}

// crash drops the floor as a kill would (bbolt keeps only committed transactions)
// and opens it again.
func (r *walletRig) crash() {
	r.t.Helper()
	r.st.Close()
	r.open()
}

func (r *walletRig) balance(p string) int64 {
	r.t.Helper()
	a, err := r.w.Account(p)
	if err != nil {
		r.t.Fatal(err)
	}
	return a.Cents
}

// reconciled checks the books and the machine's meters to the cent, and that the
// players' money is what was funded less the machine's net win.
func (r *walletRig) reconciled() Reconciliation {
	r.t.Helper()
	rec, err := r.w.Reconcile([]MachineMoney{r.mach.money()})
	if err != nil {
		r.t.Fatal(err)
	}
	if !rec.OK {
		r.t.Fatalf("not reconciled: %v", rec.Problems)
	}
	if rec.Pending == 0 && rec.Wallets+rec.Credits != rec.Funded-rec.Played {
		r.t.Fatalf("wallets %d + credits %d != funded %d - played %d", rec.Wallets, rec.Credits, rec.Funded, rec.Played)
	}
	return rec
}

func (r *walletRig) credits() int64 { return r.mach.m.Status().CreditsCents }

func TestWalletCashInPlayCashOut(t *testing.T) { onBackends(t, testWalletCashInPlayCashOut) }

func testWalletCashInPlayCashOut(t *testing.T, db dbFunc) {
	r := newWalletRigOn(t, db)
	ctx := context.Background()
	tr, err := r.w.Scan(ctx, r.mach.issue(wallet.CashIn), "alice", 100_00)
	if err != nil {
		t.Fatal(err)
	}
	if tr.State != StateCommitted || r.credits() != 100_00 || r.balance("alice") != 400_00 {
		t.Fatalf("after cash-in: %+v, credits %d, alice %d", tr, r.credits(), r.balance("alice"))
	}
	r.reconciled()
	// A second cash-in by the same wallet adds to the balance; another wallet may not.
	if _, err := r.w.Scan(ctx, r.mach.issue(wallet.CashIn), "alice", 20_00); err != nil {
		t.Fatal(err)
	}
	if _, err := r.w.Scan(ctx, r.mach.issue(wallet.CashIn), "bob", 20_00); !errors.Is(err, ErrNotOwner) {
		t.Fatalf("bob's cash-in onto alice's balance: %v", err)
	}
	if r.balance("bob") != 500_00 {
		t.Fatalf("bob's refused cash-in cost him: %d", r.balance("bob"))
	}
	r.mach.play(25)
	r.reconciled()
	left := r.credits()
	if err := r.mach.m.Handle(machine.Input{Kind: machine.InCashout}); err != nil {
		t.Fatal(err)
	}
	code := r.mach.issue(wallet.CashOut)
	// R-CASH-3: bob scanning alice's cash-out code is refused.
	if _, err := r.w.Scan(ctx, code, "bob", 0); !errors.Is(err, ErrNotOwner) {
		t.Fatalf("bob's scan of alice's cash-out: %v", err)
	}
	// The refusal did not spend the code: alice's scan pays out.
	tr, err = r.w.Scan(ctx, code, "alice", 0)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Cents != left || r.credits() != 0 || r.balance("alice") != 380_00+left {
		t.Fatalf("cash-out %+v: credits %d, alice %d, want %d", tr, r.credits(), r.balance("alice"), 380_00+left)
	}
	rec := r.reconciled()
	if rec.OnMachines != 120_00-left || rec.Played != 120_00-left {
		t.Fatalf("reconciliation %+v", rec)
	}
	// Now bob may put money on the empty machine.
	if _, err := r.w.Scan(ctx, r.mach.issue(wallet.CashIn), "bob", 20_00); err != nil {
		t.Fatal(err)
	}
	r.reconciled()
}

// TestWalletRefusals: every refused code moves nothing and leaves a clear message in
// the wallet's event log.
func TestWalletRefusals(t *testing.T) { onBackends(t, testWalletRefusals) }

func testWalletRefusals(t *testing.T, db dbFunc) {
	r := newWalletRigOn(t, db)
	ctx := context.Background()
	_, otherKey, _ := ed25519.GenerateKey(rand.Reader)
	sign := func(k ed25519.PrivateKey, p wallet.Payload) string {
		s, err := wallet.Sign(k, p)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	good := wallet.Payload{Asset: 1234, Machine: "EGM-1234", Kind: wallet.CashIn, Code: "CODE000000000000001", Expiry: r.clock.Now().Add(time.Minute)}
	expired := good
	expired.Expiry = r.clock.Now().Add(-time.Second)
	otherMachine := good
	otherMachine.Asset = 999
	otherID := good
	otherID.Machine = "EGM-9999"
	used := r.mach.issue(wallet.CashIn)
	if _, err := r.w.Scan(ctx, used, "alice", 10_00); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		text   string
		player string
		cents  int64
		want   error
		words  string
	}{
		{"forged", sign(otherKey, good), "alice", 10_00, wallet.ErrForged, "forged"},
		{"expired", sign(r.mach.key, expired), "alice", 10_00, wallet.ErrExpired, "expired"},
		{"replayed", used, "alice", 10_00, ErrReplayed, "already used"},
		{"foreign machine (not registered)", sign(r.mach.key, otherMachine), "alice", 10_00, wallet.ErrForeignMachine, "not registered"},
		{"foreign machine (other id)", sign(r.mach.key, otherID), "alice", 10_00, wallet.ErrForeignMachine, "another machine"},
		{"malformed", "EGM1.garbage", "alice", 10_00, wallet.ErrMalformed, "malformed"},
		{"not a payload", "https://example.com", "alice", 10_00, wallet.ErrMalformed, "malformed"},
		{"no account", r.mach.issue(wallet.CashIn), "carol", 10_00, ErrNoAccount, "no such player"},
		{"not enough funds", r.mach.issue(wallet.CashIn), "alice", 1_000_00, ErrFunds, "not enough"},
		{"zero amount", r.mach.issue(wallet.CashIn), "alice", 0, nil, "outside"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := r.reconciled()
			credits := r.credits()
			_, err := r.w.Scan(ctx, c.text, c.player, c.cents)
			if err == nil || c.want != nil && !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.words) {
				t.Fatalf("error %v, want %v (%q)", err, c.want, c.words)
			}
			if !strings.HasPrefix(err.Error(), "floor: ") {
				t.Fatalf("error %q lacks the package prefix", err)
			}
			after := r.reconciled()
			if after.Wallets != before.Wallets || r.credits() != credits {
				t.Fatalf("a refused scan moved money: wallets %d → %d, credits %d → %d", before.Wallets, after.Wallets, credits, r.credits())
			}
			ev, _ := r.w.Events()
			last := ev[len(ev)-1]
			if last.Kind != "refused" || last.Message != err.Error() {
				t.Fatalf("last event %+v", last)
			}
		})
	}
}

// TestWalletCrashRecovery: the link lost or the floor killed at each point of a
// transfer; after recovery nothing is lost or made, and no transfer happens twice.
func TestWalletCrashRecovery(t *testing.T) { onBackends(t, testWalletCrashRecovery) }

func testWalletCrashRecovery(t *testing.T, db dbFunc) {
	ctx := context.Background()
	for _, c := range []struct {
		name        string
		loseRequest int
		loseReply   int
		advance     time.Duration // between the crash and the recovery
		wantDone    bool
	}{
		{"reply lost: the machine has it", 0, 1, 0, true},
		{"reply lost, code expired since: still done", 0, 1, time.Hour, true},
		{"request lost: done on recovery", 1, 0, 0, true},
		{"request lost, code expired: refused and refunded", 1, 0, time.Hour, false},
		{"request and resend lost, then done", 2, 0, 0, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newWalletRigOn(t, db)
			r.mach.loseRequest, r.mach.loseReply = c.loseRequest, c.loseReply
			_, err := r.w.Scan(ctx, r.mach.issue(wallet.CashIn), "alice", 50_00)
			if !errors.Is(err, ErrTransferState) {
				t.Fatalf("scan: %v", err)
			}
			if r.balance("alice") != 450_00 {
				t.Fatalf("pending: alice %d", r.balance("alice"))
			}
			if rec := r.reconciled(); rec.InFlight != 50_00 || rec.Pending != 1 {
				t.Fatalf("in flight %+v", rec)
			}
			r.crash()
			r.clock.Add(c.advance)
			// While the outcome is unknown, a new scan on that machine is refused.
			for {
				left, err := r.w.Recover(ctx)
				if left == 0 && err != nil || left > 0 && !errors.Is(err, ErrTransferState) {
					t.Fatalf("recover: %d left, %v", left, err)
				}
				if left == 0 {
					break
				}
				if _, err := r.w.Scan(ctx, r.mach.issue(wallet.CashIn), "bob", 1_00); !errors.Is(err, ErrUnresolved) && !errors.Is(err, ErrNotOwner) {
					t.Fatalf("scan while unresolved: %v", err)
				}
			}
			rec := r.reconciled()
			if rec.Pending != 0 {
				t.Fatalf("pending after recovery: %+v", rec)
			}
			wantCredits := int64(0)
			if c.wantDone {
				wantCredits = 50_00
			}
			if got := r.mach.money().In; got != wantCredits {
				t.Fatalf("the machine metered %d in, want %d", got, wantCredits)
			}
			if r.balance("alice") != 500_00-wantCredits {
				t.Fatalf("alice %d", r.balance("alice"))
			}
		})
	}
}

func TestWalletIdleCashout(t *testing.T) { onBackends(t, testWalletIdleCashout) }

func testWalletIdleCashout(t *testing.T, db dbFunc) {
	r := newWalletRigOn(t, db)
	ctx := context.Background()
	if _, err := r.w.Scan(ctx, r.mach.issue(wallet.CashIn), "bob", 30_00); err != nil {
		t.Fatal(err)
	}
	r.mach.play(3)
	r.clock.Add(16 * time.Minute)
	if err := r.mach.m.Handle(machine.Input{Kind: machine.InTick}); err != nil {
		t.Fatal(err)
	}
	r.mach.issue(wallet.CashOut) // the machine's own cash-out code, named by its 6A
	code, cents := r.mach.liveCashoutCode()
	if code == "" || cents != r.credits() {
		t.Fatalf("no idle cash-out code (%q, %d, credits %d)", code, cents, r.credits())
	}
	tr, err := r.w.IdleCashout(ctx, 1234, code, cents)
	if err != nil {
		t.Fatal(err)
	}
	if !tr.Idle || tr.Player != "bob" || r.credits() != 0 || r.balance("bob") != 470_00+cents {
		t.Fatalf("idle cash-out %+v: credits %d, bob %d", tr, r.credits(), r.balance("bob"))
	}
	r.reconciled()
	// Replaying the idle cash-out's code is refused.
	if _, err := r.w.IdleCashout(ctx, 1234, code, cents); err == nil {
		t.Fatal("second idle cash-out accepted")
	}
}

func TestWalletIdleCashoutWithoutOwner(t *testing.T) {
	onBackends(t, testWalletIdleCashoutWithoutOwner)
}

func testWalletIdleCashoutWithoutOwner(t *testing.T, db dbFunc) {
	r := newWalletRigOn(t, db)
	_, err := r.w.IdleCashout(context.Background(), 1234, "C0DE", 10_00)
	if err == nil || !strings.Contains(err.Error(), "no wallet is known") {
		t.Fatalf("error %v", err)
	}
}

// TestReconcileFindsMismatch: meters that disagree with the books are reported.
func TestReconcileFindsMismatch(t *testing.T) { onBackends(t, testReconcileFindsMismatch) }

func testReconcileFindsMismatch(t *testing.T, db dbFunc) {
	r := newWalletRigOn(t, db)
	if _, err := r.w.Scan(context.Background(), r.mach.issue(wallet.CashIn), "alice", 10_00); err != nil {
		t.Fatal(err)
	}
	m := r.mach.money()
	m.In += 1 // one cent the wallet never sent
	rec, err := r.w.Reconcile([]MachineMoney{m, {Asset: 77}})
	if err != nil {
		t.Fatal(err)
	}
	if rec.OK || len(rec.Problems) != 2 {
		t.Fatalf("reconciliation %+v", rec)
	}
}

func TestWalletAccounts(t *testing.T) { onBackends(t, testWalletAccounts) }

func testWalletAccounts(t *testing.T, db dbFunc) {
	r := newWalletRigOn(t, db)
	if err := r.w.CreateAccount("bad player"); err == nil {
		t.Fatal("a player id with a space accepted")
	}
	if err := r.w.Fund("nobody", 1); !errors.Is(err, ErrNoAccount) {
		t.Fatalf("fund of a missing account: %v", err)
	}
	if err := r.w.Fund("alice", -1); err == nil {
		t.Fatal("negative funding accepted")
	}
	if err := r.w.RegisterMachine(1, "EGM-1", "ed25519:short"); err == nil {
		t.Fatal("bad public key accepted")
	}
	as, _ := r.w.Accounts()
	if len(as) != 2 {
		t.Fatalf("accounts %+v", as)
	}
}

func TestWalletWithoutAFTLink(t *testing.T) { onBackends(t, testWalletWithoutAFTLink) }

func testWalletWithoutAFTLink(t *testing.T, db dbFunc) {
	r := newWalletRigOn(t, db)
	r.w.SetTransferer(nil)
	_, err := r.w.Scan(context.Background(), r.mach.issue(wallet.CashIn), "alice", 10_00)
	if err == nil || !strings.Contains(err.Error(), "no AFT link") {
		t.Fatalf("error %v", err)
	}
	if r.balance("alice") != 500_00 {
		t.Fatal("money moved without a link")
	}
	if p, _ := r.w.Pending(0); len(p) != 0 {
		t.Fatalf("pending %+v", p)
	}
}

func TestWalletAFTKey(t *testing.T) { onBackends(t, testWalletAFTKey) }

func testWalletAFTKey(t *testing.T, db dbFunc) {
	r := newWalletRigOn(t, db)
	k1, err := r.w.AFTKey(1234)
	if err != nil || k1 == ([20]byte{}) {
		t.Fatalf("key %x %v", k1, err)
	}
	// Registering again (a new public key) keeps the AFT key.
	if err := r.w.RegisterMachine(1234, "EGM-1234", r.mach.pub()); err != nil {
		t.Fatal(err)
	}
	if k2, _ := r.w.AFTKey(1234); k2 != k1 {
		t.Fatal("the AFT key changed")
	}
	if _, err := r.w.AFTKey(99); !errors.Is(err, wallet.ErrForeignMachine) {
		t.Fatalf("unknown asset: %v", err)
	}
}

// TestWalletOwnerGone: another wallet may pay in only once the owner's balance is
// gone from the machine (played away); the balance then belongs to the new wallet.
func TestWalletOwnerGone(t *testing.T) { onBackends(t, testWalletOwnerGone) }

func testWalletOwnerGone(t *testing.T, db dbFunc) {
	r := newWalletRigOn(t, db)
	ctx := context.Background()
	if _, err := r.w.Scan(ctx, r.mach.issue(wallet.CashIn), "alice", 10_00); err != nil {
		t.Fatal(err)
	}
	if _, err := r.w.Scan(ctx, r.mach.issue(wallet.CashIn), "bob", 10_00); !errors.Is(err, ErrNotOwner) {
		t.Fatalf("bob onto alice's balance: %v", err)
	}
	zero := int64(0)
	r.mach.mu.Lock()
	r.mach.credits = &zero // as if alice had played it all away
	r.mach.mu.Unlock()
	if _, err := r.w.Scan(ctx, r.mach.issue(wallet.CashIn), "bob", 10_00); err != nil {
		t.Fatalf("bob on an empty machine: %v", err)
	}
	ms, _ := r.w.Machines()
	if ms[0].Owner != "bob" {
		t.Fatalf("owner %q", ms[0].Owner)
	}
}
