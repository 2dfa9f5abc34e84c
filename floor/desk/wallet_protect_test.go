package desk

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"egm/machine"
	"egm/wallet"
)

// declines records the codes the wallet declined at the machine (Decliner).
var declines = map[*aftMachine][]string{}

// Decline implements Decliner for the test machine: the code is spent.
func (a *aftMachine) Decline(_ context.Context, asset uint32, code string) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if asset != a.cfg.AssetNumber {
		return errors.New("not this machine")
	}
	delete(a.live, code)
	declines[a] = append(declines[a], code)
	return nil
}

func mustRestrict(t *testing.T, w *Wallet, req RestrictRequest) Restriction {
	t.Helper()
	r, err := w.Restrict(req)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// lastEvent is the wallet's newest event.
func lastEvent(t *testing.T, w *Wallet) WalletEvent {
	t.Helper()
	ev, err := w.Events()
	if err != nil || len(ev) == 0 {
		t.Fatalf("events: %v %d", err, len(ev))
	}
	return ev[len(ev)-1]
}

// TestPlayerProtectionRefusesCashIn (R-PLAYER-1, R-PLAYER-2): a player on the
// self-exclusion register, restricted by a court, restricted by staff, or under
// 21 by the account's date of birth is refused at cash-in before any money moves:
// nothing journaled, the account untouched, the machine's code declined, and the
// reason in the wallet's log.
func TestPlayerProtectionRefusesCashIn(t *testing.T) {
	onBackends(t, testPlayerProtectionRefusesCashIn)
}

func testPlayerProtectionRefusesCashIn(t *testing.T, db dbFunc) {
	cases := []struct {
		name   string
		setup  func(t *testing.T, w *Wallet)
		reason string // in the logged event and the error
	}{
		{"self-exclusion", func(t *testing.T, w *Wallet) {
			mustRestrict(t, w, RestrictRequest{Player: "alice", Kind: KindSelfExclusion, Months: 6, By: "desk clerk 4", Why: "written application no. 17"})
		}, "self-exclusion register until 2027-05-30"},
		{"court", func(t *testing.T, w *Wallet) {
			mustRestrict(t, w, RestrictRequest{Player: "alice", Kind: KindCourt, By: "manager 1", Why: "Harju court decision 2-26-100"})
		}, "restricted by a court, until lifted"},
		{"staff", func(t *testing.T, w *Wallet) {
			mustRestrict(t, w, RestrictRequest{Player: "alice", Kind: KindStaff, Days: 2, By: "pit boss 7", Why: "broke the house rules twice"})
		}, "restricted by staff until 2026-12-02"},
		{"under 21", func(t *testing.T, w *Wallet) {
			if _, err := w.SetBirthDate("alice", "2005-12-01"); err != nil { // 21 tomorrow
				t.Fatal(err)
			}
		}, "under 21"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newWalletRigOn(t, db)
			c.setup(t, r.w)
			j0, _ := r.w.Journal()
			code := r.mach.issue(wallet.CashIn)
			_, err := r.w.Scan(context.Background(), code, "alice", 50_00)
			if !errors.Is(err, ErrRestricted) || !strings.Contains(err.Error(), c.reason) {
				t.Fatalf("cash-in: %v, want %q", err, c.reason)
			}
			if j, _ := r.w.Journal(); len(j) != len(j0) || r.balance("alice") != 500_00 || r.credits() != 0 {
				t.Fatalf("money moved: journal %d→%d, alice %d, credits %d", len(j0), len(j), r.balance("alice"), r.credits())
			}
			e := lastEvent(t, r.w)
			if e.Kind != "restricted" || e.Player != "alice" || !strings.Contains(e.Message, "refused before any money moved") ||
				!strings.Contains(e.Message, "declined its code") {
				t.Fatalf("logged: %+v", e)
			}
			if d := declines[r.mach]; len(d) != 1 {
				t.Fatalf("declines at the machine: %v", d)
			}
			// Another player on the same machine is not affected.
			if _, err := r.w.Scan(context.Background(), r.mach.issue(wallet.CashIn), "bob", 10_00); err != nil {
				t.Fatal(err)
			}
			r.reconciled()
		})
	}
}

// TestPlayerProtectionNeverStrandsMoney: a restriction that starts while the
// player's money is on the machine still lets it cash out to the wallet — by the
// scan of the cash-out code, and by the idle cash-out — and ends by itself: once
// it has expired the player cashes in again with nothing else done.
func TestPlayerProtectionNeverStrandsMoney(t *testing.T) {
	onBackends(t, testPlayerProtectionNeverStrandsMoney)
}

