package main

import (
	"strings"
	"testing"

	"egm/lab/campaign"
)

// TestWalletFaults is the short wallet fault campaign of `make test`: 20 kills
// (EGM_WALLET_KILLS sets the count; the lab runs `egm-lab wallet-faults --kills
// 300`). The children are this test binary re-executed as egm (testEgm).
func TestWalletFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("kill campaign skipped in -short mode")
	}
	kills := killsFromEnv("EGM_WALLET_KILLS", 20)
	rep, err := campaign.WalletFaults(campaign.WalletFaultsOptions{Egm: testEgm, Kills: kills, Dir: t.TempDir(), Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	rep.Print(&b)
	t.Log(b.String())
	if len(rep.Violations) > 0 {
		t.Fatalf("%d violations", len(rep.Violations))
	}
	if rep.MachineKills == 0 || rep.FloorKills == 0 || rep.Reconciled < 2*kills {
		t.Fatalf("campaign too thin: %+v", rep)
	}
}
