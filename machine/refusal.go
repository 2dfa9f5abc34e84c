package machine

import (
	"egm/tables/play"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"egm/internal/euro"
)

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

// fixedText is the player's sentence of the reasons that name no amount.
var fixedText = map[Reason]string{
	RefusedOther:     "That is not possible right now.",
	RefusedNoCredit:  "There is no credit to cash out.",
	RefusedTransfer:  "Please wait: a transfer with your wallet is under way.",
	RefusedWallet:    "The credit on this machine belongs to another wallet: please cash out first.",
	RefusedNoWallet:  "The machine does not know your wallet: please call an attendant.",
	RefusedTitle:     "That game is not offered on this machine.",
	RefusedDenom:     "That credit value is not offered for this game.",
	RefusedNoGamble:  "The gamble is not offered on this win.",
	RefusedNoCashout: "Cash-out is not available right now: please call an attendant.",
	// the attendant\'s key: the status line answers the attendant
	RefusedNothingToClear: "There is nothing for the attendant key to clear.",
	// the wallet's refusal: which restriction is confidential, staff tell the player
	RefusedRestricted: "Your wallet cannot put money in at the moment: please ask the staff.",
	RefusedDecision:   "That choice is not open now.",
}

// Refusal is a refused input. Player is the sentence the player reads (amounts in
// euros, plain words); Detail is the engineers' precise account, which Error
// returns for the logs. errors.Is(err, ErrRefused) holds for every Refusal.
type Refusal struct {
	Reason Reason
	State  State // RefusedState: the state that refused the input
	Player string
	Detail string
}

func (r *Refusal) Error() string { return ErrRefused.Error() + ": " + r.Detail }

// Unwrap makes errors.Is(err, ErrRefused) hold.
func (r *Refusal) Unwrap() error { return ErrRefused }

// PlayerText is the player's sentence for a refused input (err is or wraps a
// Refusal) and true; "" and false for any other error.
func PlayerText(err error) (string, bool) {
	var r *Refusal
	if errors.As(err, &r) {
		return r.Player, true
	}
	return "", false
}

// refuse refuses an input the player does not make (or one with no better
// reason): the player reads that it is not possible right now.
func refuse(format string, a ...any) error {
	return refusal(RefusedOther, format, a...)
}

// refusal is a refusal of a reason whose sentence names no amount.
func refusal(r Reason, format string, a ...any) *Refusal {
	return &Refusal{Reason: r, Player: fixedText[r], Detail: fmt.Sprintf(format, a...)}
}

// StateText is the player's sentence for an input refused because the machine is
// in state s.
func StateText(s State) string {
	switch s {
	case Idle:
		return "There is no win to take or gamble."
	case GameInProgress:
		return "Please wait until the game has been shown."
	case GambleOffered:
		return "Please take or gamble your win first."
	case HandpayLockup:
		return "An attendant pays this win by hand: please wait."
	case CashoutPending:
		return "Your cash-out is on its way to your wallet: please wait."
	case DoorOpen:
		return "A door of the machine is open: please wait for the attendant."
	case Disabled:
		return "This machine is closed for the moment."
	case Tilt, RAMError:
		return "This machine is out of service: please call an attendant."
	case JackpotPending:
		return "Your jackpot is being confirmed: please wait."
	}
	return fixedText[RefusedOther]
}

// refuseState refuses what (an input) in state s; why is the state's reason
// ("" when the state is reason enough: no trailing space).
func refuseState(what string, s State, why string) error {
	d := fmt.Sprintf("%s in state %s", what, s)
	if why = strings.TrimSpace(why); why != "" {
		d += " " + why
	}
	return &Refusal{Reason: RefusedState, State: s, Player: StateText(s), Detail: d}
}

// refuseBalance refuses a bet the balance does not cover (R-CASH-5).
func refuseBalance(bet, credits int64) error {
	return &Refusal{Reason: RefusedBalance,
		Player: fmt.Sprintf("Your credit of %s does not cover the bet of %s.", euro.Format(credits), euro.Format(bet)),
		Detail: fmt.Sprintf("bet %d cents is more than the balance %d cents (R-CASH-5)", bet, credits)}
}

// refuseCodeWaits refuses an input while the cash-out code of cents waits for the
// wallet.
func refuseCodeWaits(cents int64, format string, a ...any) error {
	return &Refusal{Reason: RefusedCodeWaits,
		Player: fmt.Sprintf("Your cash-out of %s waits for your wallet: please scan the code.", euro.Format(cents)),
		Detail: fmt.Sprintf(format, a...)}
}

// refuseAmount refuses a deposit outside 1..most cents.
func refuseAmount(most int64, format string, a ...any) error {
	return &Refusal{Reason: RefusedAmount,
		Player: fmt.Sprintf("A deposit must be from %s to %s.", euro.Format(1), euro.Format(most)),
		Detail: fmt.Sprintf(format, a...)}
}

// refuseBet refuses a bet per line outside lo..hi credits.
func refuseBet(lo, hi int64, format string, a ...any) error {
	return &Refusal{Reason: RefusedBet,
		Player: fmt.Sprintf("The bet per line goes from %d to %d credits.", lo, hi),
		Detail: fmt.Sprintf(format, a...)}
}

// SampleRefusals is one refusal of every reason and state, with the largest
// amounts the machine takes: what the player can be told, for the screen's tests
// of its wording and of the room it needs.
func SampleRefusals() []*Refusal {
	var out []*Refusal
	for r := Reason(0); r < reasons; r++ {
		if t, ok := fixedText[r]; ok {
			out = append(out, &Refusal{Reason: r, Player: t, Detail: "sample"})
		}
	}
	for s := Idle; s <= JackpotPending; s++ {
		out = append(out, refuseState("sample", s, "").(*Refusal))
	}
	big := maxDepositCents
	out = append(out, refuseBalance(big, big-1).(*Refusal), refuseCodeWaits(big, "sample").(*Refusal),
		refuseAmount(big, "sample").(*Refusal), refuseBet(1_000, 10_000, "sample").(*Refusal),
		refuseTableBet(&play.LimitError{Min: 100_000, Max: big}).(*Refusal), refuseTableBet(errors.New("sample")).(*Refusal))
	return out
}