func testPlayerProtectionNeverStrandsMoney(t *testing.T, db dbFunc) {
	cases := []struct {
		name string
		kind RestrictionKind
		idle bool
	}{
		{"staff, cash-out scan", KindStaff, false},
		{"court, cash-out scan", KindCourt, false},
		{"self-exclusion, idle cash-out", KindSelfExclusion, true},
		{"staff, idle cash-out", KindStaff, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newWalletRigOn(t, db)
			ctx := context.Background()
			if _, err := r.w.Scan(ctx, r.mach.issue(wallet.CashIn), "alice", 100_00); err != nil {
				t.Fatal(err)
			}
			r.mach.play(3)
			req := RestrictRequest{Player: "alice", Kind: c.kind, By: "pit boss 7", Why: "started while playing"}
			switch c.kind {
			case KindStaff:
				req.Days = 1
			case KindSelfExclusion:
				req.Months = 6
			}
			res := mustRestrict(t, r.w, req)
			if _, err := r.w.Scan(ctx, r.mach.issue(wallet.CashIn), "alice", 10_00); !errors.Is(err, ErrRestricted) {
				t.Fatalf("a cash-in while restricted: %v", err)
			}
			left := r.credits()
			var tr Transfer
			var err error
			if c.idle {
				r.clock.Add(16 * time.Minute)
				if err := r.mach.m.Handle(machine.Input{Kind: machine.InTick}); err != nil {
					t.Fatal(err)
				}
				r.mach.issue(wallet.CashOut)
				code, cents := r.mach.liveCashoutCode()
				tr, err = r.w.IdleCashout(ctx, 1234, code, cents)
			} else {
				if err := r.mach.m.Handle(machine.Input{Kind: machine.InCashout}); err != nil {
					t.Fatal(err)
				}
				tr, err = r.w.Scan(ctx, r.mach.issue(wallet.CashOut), "alice", 0)
			}
			if err != nil || tr.State != StateCommitted || r.credits() != 0 || r.balance("alice") != 400_00+left {
				t.Fatalf("cash-out while restricted: %+v %v, credits %d, alice %d", tr, err, r.credits(), r.balance("alice"))
			}
			r.reconciled()
			// The restriction ends (its term, or lifted): play resumes, nothing else done.
			if c.kind == KindCourt {
				if _, err := r.w.Lift(LiftRequest{ID: res.ID, By: "manager", Why: "court decision lifting it"}); err != nil {
					t.Fatal(err)
				}
			} else {
				r.clock.Add(res.Until.Sub(r.clock.Now()))
			}
			if _, err := r.w.Scan(ctx, r.mach.issue(wallet.CashIn), "alice", 10_00); err != nil {
				t.Fatalf("cash-in after the restriction ended: %v", err)
			}
			r.reconciled()
		})
	}
}

// TestPlayerProtectionExpiry: each kind ends as the house rules say — a staff
// restriction after its days (or when lifted), a self-exclusion after its months
// and never by lifting, a court's only when lifted, under 21 on the birthday.
func TestPlayerProtectionExpiry(t *testing.T) { onBackends(t, testPlayerProtectionExpiry) }

func testPlayerProtectionExpiry(t *testing.T, db dbFunc) {
	cases := []struct {
		name  string
		req   *RestrictRequest
		born  string
		after time.Duration // still barred just before, free at
		lift  bool          // lifted instead of waiting
	}{
		{"staff 1 day", &RestrictRequest{Kind: KindStaff, Days: 1}, "", 24 * time.Hour, false},
		{"staff 30 days lifted", &RestrictRequest{Kind: KindStaff, Days: 30}, "", 0, true},
		{"self-exclusion 6 months", &RestrictRequest{Kind: KindSelfExclusion, Months: 6}, "", time.Date(2027, 5, 30, 10, 0, 0, 0, time.UTC).Sub(time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)), false},
		{"court lifted", &RestrictRequest{Kind: KindCourt}, "", 0, true},
		{"under 21", nil, "2005-12-01", 14 * time.Hour, false}, // 21 at midnight
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newWalletRigOn(t, db)
			var res Restriction
			if c.req != nil {
				req := *c.req
				req.Player, req.By, req.Why = "alice", "staff 2", "reason"
				res = mustRestrict(t, r.w, req)
			} else if _, err := r.w.SetBirthDate("alice", c.born); err != nil {
				t.Fatal(err)
			}
			barred := func() bool {
				_, b, err := r.w.Barred("alice")
				if err != nil {
					t.Fatal(err)
				}
				return b
			}
			if !barred() {
				t.Fatal("not barred at the start")
			}
			if c.lift {
				if _, err := r.w.Lift(LiftRequest{ID: res.ID, By: "manager 1", Why: "appeal granted"}); err != nil {
					t.Fatal(err)
				}
			} else {
				r.clock.Add(c.after - time.Second)
				if !barred() {
					t.Fatal("free a second early")
				}
				r.clock.Add(time.Second)
			}
			if barred() {
				t.Fatal("still barred")
			}
			if _, err := r.w.Scan(context.Background(), r.mach.issue(wallet.CashIn), "alice", 10_00); err != nil {
				t.Fatalf("cash-in once free: %v", err)
			}
		})
	}
}

