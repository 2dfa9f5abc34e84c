package settings

import (
	"bytes"
	"encoding/json"
	"slices"

	"egm/features/gamble"
	"egm/games/slot"
	"egm/jurisdiction"
	"egm/locale"
	"egm/machine/bonusjp"
	"egm/money"
	"egm/tables/play"
)

// The jurisdiction profile in force (configuration key "jurisdiction", package
// jurisdiction) sets the machine's currency and the money defaults: every amount
// of the configuration is in that currency's minor units (euro cents, tiyn).
// The profile's Limits give the denominations, the handpay limit, the AML
// threshold and the slot bet range; the keys the profile has no figure for (the
// Gamble cap, the AFT transfer limit, the table games' bets) default to the
// Estonian values at the profile's scale (its maximum bet over the euro's: KZ ×
// 500), so a Kazakh machine plays the same games in tenge.

// Profile returns the jurisdiction profile the configuration names ("" is EE).
func (c Config) Profile() (jurisdiction.Profile, error) {
	p, err := jurisdiction.ByCode(c.Jurisdiction)
	if err != nil {
		return jurisdiction.Profile{}, &ConfigError{Key: "jurisdiction", Reason: err.Error()}
	}
	return p, nil
}

// Currency is the currency of the configuration's profile (EUR when the
// jurisdiction is unknown: Validate refuses that configuration anyway).
func (c Config) Currency() money.Currency {
	p, err := c.Profile()
	if err != nil {
		return money.EUR
	}
	return p.Currency
}

// OperatorLang is the operator menu's language: operator_language, or the
// profile's when it is empty (or not valid: Validate refuses it).
func (c Config) OperatorLang() locale.Lang {
	if l, err := locale.Parse(c.OperatorLanguage); c.OperatorLanguage != "" && err == nil {
		return l
	}
	p, err := c.Profile()
	if err != nil {
		return jurisdiction.EE.OperatorLanguage
	}
	return p.OperatorLanguage
}

// SlotLimits is the profile's slot bet range (R-GAME-11 in its currency).
func SlotLimits(p jurisdiction.Profile) slot.Limits {
	return slot.Limits{MinBet: p.Limits.MinBet, MaxBet: p.Limits.MaxBet}
}

// Scale is the profile's amounts over the Estonian ones: its maximum bet over
// the euro's (1 for EE, 500 for KZ).
func Scale(p jurisdiction.Profile) int64 {
	s := p.Limits.MaxBet / jurisdiction.EE.Limits.MaxBet
	return max(s, 1)
}

// DefaultConfigFor is the shipped configuration in the profile's currency.
func DefaultConfigFor(p jurisdiction.Profile) Config {
	s := Scale(p)
	g := gamble.DefaultConfig
	g.MaxWin *= s
	aft := DefaultAFTConfig
	aft.TransferLimitCents *= s
	lim := play.Limits{Min: play.DefaultLimits.Min * s, Max: play.DefaultLimits.Max * s, SideMax: play.DefaultLimits.SideMax * s}
	on := TableConfig{Enabled: true, Limits: lim}
	return Config{
		Jurisdiction:       p.Code,
		MachineID:          "EGM-0001",
		AssetNumber:        1,
		DenominationsCents: slices.Clone(p.Limits.Denominations),
		Gamble:             g,
		HandpayLimitCents:  p.Limits.HandpayLimit,
		AMLThresholdCents:  p.Limits.AMLThreshold,
		IdleCashoutMinutes: 15,
		AFT:                aft,
		Tables:             TablesConfig{on, on, on, on, on, DefaultProgressive(s)},
		ReserveMaxMinutes:  MaxReserveMinutes,
		BonusJackpot:       bonusjp.Default(s),
	}
}

// JurisdictionOf reads the "jurisdiction" key of each configuration document in
// turn (a later one's over an earlier one's); "" when none sets it. A document
// that is not a JSON object sets nothing (its decoding reports it).
func JurisdictionOf(docs ...[]byte) string {
	code := ""
	for _, b := range docs {
		var j struct {
			Jurisdiction *string `json:"jurisdiction"`
		}
		if json.NewDecoder(bytes.NewReader(b)).Decode(&j) == nil && j.Jurisdiction != nil {
			code = *j.Jurisdiction
		}
	}
	return code
}
