package main

import (
	"path/filepath"
	"testing"
	"time"

	"egm/lab/campaign"
)

// TestJackpotFaults is the short linked jackpot kill campaign of `make test`
// (EGM_JACKPOT_KILLS sets the count; the lab runs `egm-lab jackpot-faults --kills
// 200`): three machines and the floor with its controller on loopback, killed at
// random instants; every award paid once, every meter reconciled.
func TestJackpotFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("kill campaign skipped in -short mode")
	}
	kills := killsFromEnv("EGM_JACKPOT_KILLS", 12)
	dir := filepath.Join(t.TempDir(), "run")
	r, err := campaign.JackpotFaults(campaign.JackpotFaultsOptions{Egm: testEgm, Kills: kills, Machines: 3, Dir: dir, Seed: 5, MaxDelay: time.Second, Window: "1:2"})
	if err != nil {
		t.Fatal(err)
	}
	if r.MachineKills+r.FloorKills != kills || r.Awards < 1 || r.MinAward < 100 || r.MaxAward > 200 {
		t.Fatalf("report %+v", r)
	}
	t.Logf("%+v", r)
}
