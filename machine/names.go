package machine

import "egm/meters"

// Names the machine writes into critical memory that other packages read (the
// floor link's exception map, the lab's checks of a game in progress after a
// power cut, the operator menu): defined once here, used by name everywhere. The
// other event kinds are meters.Ev…, the Ev… of machine/aft and those of bonus.go,
// jackpot.go and operator.go; the AFT counters are machine/aft's, the bonus
// counters are in bonus.go.

// LinkKey is the value of critical memory that belongs to the floor link (its
// exception queue, machine/saslink): the only value the link writes, through the
// LinkSetter of OnCommit and CommitLink.
const LinkKey = "sas_exceptions"

// EvCashoutRequest is the event of a cash-out request to the wallet (SAS 66).
const EvCashoutRequest meters.EventKind = "cashout_request"

// Phases of a game in progress (meters.GameInProgress.Phase), as committed with
// SetGamePhase; a game in its base steps has no phase ("").
const (
	PhaseHandpay = "handpay" // the win waits for the attendant (HandpayLockup)
	PhaseGamble  = "gamble"  // the win is in the gamble; its data is the round and the cards
	PhaseJackpot = "jackpot" // a linked hit waits for (or holds) the controller's amounts; its data is a jackpotData
)

// Counters of the gamble (meters.Tx.AddCounter), in cents: the wins taken into
// the gamble and what came out of it.
const (
	CounterGambleIn  = "gamble_in_cents"
	CounterGambleOut = "gamble_out_cents"
)

// Per-title counters (meters.Tx.AddCounter) that split a title's game meter
// the way SAS reports game meters: the part of its wins paid by the attendant
// (a handpay: SAS "jackpot", meter 02), and the floor's legacy bonuses awarded
// while it was the selected title, credited or handpaid. A title's SAS coin out
// (01) is its won_cents less its handpays plus its credited bonuses, so the games'
// meters add up to the machine's (WonToCredits, Handpay).
func CounterTitleHandpay(title string) string      { return "title_handpay_cents:" + title }
func CounterTitleBonus(title string) string        { return "title_bonus_cents:" + title }
func CounterTitleBonusHandpay(title string) string { return "title_bonus_handpay_cents:" + title }
