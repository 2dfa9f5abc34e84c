package main

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"egm/lab/campaign"
)

// killsFromEnv is a campaign test's number of kills: def, or the environment
// variable name's value (for a longer run by hand).
func killsFromEnv(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// TestPowerfail is the short kill campaign of `make test` (EGM_POWERFAIL_KILLS sets
// the count; the lab runs `egm-lab powerfail --kills 1000`). Its seed is fixed and
// each kill waits for the child's commits to critical memory, so a loaded machine
// exercises it just as an idle one.
func TestPowerfail(t *testing.T) {
	if testing.Short() {
		t.Skip("kill campaign skipped in -short mode")
	}
	kills := killsFromEnv("EGM_POWERFAIL_KILLS", 60)
	rep, err := campaign.Powerfail(campaign.PowerfailOptions{Egm: testEgm, Kills: kills, Dir: t.TempDir(), Seed: 7, MaxDelay: 20e6})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	rep.Print(&b)
	t.Log(b.String())
	if len(rep.Violations) > 0 {
		t.Fatalf("%d violations", len(rep.Violations))
	}
	if !rep.Exercised() {
		t.Fatalf("the campaign did not exercise the machine (reproduce: egm-lab powerfail --kills %d --seed 7 --max-delay 20ms): %+v", kills, rep)
	}
}

// TestLabPowerfailCommand: `egm-lab powerfail` with a short campaign: its summary,
// exit 0, and its temporary working directory removed; bad flags exit 2.
func TestLabPowerfailCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("kill campaign skipped in -short mode")
	}
	dir := t.TempDir()
	out, errs, code := runEGM(t, "egm-lab", "powerfail", "--kills", "3", "--state", dir, "--max-delay", "0s")
	if code != 0 || !strings.Contains(out, "power-fail campaign: 3 kills") || !strings.Contains(out, "violations                       none") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	for _, args := range [][]string{{"egm-lab", "powerfail", "--kills", "0"}, {"egm-lab", "powerfail", "--max-commits", "0"}, {"egm-lab", "aft-powerfail", "--child"}} {
		if _, _, code := runEGM(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
