package machine

import (
	"fmt"
	"time"

	"egm/machine/settings"
	"egm/tables/play"
)

// InputKind names an input event.
type InputKind int

// Inputs: the player's buttons, the attendant, the doors, the floor host, the wallet
// and the presentation.
const (
	InSelectTitle      InputKind = iota + 1 // Title
	InSelectDenom                           // Cents
	InSetBet                                // Credits: credits per line
	InBetUp                                 // next bet per line (wraps to the smallest)
	InMaxBet                                // the largest bet per line, then SPIN
	InSpin                                  // play one game
	InStepShown                             // Step: the screen has finished showing this step
	InTakeWin                               // decline the gamble: the win goes to credits
	InGambleRed                             // gamble on red
	InGambleBlack                           // gamble on black
	InCollect                               // end the gamble and take the amount
	InCashout                               // the player's TICKET/CASH OUT
	InAttendantKey                          // clears a handpay or a tilt whose cause is gone
	InDoorOpen                              // Door (empty: the main door), Detail: a door switch opened
	InDoorClose                             // Door (empty: every open door), Detail: a door closed
	InHostDisable                           // Who: the floor host or the operator disables play
	InHostEnable                            // enables it again
	InDeposit                               // Wallet, Cents: a wallet deposit arrived
	InCashoutConfirmed                      // CashoutID: the wallet received the balance
	InCashoutFailed                         // CashoutID: the transfer failed; the balance stays
	InRAMClear                              // Who: the operator's RAM clear (only in RAM ERROR)
	InTick                                  // time passes (idle cash-out)
	InConfigure                             // settings.Config, Who: the operator's new settings (only between games)
	InOperatorAccess                        // Who, Detail: the operator menu's access to log (opened, wrong PIN, closed)
	InJackpotAmount                         // Game, Hit, Level, Cents: the controller's amount for a linked level hit (jackpot.go)
	InBonus                                 // Cents, Tax: a bonus award from the floor (legacy bonus, bonus.go)
	InTableDeal                             // Title, Table: deal a table game's round with these bets (table.go)
	InTableDecision                         // Decision: the player's decision in the table round in progress
	InBetDown                               // the bet per line before (wraps to the largest)
	InNextDenom                             // the title's next denomination offered (wraps to the first)
	InReserve                               // Who, Minutes: the staff reserve the machine for its player (reserve.go)
	InReserveEnd                            // Who: the staff end the reservation
)

var inputNames = map[InputKind]string{
	InSelectTitle: "select_title", InSelectDenom: "select_denom", InSetBet: "set_bet", InBetUp: "bet_up",
	InMaxBet: "max_bet", InSpin: "spin", InStepShown: "step_shown", InTakeWin: "take_win",
	InGambleRed: "gamble_red", InGambleBlack: "gamble_black", InCollect: "collect", InCashout: "cashout",
	InAttendantKey: "attendant_key", InDoorOpen: "door_open", InDoorClose: "door_close",
	InHostDisable: "host_disable", InHostEnable: "host_enable", InDeposit: "deposit",
	InCashoutConfirmed: "cashout_confirmed", InCashoutFailed: "cashout_failed", InRAMClear: "ram_clear", InTick: "tick",
	InConfigure:      "configure",
	InOperatorAccess: "operator_access",
	InJackpotAmount:  "jackpot_amount", InBonus: "bonus",
	InTableDeal: "table_deal", InTableDecision: "table_decision",
	InBetDown: "bet_down", InNextDenom: "next_denom",
	InReserve: "reserve", InReserveEnd: "reserve_end",
}

func (k InputKind) String() string {
	if n, ok := inputNames[k]; ok {
		return n
	}
	return "input?"
}

// MarshalText writes the input's name.
func (k InputKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads an input's name (as in a headless run's JSON lines).
func (k *InputKind) UnmarshalText(b []byte) error {
	for kind, n := range inputNames {
		if n == string(b) {
			*k = kind
			return nil
		}
	}
	return fmt.Errorf("machine: unknown input %q", b)
}

// Input is one input event; only the fields its kind names are read.
type Input struct {
	Kind      InputKind        `json:"kind"`
	Title     string           `json:"title,omitempty"`
	Cents     int64            `json:"cents,omitempty"`
	Credits   int64            `json:"credits,omitempty"`
	Step      int              `json:"step,omitempty"`
	Wallet    string           `json:"wallet,omitempty"`
	Who       string           `json:"who,omitempty"`
	CashoutID uint64           `json:"cashout_id,omitempty"`
	Config    *settings.Config `json:"config,omitempty"`
	Game      uint64           `json:"game,omitempty"`     // InJackpotAmount: the game whose hit is paid
	Hit       int              `json:"hit,omitempty"`      // InJackpotAmount: the hit's index in the game (0 first)
	Level     string           `json:"level,omitempty"`    // InJackpotAmount: the level hit
	Tax       int              `json:"tax,omitempty"`      // InBonus: 0 deductible, 1 non-deductible, 2 wager match
	Detail    string           `json:"detail,omitempty"`   // InOperatorAccess: what to log; InDoorOpen/Close: added to the log
	Door      string           `json:"door,omitempty"`     // InDoorOpen, InDoorClose: DoorMain, DoorLogic or DoorBelly
	Table     *play.Bets       `json:"table,omitempty"`    // InTableDeal: the bets
	Decision  play.Decision    `json:"decision,omitempty"` // InTableDecision
	Minutes   int              `json:"minutes,omitempty"`  // InReserve: the reservation's length
}

// Clock tells the machine the time (injected: tests move it by hand).
type Clock interface{ Now() time.Time }

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }
