package settings

import "fmt"

// MaxDepositCents bounds one deposit and one AFT transfer (a meter may grow by
// less than half its width).
const MaxDepositCents int64 = 1_000_000_000_00

// AFTConfig is the machine's AFT configuration (key "aft").
type AFTConfig struct {
	// CodeExpirySeconds is how long a one-time code stays live.
	CodeExpirySeconds int `json:"code_expiry_seconds"`
	// MaxLiveCodes bounds the live codes kept in critical memory.
	MaxLiveCodes int `json:"max_live_codes"`
	// TransferLimitCents is the largest single transfer the machine accepts.
	TransferLimitCents int64 `json:"transfer_limit_cents"`
}

// DefaultAFTConfig is the shipped AFT configuration.
var DefaultAFTConfig = AFTConfig{CodeExpirySeconds: 300, MaxLiveCodes: 16, TransferLimitCents: 1_000_000}

func (c AFTConfig) validate() error {
	bad := func(key, format string, a ...any) error {
		return &ConfigError{Key: "aft." + key, Reason: fmt.Sprintf(format, a...)}
	}
	switch {
	case c.CodeExpirySeconds < 30 || c.CodeExpirySeconds > 3600:
		return bad("code_expiry_seconds", "%d, want 30..3600", c.CodeExpirySeconds)
	case c.MaxLiveCodes < 2 || c.MaxLiveCodes > 64:
		return bad("max_live_codes", "%d, want 2..64", c.MaxLiveCodes)
	case c.TransferLimitCents < 1 || c.TransferLimitCents > MaxDepositCents:
		return bad("transfer_limit_cents", "%d, want 1..%d", c.TransferLimitCents, MaxDepositCents)
	}
	return nil
}
