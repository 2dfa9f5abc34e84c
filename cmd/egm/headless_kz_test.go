package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"egm/jurisdiction"
	"egm/meters"
)

// A Kazakh machine plays in tenge: bets within the KZ range at the profile's
// denominations; the state says so to the readers, and refuses a euro
// configuration.
func TestHeadlessInTenge(t *testing.T) {
	dir := t.TempDir()
	if code, out, errOut := runCmd(t, "run", "--headless", "--jurisdiction", "KZ", "--state", dir, "--autoplay", "50", "--seed", "3"); code != 0 || !strings.Contains(out, "autoplay: 50 games") {
		t.Fatalf("run: %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut := runCmd(t, "meters", "--state", dir, "--json")
	var rep map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || rep["currency"] != "KZT" || rep["games_played"].(float64) != 50 {
		t.Fatalf("meters --json: %d %s %s", code, out, errOut)
	}
	code, out, _ = runCmd(t, "recall", "--state", dir, "--json")
	var rc meters.RecallListing
	if code != 0 || json.Unmarshal([]byte(out), &rc) != nil || len(rc.Games) != 50 {
		t.Fatalf("recall --json: %d, %d games", code, len(rc.Games))
	}
	kz := jurisdiction.KZ.Limits
	for _, g := range rc.Games {
		if g.BetCents != 0 && g.Lines > 0 && (g.BetCents < kz.MinBet || g.BetCents > kz.MaxBet || !slices.Contains(kz.Denominations, g.DenomCents)) {
			t.Errorf("game %d: bet %d tiyn at denomination %d", g.Number, g.BetCents, g.DenomCents)
		}
	}
	if code, out, _ = runCmd(t, "meters", "--state", dir); code != 0 || !strings.Contains(out, " KZT") || strings.Contains(out, "EUR") {
		t.Fatalf("meters: %d\n%s", code, out)
	}
	code, out, errOut = runCmd(t, "run", "--headless", "--state", dir, "--autoplay", "1", "--seed", "3")
	if code == 0 || !strings.Contains(errOut, "records KZT, the configuration (jurisdiction EE) counts in EUR: refused, nothing changed") {
		t.Fatalf("EE on a KZ state: %d\n%s\n%s", code, out, errOut)
	}
	if code, out, _ = runCmd(t, "meters", "--state", dir, "--json"); code != 0 || !strings.Contains(out, `"games_played": 50`) {
		t.Fatalf("after the refusal: %s", out)
	}
}
