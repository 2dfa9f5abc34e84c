package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"egm/features/gamble"
	"egm/jurisdiction"
	"egm/locale"
	"egm/machine/bonusjp"
)

// Config is the machine's part of the cabinet configuration. Money is in minor
// units of the jurisdiction's currency (euro cents, tiyn; jurisdiction.go).
type Config struct {
	// Jurisdiction is the profile in force: "EE" (the default) or "KZ". It sets
	// the currency, the languages and the money defaults (jurisdiction.go).
	Jurisdiction string `json:"jurisdiction"`
	// OperatorLanguage is the operator menu's language ("et", "ru", "kk", "en");
	// "" is the profile's.
	OperatorLanguage string `json:"operator_language"`
	// MachineID names this machine to the floor system and the wallet.
	MachineID string `json:"machine_id"`
	// AssetNumber is the operator's asset number of the cabinet.
	AssetNumber uint32 `json:"asset_number"`
	// DenominationsCents are the denominations offered, each one of the
	// profile's (R-GAME-11's in euros).
	DenominationsCents []int64 `json:"denominations_cents"`
	// Gamble is the operator's Gamble setting (R-GAME-9): on/off, attempts, cap.
	Gamble gamble.Config `json:"gamble"`
	// HandpayLimitCents: a win above it locks the machine until the attendant key
	// (R-WIN-2); a win up to it goes to credits (R-WIN-1).
	HandpayLimitCents int64 `json:"handpay_limit_cents"`
	// AMLThresholdCents: deposits and wins at or above it are flagged in the event
	// log (R-CASH-4, R-CASH-7).
	AMLThresholdCents int64 `json:"aml_threshold_cents"`
	// IdleCashoutMinutes: a balance left this long without play is returned to its
	// wallet (R-CASH-6).
	IdleCashoutMinutes int `json:"idle_cashout_minutes"`
	// AFT is the cashless transfers' configuration (aft.go).
	AFT AFTConfig `json:"aft"`
	// Tables are the table games' settings: on or off, bet limits (tables.go).
	Tables TablesConfig `json:"tables"`
	// ReserveMaxMinutes is the longest the staff may reserve the machine for its
	// player (reserve.go).
	ReserveMaxMinutes int `json:"reserve_max_minutes"`
	// BonusJackpot is the machine's own bonus jackpot (R-JP-4, package
	// machine/bonusjp): off by default.
	BonusJackpot bonusjp.Config `json:"bonus_jackpot"`
}

// DefaultConfig is the shipped configuration: the Estonian profile's, in euro
// cents.
func DefaultConfig() Config { return DefaultConfigFor(jurisdiction.EE) }

// ConfigError names the configuration key that is wrong.
type ConfigError struct {
	Key    string
	Reason string
}

func (e *ConfigError) Error() string { return fmt.Sprintf("machine: config: %s: %s", e.Key, e.Reason) }

