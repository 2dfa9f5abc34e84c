package refusal

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"egm/machine/settings"
	"egm/machine/state"
	"egm/tables/play"
)

// ErrRefused is wrapped by every refused input (errors.Is); the refusal itself is
// a *Refusal. Package machine gives it as machine.ErrRefused.
var ErrRefused = errors.New("machine: input refused")

// Reason says why the machine refused an input, so that the screen can tell the
// player without reading the engineers' detail.
type Reason uint8

// Reasons of a refusal.
const (
	RefusedOther          Reason = iota // an input the player does not make (host, operator, the screen's own)
	RefusedState                        // the machine's state does not take the input now (Refusal.State says which)
	RefusedBalance                      // the bet is more than the balance
	RefusedNoCredit                     // nothing to cash out
	RefusedTransfer                     // locked for a cashless transfer
	RefusedCodeWaits                    // the cash-out code waits for the wallet
	RefusedWallet                       // the balance belongs to another wallet
	RefusedNoWallet                     // no wallet is known for the balance
	RefusedAmount                       // a deposit outside the machine's limits
	RefusedTitle                        // a title that is not offered
	RefusedDenom                        // a denomination that is not offered
	RefusedBet                          // a bet outside the title's range
	RefusedNoGamble                     // the gamble is not offered on this win
	RefusedNoCashout                    // cash-out codes need a registered cashless host
	RefusedNothingToClear               // the attendant key with no lockup to clear
	RefusedRestricted                   // the wallet refused the player's cash-in (player protection)
	RefusedDecision                     // a table decision that is not open now
	reasons
)

var reasonNames = [reasons]string{"other", "state", "balance", "no_credit", "transfer", "code_waits",
	"wallet", "no_wallet", "amount", "title", "denomination", "bet", "no_gamble", "no_cashout", "nothing_to_clear", "restricted", "decision"}

func (r Reason) String() string {
	if r < reasons {
		return reasonNames[r]
	}
	return "Reason(" + strconv.Itoa(int(r)) + ")"
}

// ParseReason reads a reason's name ("balance"), as Reason.String writes it.
func ParseReason(s string) (Reason, bool) {
	for r, n := range reasonNames {
		if n == s {
			return Reason(r), true
		}
	}
	return 0, false
}

// The player's messages of a refusal are ids of the screen's "play" catalogue
// (locale/catalog/play.*.toml): the machine says what to tell the player and
// with which numbers, the screen words it in the player's language and formats
// its amounts in the player's currency. The machine formats no money for the
// player.

// reasonMsg is the player's message of the reasons that name no amount.
var reasonMsg = map[Reason]string{
	RefusedOther:          "play.refused.other",
	RefusedNoCredit:       "play.refused.no_credit",
	RefusedTransfer:       "play.refused.transfer",
	RefusedWallet:         "play.refused.wallet",
	RefusedNoWallet:       "play.refused.no_wallet",
	RefusedTitle:          "play.refused.title",
	RefusedDenom:          "play.refused.denomination",
	RefusedNoGamble:       "play.refused.no_gamble",
	RefusedNoCashout:      "play.refused.no_cashout",
	RefusedNothingToClear: "play.refused.nothing_to_clear", // the attendant's key: the status line answers the attendant
	RefusedRestricted:     "play.refused.restricted",       // the wallet's refusal: which restriction is confidential, staff tell the player
	RefusedDecision:       "play.refused.decision",
}

// Values are the numbers a player's message names: amounts in minor units of the
// machine's currency (the screen formats them for the player) and counts (the
// screen groups them; a message with the count "N" has plural forms for it).
type Values struct {
	Amounts map[string]int64 `json:"amounts,omitempty"`
	Counts  map[string]int64 `json:"counts,omitempty"`
}

// Refusal is a refused input. Msg is the id of the player's message (plain words,
// in the screen's catalogue) and Values its numbers; Detail is the engineers'
// precise account in English, which Error returns for the logs.
// errors.Is(err, ErrRefused) holds for every Refusal.
type Refusal struct {
	Reason Reason
	State  state.State // RefusedState: the state that refused the input
	Msg    string
	Values Values
	Detail string
}

func (r *Refusal) Error() string { return ErrRefused.Error() + ": " + r.Detail }

// Unwrap makes errors.Is(err, ErrRefused) hold.
func (r *Refusal) Unwrap() error { return ErrRefused }

// PlayerMessage is the player's message of a refused input (err is or wraps a
// Refusal): its id, its values and true; false for any other error.
func PlayerMessage(err error) (msg string, v Values, ok bool) {
	var r *Refusal
	if errors.As(err, &r) && r.Msg != "" {
		return r.Msg, r.Values, true
	}
	return "", Values{}, false
}

// Other refuses an input the player does not make (or one with no better
// reason): the player reads that it is not possible right now.
func Other(format string, a ...any) error {
	return New(RefusedOther, format, a...)
}

