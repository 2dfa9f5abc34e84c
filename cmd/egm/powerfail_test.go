package main

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestPowerfailChild is the child of TestPowerfail: the test binary re-executed as
// `egm` with the arguments in EGM_POWERFAIL_CHILD.
func TestPowerfailChild(t *testing.T) {
	args := os.Getenv("EGM_POWERFAIL_CHILD")
	if args == "" {
		t.Skip("only as the child of TestPowerfail")
	}
	os.Exit(run(strings.Split(args, "\x1f"), os.Stdout, os.Stderr))
}

// testChild is the kill campaigns' child in tests: this test binary re-executed as
// egm with args (TestPowerfailChild).
func testChild(args []string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^TestPowerfailChild$")
	cmd.Env = append(os.Environ(), "EGM_POWERFAIL_CHILD="+strings.Join(args, "\x1f"))
	return cmd
}

// killsFromEnv is a campaign test's number of kills: def, or the environment
// variable name's value (for a longer run by hand).
func killsFromEnv(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// TestPowerfail is the short kill campaign of `make test` (EGM_POWERFAIL_KILLS sets
// the count; the lab runs `egm lab powerfail --kills 1000`).
func TestPowerfail(t *testing.T) {
	if testing.Short() {
		t.Skip("kill campaign skipped in -short mode")
	}
	kills := killsFromEnv("EGM_POWERFAIL_KILLS", 60)
	// A loaded machine may start the children so slowly that early kills land
	// before any game: then the campaign runs again with longer lives (violations
	// fail at once; only a campaign that never reached a game is retried).
	for attempt, delay := 1, 200*time.Millisecond; ; attempt, delay = attempt+1, delay*2 {
		seed := uint64(time.Now().UnixNano() % 1000)
		t.Logf("attempt %d, seed %d, lives up to %v (reproduce: egm lab powerfail --kills %d --seed %d)", attempt, seed, delay, kills, seed)
		rep, err := powerfail(pfOptions{Kills: kills, Dir: t.TempDir(), Seed: seed,
			MaxDelay: delay,
			Child:    testChild})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		rep.print(&b)
		t.Log(b.String())
		if len(rep.Violations) > 0 {
			t.Fatalf("%d violations", len(rep.Violations))
		}
		if rep.InGame > 0 && rep.Resumed > 0 && rep.Unverified == 0 && rep.FinalRunExitOK && rep.GamesPlayed >= int64(kills) {
			return
		}
		if attempt == 3 {
			t.Fatalf("the campaign did not exercise the machine in 3 attempts: %+v", rep)
		}
	}
}
