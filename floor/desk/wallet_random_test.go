package desk

import (
	"context"
	"testing"
	"time"

	"egm/machine"
	"egm/money"
	"egm/rng"
	"egm/wallet"
)

// TestWalletRandomFaults: a seeded random run of cash-ins, games, cash-outs and
// idle time, with lost requests, lost replies and floor crashes (the database closed
// and opened again) at random points. The books hold after every step, whatever is
// pending; at the end recovery leaves nothing pending and wallets + the machine's
// credits = funded − the machine's net win, to the cent.
func TestWalletRandomFaults(t *testing.T) { onBackends(t, testWalletRandomFaults) }

func testWalletRandomFaults(t *testing.T, db dbFunc) {
	steps := 300
	if testing.Short() {
		steps = 60
	}
	r := newWalletRigOn(t, db)
	ctx := context.Background()
	p := rng.NewSeeded(20261130)
	players := []string{"alice", "bob"}
	owner := func() string {
		ms, _ := r.w.Machines()
		return ms[0].Owner
	}
	for i := 0; i < steps; i++ {
		r.mach.mu.Lock()
		r.mach.loseRequest, r.mach.loseReply = 0, 0
		switch rng.Intn(p, 6) {
		case 0:
			r.mach.loseRequest = 1 + rng.Intn(p, 2)
		case 1:
			r.mach.loseReply = 1
		}
		r.mach.mu.Unlock()
		st := r.mach.m.Status()
		switch op := rng.Intn(p, 10); {
		case st.State == machine.CashoutPending:
			player := owner()
			if rng.Intn(p, 4) == 0 || player == "" {
				player = players[rng.Intn(p, 2)]
			}
			r.w.Scan(ctx, r.mach.issue(wallet.CashOut), player, 0)
		case op < 4:
			player := owner()
			if player == "" || rng.Intn(p, 5) == 0 {
				player = players[rng.Intn(p, 2)]
			}
			r.w.Scan(ctx, r.mach.issue(wallet.CashIn), player, int64(1+rng.Intn(p, 20_000)))
		case op < 7 && st.State == machine.Idle && st.CreditsCents >= st.BetCents:
			r.mach.play(1 + rng.Intn(p, 3))
		case op < 8 && st.State == machine.Idle && st.CreditsCents > 0:
			r.mach.m.Handle(machine.Input{Kind: machine.InCashout})
		case op < 9:
			r.clock.Add(time.Duration(rng.Intn(p, 300)) * time.Second) // codes expire, pending ones too
		default:
			r.w.Recover(ctx)
		}
		if rng.Intn(p, 8) == 0 {
			r.crash()
		}
		rec, err := r.w.Reconcile(nil)
		if err != nil || !rec.OK {
			t.Fatalf("step %d: %+v %v", i, rec, err)
		}
	}
	r.mach.mu.Lock()
	r.mach.loseRequest, r.mach.loseReply = 0, 0
	r.mach.mu.Unlock()
	if left, err := r.w.Recover(ctx); left != 0 || err != nil {
		t.Fatalf("%d pending after recovery: %v", left, err)
	}
	rec := r.reconciled()
	j, _ := r.w.Journal()
	counts := map[string]int{}
	for _, tr := range j {
		counts[string(tr.Dir)+" "+tr.State]++
	}
	t.Logf("%d transfers %v; wallets %s + credits %s = funded %s − net win %s", len(j), counts,
		money.EUR.Plain(rec.Wallets), money.EUR.Plain(rec.Credits), money.EUR.Plain(rec.Funded), money.EUR.Plain(rec.Played))
	if counts["in committed"] == 0 || counts["out committed"] == 0 {
		t.Fatalf("the run never reached every outcome: %v", counts)
	}
}