// New is a refusal of a reason whose message names no amount.
func New(r Reason, format string, a ...any) *Refusal {
	return &Refusal{Reason: r, Msg: reasonMsg[r], Detail: fmt.Sprintf(format, a...)}
}

// Msg is the player's message of a reason that names no amount ("" for the
// others).
func Msg(r Reason) string { return reasonMsg[r] }

// StateMsg is the player's message for an input refused because the machine is
// in state s.
func StateMsg(s state.State) string {
	switch s {
	case state.Idle:
		return "play.refused.state.idle"
	case state.GameInProgress:
		return "play.refused.state.game_in_progress"
	case state.GambleOffered:
		return "play.refused.state.gamble_offered"
	case state.HandpayLockup:
		return "play.refused.state.handpay"
	case state.CashoutPending:
		return "play.refused.state.cashout_pending"
	case state.DoorOpen:
		return "play.refused.state.door_open"
	case state.Disabled:
		return "play.refused.state.disabled"
	case state.Tilt, state.RAMError:
		return "play.refused.state.out_of_service"
	case state.JackpotPending:
		return "play.refused.state.jackpot_pending"
	case state.Reserved:
		return "play.refused.state.reserved"
	}
	return reasonMsg[RefusedOther]
}

// InState refuses what (an input) in state s; why is the state's reason
// ("" when the state is reason enough: no trailing space).
func InState(what string, s state.State, why string) error {
	d := fmt.Sprintf("%s in state %s", what, s)
	if why = strings.TrimSpace(why); why != "" {
		d += " " + why
	}
	return &Refusal{Reason: RefusedState, State: s, Msg: StateMsg(s), Detail: d}
}

// amounts are a message's amounts given as name, minor units, ….
func amounts(kv ...any) Values {
	v := Values{Amounts: map[string]int64{}}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Amounts[kv[i].(string)] = kv[i+1].(int64)
	}
	return v
}

// Balance refuses a bet the balance does not cover (R-CASH-5).
func Balance(bet, credits int64) error {
	return &Refusal{Reason: RefusedBalance, Msg: "play.refused.balance", Values: amounts("Credit", credits, "Bet", bet),
		Detail: fmt.Sprintf("bet %d cents is more than the balance %d cents (R-CASH-5)", bet, credits)}
}

// CodeWaits refuses an input while the cash-out code of cents waits for the
// wallet.
func CodeWaits(cents int64, format string, a ...any) error {
	return &Refusal{Reason: RefusedCodeWaits, Msg: "play.refused.code_waits", Values: amounts("Amount", cents),
		Detail: fmt.Sprintf(format, a...)}
}

// Amount refuses a deposit outside 1..most cents.
func Amount(most int64, format string, a ...any) error {
	return &Refusal{Reason: RefusedAmount, Msg: "play.refused.amount", Values: amounts("Min", int64(1), "Max", most),
		Detail: fmt.Sprintf(format, a...)}
}

// Bet refuses a bet per line outside lo..hi credits.
func Bet(lo, hi int64, format string, a ...any) error {
	return &Refusal{Reason: RefusedBet, Msg: "play.refused.bet", Values: Values{Counts: map[string]int64{"Min": lo, "N": hi}},
		Detail: fmt.Sprintf(format, a...)}
}

// OneDenom refuses DENOM for a title offered at one denomination only,
// denom (minor units).
func OneDenom(denom int64, format string, a ...any) error {
	return &Refusal{Reason: RefusedDenom, Msg: "play.refused.one_denomination", Values: amounts("Denom", denom),
		Detail: fmt.Sprintf(format, a...)}
}

// TableBet is a table bet refused for its shape or its limits.
func TableBet(err error) error {
	var le *play.LimitError
	if errors.As(err, &le) {
		return &Refusal{Reason: RefusedBet, Msg: "play.refused.table_limit", Values: amounts("Min", le.Min, "Max", le.Max),
			Detail: err.Error()}
	}
	return &Refusal{Reason: RefusedBet, Msg: "play.refused.table_bet", Detail: err.Error()}
}

// SampleRefusals is one refusal of every reason and state, with the largest
// amounts the machine takes: what the player can be told, for the screen's tests
// of its wording and of the room it needs.
func SampleRefusals() []*Refusal {
	var out []*Refusal
	for r := Reason(0); r < reasons; r++ {
		if id, ok := reasonMsg[r]; ok {
			out = append(out, &Refusal{Reason: r, Msg: id, Detail: "sample"})
		}
	}
	for s := state.Idle; s <= state.Reserved; s++ {
		out = append(out, InState("sample", s, "").(*Refusal))
	}
	big := settings.MaxDepositCents
	out = append(out, Balance(big, big-1).(*Refusal), CodeWaits(big, "sample").(*Refusal),
		Amount(big, "sample").(*Refusal), Bet(1_000, 10_000, "sample").(*Refusal), Bet(1, 1, "sample").(*Refusal), OneDenom(big, "sample").(*Refusal),
		TableBet(&play.LimitError{Min: 100_000, Max: big}).(*Refusal), TableBet(errors.New("sample")).(*Refusal))
	return out
}
