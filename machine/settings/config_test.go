package settings

import (
	"errors"
	"strings"
	"testing"
)

func TestParseConfig(t *testing.T) {
	tests := []struct {
		name, json string
		key        string // "" = valid
		errSub     string
	}{
		{"empty object keeps defaults", `{}`, "", ""},
		{"all keys", `{"machine_id":"A7","asset_number":7,"denominations_cents":[1,100],"gamble":{"enabled":false},"handpay_limit_cents":500000,"aml_threshold_cents":100000,"idle_cashout_minutes":5}`, "", ""},
		{"unknown key", `{"handpay_limt_cents":5}`, "", `unknown field "handpay_limt_cents"`},
		{"wrong type", `{"idle_cashout_minutes":"15"}`, "idle_cashout_minutes", ""},
		{"bad denomination", `{"denominations_cents":[3]}`, "denominations_cents", "R-GAME-11"},
		{"no denomination", `{"denominations_cents":[]}`, "denominations_cents", ""},
		{"twice", `{"denominations_cents":[1,1]}`, "denominations_cents", "twice"},
		{"handpay below max bet", `{"handpay_limit_cents":100}`, "handpay_limit_cents", ""},
		{"aml zero", `{"aml_threshold_cents":0}`, "aml_threshold_cents", ""},
		{"idle zero", `{"idle_cashout_minutes":0}`, "idle_cashout_minutes", ""},
		{"empty id", `{"machine_id":""}`, "machine_id", ""},
		{"reserve 30 minutes", `{"reserve_max_minutes":30}`, "", ""},
		{"reserve zero", `{"reserve_max_minutes":0}`, "reserve_max_minutes", "1..60"},
		{"reserve over the hour", `{"reserve_max_minutes":61}`, "reserve_max_minutes", "up to one hour"},
		{"gamble attempts", `{"gamble":{"enabled":true,"max_attempts":0,"max_win":100}}`, "gamble.max_attempts", ""},
		{"gamble over handpay", `{"gamble":{"enabled":true,"max_attempts":5,"max_win":2000000}}`, "gamble.max_win", "handpay"},
		{"KZ defaults", `{"jurisdiction":"KZ"}`, "", ""},
		{"KZ handpay below the KZ max bet", `{"jurisdiction":"KZ","handpay_limit_cents":1000000}`, "handpay_limit_cents", "20000.00 KZT"},
		{"a euro denomination in KZ", `{"jurisdiction":"KZ","denominations_cents":[1]}`, "denominations_cents", "in KZT"},
		{"unknown jurisdiction", `{"jurisdiction":"DE"}`, "jurisdiction", `unknown jurisdiction "DE"`},
		{"operator language not the profile's", `{"operator_language":"kk"}`, "operator_language", ""},
		{"bonus jackpot on", `{"bonus_jackpot":{"enabled":true,"titles":["t"],"rate_bp":30,"reset_cents":10000,"ceiling_cents":50000}}`, "", ""},
		{"bonus jackpot without titles", `{"bonus_jackpot":{"enabled":true}}`, "bonus_jackpot.titles", "no funding title"},
		{"bonus jackpot rate", `{"bonus_jackpot":{"enabled":true,"titles":["t"],"rate_bp":0}}`, "bonus_jackpot.rate_bp", "basis points"},
		{"bonus jackpot ceiling", `{"bonus_jackpot":{"enabled":true,"titles":["t"],"ceiling_cents":100}}`, "bonus_jackpot.ceiling_cents", "reset_cents"},
		{"trailing data", `{} {}`, "", "data after"},
		{"not an object", `[1]`, "", "JSON object was expected"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ParseConfig([]byte(tc.json))
			if tc.key == "" && tc.errSub == "" {
				if err != nil {
					t.Fatal(err)
				}
				if tc.json == `{}` && (c.HandpayLimitCents != 1_000_000 || c.IdleCashoutMinutes != 15 || c.ReserveMaxMinutes != 60 || len(c.DenominationsCents) != 8) {
					t.Fatalf("defaults lost: %+v", c)
				}
				return
			}
			if err == nil {
				t.Fatalf("accepted: %+v", c)
			}
			var ce *ConfigError
			if tc.key != "" && (!errors.As(err, &ce) || ce.Key != tc.key) {
				t.Fatalf("error %q does not name key %q", err, tc.key)
			}
			if !strings.Contains(err.Error(), tc.errSub) || !strings.HasPrefix(err.Error(), "machine: ") {
				t.Fatalf("error %q lacks %q or the package prefix", err, tc.errSub)
			}
		})
	}
}
