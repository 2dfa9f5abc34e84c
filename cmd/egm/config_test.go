package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A partial configuration file keeps the embedded default of every key it leaves
// out (nested keys too); --state gives the state directory a file leaves empty;
// a file's own error is reported before an empty state_dir.
func TestPartialConfiguration(t *testing.T) {
	def, err := loadConfig("", "")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, json, state string
		err               string // "" when it loads
		check             func(config) bool
	}{
		{"one key, --state", `{"handpay_limit_cents": 500000}`, "/st", "", func(c config) bool {
			return c.HandpayLimitCents == 500000 && c.StateDir == "/st" && c.MachineID == def.MachineID && c.RNG == def.RNG &&
				len(c.DenominationsCents) == len(def.DenominationsCents) && c.Sound == def.Sound && c.Tables == def.Tables
		}},
		{"one key, no --state: the default state_dir", `{"handpay_limit_cents": 500000}`, "", "", func(c config) bool {
			return c.HandpayLimitCents == 500000 && c.StateDir == def.StateDir && def.StateDir != ""
		}},
		{"a nested key", `{"gamble": {"max_attempts": 3}}`, "", "", func(c config) bool {
			return c.Gamble.MaxAttempts == 3 && c.Gamble.Enabled == def.Gamble.Enabled && c.Gamble.MaxWin == def.Gamble.MaxWin
		}},
		{"empty object", `{}`, "", "", func(c config) bool { return c.HandpayLimitCents == def.HandpayLimitCents }},
		{"empty state_dir, --state", `{"state_dir": ""}`, "/st", "", func(c config) bool { return c.StateDir == "/st" }},
		{"empty state_dir", `{"state_dir": ""}`, "", "state_dir is empty", nil},
		{"bad value before the empty state_dir", `{"state_dir": "", "handpay_limit_cents": -1}`, "", "handpay_limit_cents", nil},
		{"misspelt key, --state", `{"handpay_limt_cents": 5}`, "/st", "handpay_limt_cents", nil},
		{"bad JSON", `{"handpay_limit_cents": `, "/st", "unexpected EOF", nil},
		{"wrong type", `{"idle_cashout_minutes": "soon"}`, "/st", "idle_cashout_minutes", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "c.json")
			if err := os.WriteFile(p, []byte(tc.json), 0o600); err != nil {
				t.Fatal(err)
			}
			c, err := loadConfig(p, tc.state)
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.err == "" && !tc.check(c):
				t.Fatalf("loaded as %+v", c)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Fatalf("error %v, want one naming %q", err, tc.err)
			case tc.err != "" && tc.err != "state_dir is empty" && strings.Contains(err.Error(), "state_dir is empty"):
				t.Fatalf("error %v hides the file's own error behind state_dir", err)
			}
		})
	}
}
