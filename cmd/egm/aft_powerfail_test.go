package main

import (
	"testing"
	"time"
)

// TestLabAFTPowerfail is a short `egm lab aft-powerfail` (the lab runs 300 and more).
func TestLabAFTPowerfail(t *testing.T) {
	if testing.Short() {
		t.Skip("kill campaign skipped in -short mode")
	}
	// A loaded machine may start the children so slowly that every kill lands
	// before a transfer: then the campaign runs again with longer lives.
	for attempt, delay := 1, 150*time.Millisecond; ; attempt, delay = attempt+1, delay*2 {
		seed := uint64(time.Now().UnixNano() % 1000)
		t.Logf("attempt %d, seed %d, lives up to %v (reproduce: egm lab aft-powerfail --kills 8 --seed %d)", attempt, seed, delay, seed)
		l, err := aftPowerfail(aftPFOptions{Kills: 8, Dir: t.TempDir(), Seed: seed, MaxDelay: delay, Child: testChild})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%d transfers, %d unreported at a kill, in %d out %d", l.Seen, l.Unreported, l.In, l.Out)
		if l.Seen > 0 {
			return
		}
		if attempt == 3 {
			t.Fatal("no transfer completed in 3 campaigns")
		}
	}
}
