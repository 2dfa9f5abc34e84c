package main

import (
	"testing"

	"egm/lab/campaign"
)

// TestLabAFTPowerfail is a short `egm-lab aft-powerfail` (the lab runs 300 and
// more): a fixed seed, each kill after the child reported transfers complete.
func TestLabAFTPowerfail(t *testing.T) {
	if testing.Short() {
		t.Skip("kill campaign skipped in -short mode")
	}
	l, err := campaign.AFTPowerfail(campaign.AFTPowerfailOptions{Egm: testEgm, Kills: 8, Dir: t.TempDir(), Seed: 5, MaxDelay: 20e6})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d transfers, %d unreported at a kill, in %d out %d", l.Seen, l.Unreported, l.In, l.Out)
	if l.Seen < 8 {
		t.Fatalf("%d transfers seen in 8 lives of at least one each", l.Seen)
	}
}
