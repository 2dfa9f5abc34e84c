package settings

import (
	"slices"

	"egm/features/gamble"
)

// OperatorSettings are the settings the operator changes on the cabinet, from the
// operator menu (machine.InConfigure). The rest of Config (machine_id, asset_number) comes
// from the configuration file only.
type OperatorSettings struct {
	DenominationsCents []int64       `json:"denominations_cents"`
	Gamble             gamble.Config `json:"gamble"`
	HandpayLimitCents  int64         `json:"handpay_limit_cents"`
	AMLThresholdCents  int64         `json:"aml_threshold_cents"`
	IdleCashoutMinutes int           `json:"idle_cashout_minutes"`
	Tables             TablesConfig  `json:"tables"`
}

// Operator returns the operator's settings of c.
func (c Config) Operator() OperatorSettings {
	return OperatorSettings{DenominationsCents: slices.Clone(c.DenominationsCents), Gamble: c.Gamble,
		HandpayLimitCents: c.HandpayLimitCents, AMLThresholdCents: c.AMLThresholdCents, IdleCashoutMinutes: c.IdleCashoutMinutes, Tables: c.Tables}
}

// WithOperator returns c with the operator's settings o.
func (c Config) WithOperator(o OperatorSettings) Config {
	c.DenominationsCents = slices.Clone(o.DenominationsCents)
	c.Gamble, c.HandpayLimitCents, c.AMLThresholdCents, c.IdleCashoutMinutes = o.Gamble, o.HandpayLimitCents, o.AMLThresholdCents, o.IdleCashoutMinutes
	c.Tables = o.Tables
	return c
}