// TestPlayerProtectionRules: what the house rules do not allow is refused, and
// nothing is recorded.
func TestPlayerProtectionRules(t *testing.T) { onBackends(t, testPlayerProtectionRules) }

func testPlayerProtectionRules(t *testing.T, db dbFunc) {
	r := newWalletRigOn(t, db)
	self := mustRestrict(t, r.w, RestrictRequest{Player: "alice", Kind: KindSelfExclusion, Months: 12, By: "clerk", Why: "application 3"})
	cases := []struct {
		name string
		do   func() error
		want string
	}{
		{"staff for 0 days", func() error {
			_, err := r.w.Restrict(RestrictRequest{Player: "bob", Kind: KindStaff, Days: 0, By: "a", Why: "b"})
			return err
		}, "a day or longer"},
		{"self-exclusion of 3 months", func() error {
			_, err := r.w.Restrict(RestrictRequest{Player: "bob", Kind: KindSelfExclusion, Months: 3, By: "a", Why: "b"})
			return err
		}, "6..12 months"},
		{"self-exclusion of 13 months", func() error {
			_, err := r.w.Restrict(RestrictRequest{Player: "bob", Kind: KindSelfExclusion, Months: 13, By: "a", Why: "b"})
			return err
		}, "6..12 months"},
		{"court with a term", func() error {
			_, err := r.w.Restrict(RestrictRequest{Player: "bob", Kind: KindCourt, Days: 5, By: "a", Why: "b"})
			return err
		}, "until a court lifts it"},
		{"no one named", func() error {
			_, err := r.w.Restrict(RestrictRequest{Player: "bob", Kind: KindStaff, Days: 1, Why: "b"})
			return err
		}, "--by"},
		{"no reason", func() error {
			_, err := r.w.Restrict(RestrictRequest{Player: "bob", Kind: KindStaff, Days: 1, By: "a"})
			return err
		}, "--why"},
		{"under 21 by hand", func() error {
			_, err := r.w.Restrict(RestrictRequest{Player: "bob", Kind: KindUnder21, By: "a", Why: "b"})
			return err
		}, "date of birth"},
		{"self-exclusion withdrawn", func() error {
			_, err := r.w.Lift(LiftRequest{ID: self.ID, By: "manager", Why: "asked"})
			return err
		}, "cannot be withdrawn"},
		{"unknown id", func() error {
			_, err := r.w.Lift(LiftRequest{ID: 99, By: "manager", Why: "x"})
			return err
		}, "no restriction 99"},
		{"birth date in the future", func() error {
			_, err := r.w.SetBirthDate("bob", "2030-01-01")
			return err
		}, "not in the future"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := c.do(); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("%v, want %q", err, c.want)
			}
		})
	}
	if all, _ := r.w.Restrictions("", true); len(all) != 1 {
		t.Fatalf("the register: %+v", all)
	}
}

// TestPlayerProtectionSurvivesRestart: the register's changes are in the floor
// database: a restart (and a crash: bbolt keeps only committed transactions)
// finds every one, with its event.
func TestPlayerProtectionSurvivesRestart(t *testing.T) {
	onBackends(t, testPlayerProtectionSurvivesRestart)
}

func testPlayerProtectionSurvivesRestart(t *testing.T, db dbFunc) {
	r := newWalletRigOn(t, db)
	a := mustRestrict(t, r.w, RestrictRequest{Player: "alice", Kind: KindStaff, Days: 3, By: "pit boss", Why: "x"})
	mustRestrict(t, r.w, RestrictRequest{Player: "carol", Kind: KindCourt, By: "manager", Why: "court decision 9"})
	if _, err := r.w.SetBirthDate("bob", "2010-01-01"); err != nil {
		t.Fatal(err)
	}
	if _, err := r.w.Lift(LiftRequest{ID: a.ID, By: "manager", Why: "apology accepted"}); err != nil {
		t.Fatal(err)
	}
	r.crash()
	all, err := r.w.Restrictions("", true)
	if err != nil || len(all) != 3 || all[0].Kind != KindUnder21 || all[1].Lifted.IsZero() || all[1].LiftedBy != "manager" || all[2].Player != "carol" {
		t.Fatalf("after the restart: %v %+v", err, all)
	}
	now, _ := r.w.Restrictions("", false)
	if len(now) != 2 { // bob under 21, carol's court
		t.Fatalf("in force after the restart: %+v", now)
	}
	if _, err := r.w.Scan(context.Background(), r.mach.issue(wallet.CashIn), "bob", 10_00); !errors.Is(err, ErrRestricted) {
		t.Fatalf("bob under 21 after the restart: %v", err)
	}
	ev, _ := r.w.Events()
	n := 0
	for _, e := range ev {
		if e.Kind == "restriction" {
			n++
		}
	}
	if n != 3 {
		t.Fatalf("%d register events, want 3 (two entries, one lift)", n)
	}
}
