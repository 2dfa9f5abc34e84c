package kit

import (
	"egm/features/gamble"
	"egm/games/slot"
)

// Input is a cabinet button or a screen event the play scene sends its Session.
type Input uint8

// Inputs.
const (
	InputSpin Input = iota + 1
	InputMaxBet
	InputBetUp
	InputBetDown
	InputDenom
	InputTakeWin
	InputGamble
	InputCashOut
	// InputGambleRed, InputGambleBlack bet the gamble on a colour; InputCollect
	// ends the gamble and takes the amount.
	InputGambleRed
	InputGambleBlack
	InputCollect
	// InputPresented reports that the screen has finished showing step Event.Step
	// of game Event.Game, counted as the machine counts them (0 the base game, then
	// one per free game, then one per respin); the machine commits it, so a
	// restart resumes at the next step.
	InputPresented
)

var inputNames = [...]string{InputSpin: "spin", InputMaxBet: "max bet", InputBetUp: "bet up",
	InputBetDown: "bet down", InputDenom: "denomination", InputTakeWin: "take win",
	InputGamble: "gamble", InputCashOut: "cash out", InputGambleRed: "gamble red",
	InputGambleBlack: "gamble black", InputCollect: "collect", InputPresented: "presented"}

func (i Input) String() string {
	if int(i) < len(inputNames) && inputNames[i] != "" {
		return inputNames[i]
	}
	return "input?"
}

// Event is one input with the game it refers to.
type Event struct {
	Input Input
	Game  uint64 // Snapshot.Game the screen was showing
	Step  int    // InputPresented: the step shown
}

// Snapshot is what the screen shows of the machine: amounts in integer cents, the
// Game being presented, and what the player may do. The screen reads it every
// frame and never changes it.
type Snapshot struct {
	Title  *slot.Title
	Credit int64 // cents
	Denom  int64 // cents per credit
	Bet    slot.Bet
	// MaxBet is the total bet MAX BET plays: the title's largest at the
	// denomination (cents; 0: unknown).
	MaxBet int64
	// Game counts decided games; a new value means a new Outcome to present.
	Game    uint64
	Outcome *slot.Outcome // nil before the first game
	// Step is the outcome's next step to present (0 for a fresh game; after a
	// restart, the step after the last one committed as shown).
	Step int
	// Win is the win of the last game not yet taken (cents).
	Win int64
	// What the buttons may do now.
	CanSpin, CanGamble, CanTakeWin, CanCashOut bool
	// Jackpot levels in cents; 0 means unknown and shows as "—".
	Grand, Major, Mystery int64
	// BonusJackpot is the machine's own bonus jackpot's amount and its "must be
	// won by" ceiling (cents), when the title funds it (0: none).
	BonusJackpot, BonusJackpotCeiling int64
	// Demo marks demo play (attract mode, `egm demo`): nothing is metered.
	Demo bool
	// Message is a status line (e.g. why SPIN is refused).
	Message string
	// Gamble is the gamble round in play (nil: none); its Steps hold every card
	// drawn and its Amount the amount at stake. GambleHistory are the last cards
	// drawn on this machine, newest first.
	Gamble        *gamble.Round
	GambleHistory []gamble.Card
	// Lockup, when set, covers the game unmissably: "CALL ATTENDANT", "TILT",
	// "DOOR OPEN", "DISABLED BY HOST", "RAM ERROR"; LockupDetail says more (the
	// amount to pay, the tilt's reason).
	Lockup, LockupDetail string
	// Alarm: the lockup calls the attendant (a handpay, a tilt, an open door, a RAM
	// error) and the alarm sounds; the host's disable and a jackpot waiting for
	// the controller are silent.
	Alarm bool
}

// Session is the play scene's view of the machine: a snapshot to draw and a sink
// for the player's inputs. The machine satisfies it for metered play; DemoSession
// satisfies it for the attract mode.
type Session interface {
	Snapshot() Snapshot
	Send(Event) error
}
