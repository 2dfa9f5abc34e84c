package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"egm/meters"
	"egm/platform"
)

func runCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := runProgram(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestHeadlessAndOfflineReaders(t *testing.T) {
	dir := t.TempDir()
	if code, out, errOut := runCmd(t, "run", "--headless", "--state", dir, "--autoplay", "150", "--seed", "5"); code != 0 || !strings.Contains(out, "autoplay: 150 games") {
		t.Fatalf("run: %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut := runCmd(t, "meters", "--state", dir, "--json")
	if code != 0 {
		t.Fatalf("meters: %d %s", code, errOut)
	}
	var rep map[string]any
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"current_credits_cents", "wallet_in_cents", "wallet_out_cents", "coin_in_cents", "won_to_credits_cents",
		"handpay_cents", "voided_refund_cents", "games_played", "games_won", "games_lost", "games_voided"} {
		if _, ok := rep[k]; !ok {
			t.Errorf("meters --json lacks %s", k)
		}
	}
	if rep["games_played"].(float64) != 150 {
		t.Fatalf("games_played %v", rep["games_played"])
	}
	var m meters.Meters
	mb, _ := json.Marshal(map[string]any{"current_credits_cents": rep["current_credits_cents"], "wallet_in_cents": rep["wallet_in_cents"],
		"wallet_out_cents": rep["wallet_out_cents"], "coin_in_cents": rep["coin_in_cents"], "won_to_credits_cents": rep["won_to_credits_cents"],
		"voided_refund_cents": rep["voided_refund_cents"]})
	if err := json.Unmarshal(mb, &m); err != nil || m.Invariant() != nil {
		t.Fatalf("invariant from meters --json: %v %v", err, m.Invariant())
	}
	code, out, _ = runCmd(t, "recall", "--state", dir, "--json")
	var rc meters.RecallListing
	if code != 0 || json.Unmarshal([]byte(out), &rc) != nil || len(rc.Games) != 100 || rc.Games[0].Number != 150 || rc.InProgress != nil {
		t.Fatalf("recall --json: %d, %d games", code, len(rc.Games))
	}
	if code, out, _ = runCmd(t, "recall", "--state", dir); code != 0 || !strings.Contains(out, "100 games") {
		t.Fatalf("recall: %d %s", code, out)
	}
	code, out, _ = runCmd(t, "events", "--state", dir, "--json")
	var ev meters.EventsListing
	if code != 0 || json.Unmarshal([]byte(out), &ev) != nil || !ev.ChainOK || len(ev.Events) == 0 {
		t.Fatalf("events --json: %d %+v", code, ev.Error)
	}
	if code, out, _ = runCmd(t, "events", "--state", dir); code != 0 || !strings.Contains(out, "power_up") {
		t.Fatalf("events: %d", code)
	}
	// the text readers print amounts with the currency; --cents prints raw cents
	for _, tc := range []struct {
		args      []string
		want, not string
	}{
		{[]string{"meters"}, " EUR", "coin_in_cents"},
		{[]string{"meters", "--cents"}, "coin_in_cents", " EUR"},
		{[]string{"recall"}, " EUR", "(cents)"},
		{[]string{"recall", "--cents"}, "bet (cents)", " EUR"},
	} {
		code, out, errOut := runCmd(t, append(tc.args, "--state", dir)...)
		if code != 0 || !strings.Contains(out, tc.want) || strings.Contains(out, tc.not) {
			t.Errorf("%v: exit %d, want %q and no %q: %s%s", tc.args, code, tc.want, tc.not, out, errOut)
		}
	}
	// While a process without a platform (no screen.sock) holds the directory, the
	// readers refuse clearly; a running platform answers them (screen_test.go).
	key, err := platform.MemoryKey(dir) // the witness is MACed under the machine's key
	if err != nil {
		t.Fatal(err)
	}
	st, err := meters.Open(dir, meters.Options{Key: key})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, c := range []string{"meters", "recall", "events"} {
		if code, _, errOut := runCmd(t, c, "--state", dir); code != 1 || !strings.Contains(errOut, "the machine holds") || !strings.Contains(errOut, "its platform does not answer") {
			t.Errorf("%s on a held directory: %d %q", c, code, errOut)
		}
	}
	if code, _, errOut := runCmd(t, "run", "--headless", "--state", dir, "--autoplay", "1", "--seed", "1"); code != 1 || !strings.Contains(errOut, "in use") {
		t.Errorf("second machine on a held directory: %d %q", code, errOut)
	}
}

func TestBadConfigurationRefused(t *testing.T) {
	tests := []struct{ json, key string }{
		{`{"state_dir":"x","handpay_limit_cents":-1}`, "handpay_limit_cents"},
		{`{"state_dir":"x","denominations_cents":[1,3]}`, "denominations_cents"},
		{`{"state_dir":"x","idle_cashout_minutes":"soon"}`, "idle_cashout_minutes"},
		{`{"state_dir":"x","gamble":{"enabled":true,"max_attempts":0,"max_win":5}}`, "gamble.max_attempts"},
		{`{"state_dir":"x","handpay_limt_cents":5}`, "handpay_limt_cents"},
		{`{"state_dir":""}`, "state_dir"},
	}
	for _, tc := range tests {
		p := filepath.Join(t.TempDir(), "c.json")
		os.WriteFile(p, []byte(tc.json), 0o600)
		code, _, errOut := runCmd(t, "run", "--headless", "--config", p, "--autoplay", "1")
		if code != 1 || !strings.Contains(errOut, tc.key) {
			t.Errorf("%s: exit %d, %q does not name %s", tc.json, code, errOut, tc.key)
		}
	}
	if _, err := loadConfig("", ""); err != nil {
		t.Fatalf("embedded default: %v", err)
	}
}

// TestHeadlessFeedsTheWatchdog: with --watchdog the platform feeds the device
// while it runs and disarms it (the magic V) when it stops in order; a missing
// device is refused before play.
func TestHeadlessFeedsTheWatchdog(t *testing.T) {
	dir := t.TempDir()
	dev := filepath.Join(dir, "watchdog") // a file stands in for /dev/watchdog
	if err := os.WriteFile(dev, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd(t, "run", "--headless", "--state", filepath.Join(dir, "state"), "--autoplay", "3", "--seed", "2", "--watchdog", dev)
	if code != 0 || !strings.Contains(out, "watchdog "+dev) {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	b, err := os.ReadFile(dev)
	if err != nil {
		t.Fatal(err)
	}
	if s := string(b); !strings.HasPrefix(s, ".") || !strings.HasSuffix(s, "V") || strings.Trim(s, ".") != "V" {
		t.Fatalf("the device got %q: want feeds, then V", s)
	}
	if code, _, errOut := runCmd(t, "run", "--headless", "--state", filepath.Join(dir, "state"), "--autoplay", "1", "--watchdog", filepath.Join(dir, "none")); code != 1 || !strings.Contains(errOut, "watchdog") {
		t.Fatalf("a missing device: exit %d: %s", code, errOut)
	}
}

// TestLinkWithoutPlatform: egm link on a state directory no platform runs says
// where the counters live.
func TestLinkWithoutPlatform(t *testing.T) {
	code, _, errOut := runCmd(t, "link", "--state", t.TempDir())
	if code != 1 || !strings.Contains(errOut, "no running platform") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
}