// Validate refuses a configuration the machine must not run with, naming the key.
func (c Config) Validate() error {
	bad := func(key, format string, a ...any) error {
		return &ConfigError{Key: key, Reason: fmt.Sprintf(format, a...)}
	}
	p, err := c.Profile()
	if err != nil {
		return err
	}
	cur := p.Currency
	if c.OperatorLanguage != "" {
		l, err := locale.Parse(c.OperatorLanguage)
		if err != nil || !p.Offers(l) {
			return bad("operator_language", "%q, want one of %s's languages %v (or \"\": %s)", c.OperatorLanguage, p.Code, p.Languages, p.OperatorLanguage)
		}
	}
	if c.MachineID == "" {
		return bad("machine_id", "empty")
	}
	if len(c.DenominationsCents) == 0 {
		return bad("denominations_cents", "no denomination offered")
	}
	for i, d := range c.DenominationsCents {
		if !slices.Contains(p.Limits.Denominations, d) {
			return bad("denominations_cents", "%d (%s) is not one of R-GAME-11's denominations in %s %v", d, cur.Plain(d), cur.Code, p.Limits.Denominations)
		}
		if slices.Contains(c.DenominationsCents[:i], d) {
			return bad("denominations_cents", "%d twice", d)
		}
	}
	if c.HandpayLimitCents < p.Limits.MaxBet {
		return bad("handpay_limit_cents", "%d (%s), want at least the %s maximum bet %d (%s)", c.HandpayLimitCents, cur.Plain(c.HandpayLimitCents), p.Code, p.Limits.MaxBet, cur.Plain(p.Limits.MaxBet))
	}
	if c.AMLThresholdCents <= 0 {
		return bad("aml_threshold_cents", "%d, want more than 0", c.AMLThresholdCents)
	}
	if c.IdleCashoutMinutes < 1 || c.IdleCashoutMinutes > 24*60 {
		return bad("idle_cashout_minutes", "%d, want 1..1440", c.IdleCashoutMinutes)
	}
	if err := validateReserve(c.ReserveMaxMinutes); err != nil {
		return err
	}
	if err := c.AFT.validate(); err != nil {
		return err
	}
	if err := c.Tables.validate(cur); err != nil {
		return err
	}
	if err := c.BonusJackpot.Validate(); err != nil {
		key, reason, _ := strings.Cut(strings.TrimPrefix(err.Error(), "bonusjp: "), ": ")
		return bad("bonus_jackpot."+key, "%s", reason)
	}
	if c.Gamble.Enabled {
		switch {
		case c.Gamble.MaxAttempts < 1:
			return bad("gamble.max_attempts", "%d, want at least 1", c.Gamble.MaxAttempts)
		case c.Gamble.MaxWin <= 0:
			return bad("gamble.max_win", "%d, want more than 0", c.Gamble.MaxWin)
		case c.Gamble.MaxWin > c.HandpayLimitCents:
			return bad("gamble.max_win", "%d (%s) is above handpay_limit_cents %d: a gamble win must go to credits", c.Gamble.MaxWin, cur.Plain(c.Gamble.MaxWin), c.HandpayLimitCents)
		}
	}
	return nil
}

// DecodeStrict decodes one JSON object from r into v: unknown keys, trailing data
// and wrong types are errors naming the key. Keys absent from the input keep v's
// values (the defaults, when v starts as DefaultConfig).
func DecodeStrict(r io.Reader, v any) error {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field == "" {
			return fmt.Errorf("machine: config: %s where a JSON object was expected", te.Value)
		}
		if errors.As(err, &te) {
			return &ConfigError{Key: te.Field, Reason: fmt.Sprintf("%s is not a valid %s", te.Value, te.Type)}
		}
		return fmt.Errorf("machine: config: %w", err)
	}
	if dec.More() {
		return fmt.Errorf("machine: config: data after the configuration object")
	}
	var extra json.RawMessage
	if err := dec.Decode(&extra); err != io.EOF {
		return fmt.Errorf("machine: config: data after the configuration object")
	}
	return nil
}

// ParseConfig decodes a configuration over the defaults of its jurisdiction
// (DefaultConfigFor) and validates it.
func ParseConfig(b []byte) (Config, error) {
	p, err := jurisdiction.ByCode(JurisdictionOf(b))
	if err != nil {
		return Config{}, &ConfigError{Key: "jurisdiction", Reason: err.Error()}
	}
	c := DefaultConfigFor(p)
	c.DenominationsCents = nil
	if err := DecodeStrict(bytes.NewReader(b), &c); err != nil {
		return Config{}, err
	}
	if c.DenominationsCents == nil {
		c.DenominationsCents = slices.Clone(p.Limits.Denominations)
	}
	return c, c.Validate()
}

// Changes describes how the configuration cur (JSON) differs from old, the one
// stored ("" when equal; old nil: the first one installed): the keys whose
// values changed, with old and new values.
func Changes(old, cur []byte) string {
	if old == nil {
		return "configuration installed: " + string(cur)
	}
	var a, b map[string]json.RawMessage
	if json.Unmarshal(old, &a) != nil || json.Unmarshal(cur, &b) != nil {
		return "configuration changed: " + string(cur)
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(b)) {
		if !bytes.Equal(a[k], b[k]) {
			parts = append(parts, fmt.Sprintf("%s: %s → %s", k, a[k], b[k]))
		}
	}
	for _, k := range slices.Sorted(maps.Keys(a)) {
		if _, ok := b[k]; !ok {
			parts = append(parts, fmt.Sprintf("%s: %s → (removed)", k, a[k]))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "configuration changed: " + strings.Join(parts, "; ")
}
