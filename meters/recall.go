package meters

import (
	"encoding/json"
	"time"
)

// RecallDepth is how many finished games critical memory keeps for game recall.
const RecallDepth = 100

// GameInProgress is the game whose outcome is decided and being presented. The
// machine commits it, with the bet, before anything is shown, and commits each
// presented step, so that a restart resumes it with the same outcome.
type GameInProgress struct {
	Number             uint64          `json:"number"` // the machine's game number
	Started            time.Time       `json:"started"`
	Title              string          `json:"title"`
	DenomCents         int64           `json:"denom_cents"`
	BetPerLineCredits  int64           `json:"bet_per_line_credits"`
	Lines              int             `json:"lines"`
	BetCents           int64           `json:"bet_cents"`
	CreditsBeforeCents int64           `json:"credits_before_cents"`
	Outcome            json.RawMessage `json:"outcome"`         // the title's serialised outcome, opaque here
	Step               int             `json:"step"`            // last presented step
	Phase              string          `json:"phase,omitempty"` // the machine's name for where it is
	Data               json.RawMessage `json:"data,omitempty"`  // anything else the machine needs to resume (gamble steps…)
}

// RecallEntry is one finished game as game recall shows it.
type RecallEntry struct {
	Number             uint64          `json:"number"`
	Time               time.Time       `json:"time"` // as the machine gave it
	Title              string          `json:"title"`
	DenomCents         int64           `json:"denom_cents"`
	BetPerLineCredits  int64           `json:"bet_per_line_credits"`
	Lines              int             `json:"lines"`
	BetCents           int64           `json:"bet_cents"`
	CreditsBeforeCents int64           `json:"credits_before_cents"`
	CreditsAfterCents  int64           `json:"credits_after_cents"`
	WinCents           int64           `json:"win_cents"`
	JackpotCents       int64           `json:"jackpot_cents"`
	HandpayCents       int64           `json:"handpay_cents"`
	Voided             bool            `json:"voided,omitempty"`
	VoidReason         string          `json:"void_reason,omitempty"`
	Outcome            json.RawMessage `json:"outcome"` // every base, feature and gamble step, opaque here
	Gamble             json.RawMessage `json:"gamble,omitempty"`
	Data               json.RawMessage `json:"data,omitempty"` // the game's Data when it finished (FinishGame copies it)
}
