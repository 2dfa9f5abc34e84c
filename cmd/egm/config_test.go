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

// The jurisdiction sets the money defaults in its currency; --jurisdiction
// overrides the file's; the money keys are checked against the profile's
// currency, naming the key; an unknown jurisdiction is refused.
func TestJurisdictionConfiguration(t *testing.T) {
	tests := []struct {
		name, json, flag string
		err              string
		check            func(config) bool
	}{
		{"the default is EE", `{}`, "", "", func(c config) bool {
			return c.Jurisdiction == "EE" && c.Currency().Code == "EUR" && c.HandpayLimitCents == 1_000_000 && c.DenominationsCents[0] == 1 && c.Tables.Roulette.Min == 100
		}},
		{"KZ from the file", `{"jurisdiction": "KZ"}`, "", "", func(c config) bool {
			return c.Jurisdiction == "KZ" && c.Currency().Code == "KZT" && c.HandpayLimitCents == 500_000_000 && c.AMLThresholdCents == 100_000_000 &&
				c.DenominationsCents[0] == 500 && c.Gamble.MaxWin == 100_000_000 && c.AFT.TransferLimitCents == 500_000_000 && c.Tables.Blackjack.Max == 5_000_000 &&
				c.OperatorLang() == "kk"
		}},
		{"KZ by the flag", `{}`, "kz", "", func(c config) bool { return c.Jurisdiction == "KZ" && c.HandpayLimitCents == 500_000_000 }},
		{"the flag over the file", `{"jurisdiction": "KZ"}`, "EE", "", func(c config) bool { return c.Jurisdiction == "EE" }},
		{"a Russian operator menu", `{"jurisdiction": "KZ", "operator_language": "ru"}`, "", "", func(c config) bool { return c.OperatorLang() == "ru" }},
		{"a KZ handpay limit below the KZ max bet", `{"jurisdiction": "KZ", "handpay_limit_cents": 1000000}`, "", "handpay_limit_cents: 1000000 (10000.00 KZT), want at least the KZ maximum bet", nil},
		{"euro denominations in KZ", `{"denominations_cents": [1, 2]}`, "KZ", "denominations_cents: 1 (0.01 KZT) is not one of R-GAME-11's denominations in KZT", nil},
		{"an unknown jurisdiction", `{"jurisdiction": "DE"}`, "", `jurisdiction: jurisdiction: unknown jurisdiction "DE" (known: EE, KZ)`, nil},
		{"an unknown --jurisdiction", `{}`, "XX", `--jurisdiction: jurisdiction: unknown jurisdiction "XX"`, nil},
		{"an operator language the profile has not", `{"operator_language": "kk"}`, "", "operator_language", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "c.json")
			if err := os.WriteFile(p, []byte(tc.json), 0o600); err != nil {
				t.Fatal(err)
			}
			c, err := loadConfigFor(p, "/st", tc.flag)
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.err == "" && !tc.check(c):
				t.Fatalf("loaded as %+v", c)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Fatalf("error %v, want one with %q", err, tc.err)
			}
		})
	}
}

// egm config prints the profile in force and the limits in its currency.
func TestConfigCommand(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{nil, []string{"jurisdiction      EE (Estonia)", "handpay_limit_cents            10000.00 EUR", "tables.roulette                on, 1.00 EUR to 100.00 EUR"}},
		{[]string{"--jurisdiction", "KZ"}, []string{"jurisdiction      KZ (Kazakhstan)", "total bet         250.00 KZT to 20000.00 KZT",
			"denominations_cents            5.00 KZT, 10.00 KZT", "handpay_limit_cents            5000000.00 KZT", "operator_language              kk"}},
	} {
		var out, errb strings.Builder
		if code := runProgram(append([]string{"config"}, tc.args...), &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, errb.String())
		}
		for _, w := range tc.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%v: no %q in\n%s", tc.args, w, out.String())
			}
		}
		if tc.args != nil && strings.Contains(out.String(), "EUR") {
			t.Errorf("KZ names euros:\n%s", out.String())
		}
	}
	var out, errb strings.Builder
	if code := runProgram([]string{"config", "--jurisdiction", "DE"}, &out, &errb); code == 0 || !strings.Contains(errb.String(), `unknown jurisdiction "DE"`) {
		t.Fatalf("DE: exit %d, %s", code, errb.String())
	}
}
