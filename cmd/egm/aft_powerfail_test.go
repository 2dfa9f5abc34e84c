package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestLabAFTPowerfail is a short `egm lab aft-powerfail` (the lab runs 300 and more).
func TestLabAFTPowerfail(t *testing.T) {
	if testing.Short() {
		t.Skip("kill campaign skipped in -short mode")
	}
	l, err := aftPowerfail(aftPFOptions{Kills: 8, Dir: t.TempDir(), Seed: uint64(time.Now().UnixNano() % 1000), MaxDelay: 150 * time.Millisecond,
		Child: func(a []string) *exec.Cmd {
			cmd := exec.Command(os.Args[0], "-test.run=^TestPowerfailChild$")
			cmd.Env = append(os.Environ(), "EGM_POWERFAIL_CHILD="+strings.Join(a, "\x1f"))
			return cmd
		}})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d transfers, %d unreported at a kill, in %d out %d", l.Seen, l.Unreported, l.In, l.Out)
}
