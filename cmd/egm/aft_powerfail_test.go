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
	l, err := aftPowerfail(aftPFOptions{Kills: 8, Dir: t.TempDir(), Seed: uint64(time.Now().UnixNano() % 1000), MaxDelay: 150 * time.Millisecond,
		Child: testChild})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d transfers, %d unreported at a kill, in %d out %d", l.Seen, l.Unreported, l.In, l.Out)
}
