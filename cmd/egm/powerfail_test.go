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

// TestPowerfail is the short kill campaign of `make test` (EGM_POWERFAIL_KILLS sets
// the count; the lab runs `egm lab powerfail --kills 1000`).
func TestPowerfail(t *testing.T) {
	if testing.Short() {
		t.Skip("kill campaign skipped in -short mode")
	}
	kills := 60
	if s := os.Getenv("EGM_POWERFAIL_KILLS"); s != "" {
		kills, _ = strconv.Atoi(s)
	}
	seed := uint64(time.Now().UnixNano() % 1000)
	t.Logf("seed %d (reproduce: egm lab powerfail --kills %d --seed %d)", seed, kills, seed)
	rep, err := powerfail(pfOptions{Kills: kills, Dir: t.TempDir(), Seed: seed,
		MaxDelay: 200 * time.Millisecond,
		Child: func(a []string) *exec.Cmd {
			cmd := exec.Command(os.Args[0], "-test.run=^TestPowerfailChild$")
			cmd.Env = append(os.Environ(), "EGM_POWERFAIL_CHILD="+strings.Join(a, "\x1f"))
			return cmd
		}})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	rep.print(&b)
	t.Log(b.String())
	if len(rep.Violations) > 0 {
		t.Fatalf("%d violations", len(rep.Violations))
	}
	if rep.InGame == 0 || rep.Resumed == 0 || rep.Unverified != 0 || !rep.FinalRunExitOK || rep.GamesPlayed < int64(kills) {
		t.Fatalf("the campaign did not exercise the machine: %+v", rep)
	}
}
