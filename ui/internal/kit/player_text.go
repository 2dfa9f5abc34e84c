package kit

import (
	"errors"
	"strings"

	"egm/machine"
	"egm/machine/refusal"
)

// What the player reads: every status line and lockup text of metered play is
// made here, from the "play" catalogue in the player's language, with amounts in
// the player's currency. The engineers' detail of a refusal goes to the log
// (MachineSession) and to the operator menu, never to the player. Each function
// words its text when it is called: the scenes call them as they draw (or keep
// the words by language), so a language change shows at once.

// BusyText is the status line while the machine has more inputs waiting than it
// takes.
func BusyText() string { return Tr("play.status.busy") }

// notPossibleText is the status line of a refusal with no sentence of its own.
func notPossibleText() string { return StatusCase(Tr("play.refused.other")) }

// RefusalText is the status line for an input the machine refused: its player
// message worded in the player's language, in the status line's capitals.
func RefusalText(err error) string {
	if id, v, ok := refusal.PlayerMessage(err); ok {
		return StatusCase(refusalWords(id, v))
	}
	if errors.Is(err, machine.ErrRefused) {
		return notPossibleText()
	}
	return Tr("play.status.call_attendant") // the machine locked up: its cover says why
}

// refusalWords is a refusal's sentence: message id with its amounts formatted in
// the player's currency and its counts grouped; a count "N" picks the plural.
func refusalWords(id string, v refusal.Values) string {
	kv := make([]any, 0, 2*(len(v.Amounts)+len(v.Counts)))
	for k, a := range v.Amounts {
		kv = append(kv, k, PlayerMoney(a))
	}
	for k, n := range v.Counts {
		if k != "N" {
			kv = append(kv, k, Grouped(n))
		}
	}
	if n, ok := v.Counts["N"]; ok {
		return TrN(id, n, kv...)
	}
	return Tr(id, kv...)
}

// RefusalDetail is the engineers' account of a refused input (the operator menu).
func RefusalDetail(err error) string {
	var r *refusal.Refusal
	if errors.As(err, &r) {
		return r.Detail
	}
	return err.Error()
}

// StatusCase writes a sentence as the status line shows it: capitals, no final
// full stop.
func StatusCase(s string) string {
	return strings.ToUpper(strings.TrimSuffix(s, "."))
}

// LockupWords are the cover of a lockup (title and detail), "" when st is no
// lockup.
func LockupWords(st machine.Status) (title, detail string) {
	switch st.State {
	case machine.HandpayLockup:
		if st.WinCents > 0 {
			return Tr("play.lockup.call_attendant"), Tr("play.lockup.handpay_win", "Amount", PlayerMoney(st.WinCents))
		}
		return Tr("play.lockup.call_attendant"), Tr("play.lockup.handpay_bonus")
	case machine.JackpotPending:
		return Tr("play.lockup.jackpot"), jackpotWonText(st.JackpotLevels)
	case machine.DoorOpen:
		return Tr("play.lockup.door_open"), Tr("play.lockup.door_open_detail")
	case machine.Disabled:
		return Tr("play.lockup.closed"), Tr("play.lockup.closed_detail")
	case machine.Tilt, machine.RAMError:
		return Tr("play.lockup.out_of_service"), Tr("play.status.call_attendant")
	}
	return "", ""
}

// jackpotWonText is the jackpot lockup's detail: the levels won (their names,
// "Grand", "Major", are the levels' own in every language).
func jackpotWonText(levels []string) string {
	switch n := len(levels); n {
	case 0:
		return Tr("play.lockup.jackpot_any")
	case 1:
		return Tr("play.lockup.jackpot_one", "Level", strings.ToUpper(levels[0]))
	default:
		return Tr("play.lockup.jackpot_two", "Level", strings.ToUpper(strings.Join(levels[:n-1], ", ")), "Other", strings.ToUpper(levels[n-1]))
	}
}

// CashoutText is the status line while a cash-out of cents waits for the wallet.
func CashoutText(cents int64) string {
	return Tr("play.status.cashout", "Amount", PlayerMoney(cents))
}

// WalletRefusedText is the status line while the wallet's refusal of a cash-in
// is shown (which restriction stays with the staff).
func WalletRefusedText() string { return StatusCase(Tr("play.refused.restricted")) }

// BonusText is the status line after a mystery bonus of cents.
func BonusText(cents int64) string {
	return Tr("play.status.mystery_bonus", "Amount", PlayerMoney(cents))
}

// NoCreditText is the status line when the credit does not cover the bet: how to
// put money in. The development keys are named only in development mode (dev),
// to the developer, in English.
func NoCreditText(codes, depositKey, dev bool, depositCents int64) string {
	msg := Tr("play.status.insert_credits")
	if codes {
		msg = Tr("play.status.scan_to_play")
	}
	if dev && depositKey {
		msg += " · F2: " + PlayerMoney(depositCents) + " FROM THE TEST WALLET"
	}
	if dev && codes {
		msg += " · F3: SHOW THE CODE"
	}
	return msg
}

// LockupSamples is a status of every lockup, with the largest amounts and every
// jackpot level: the screenshots' lockups and the tests of their words.
func LockupSamples() []machine.Status {
	const most = 99_999_999_99 // the largest win the meters show
	return []machine.Status{
		{State: machine.HandpayLockup, WinCents: most},
		{State: machine.HandpayLockup}, // a bonus over the handpay limit
		{State: machine.JackpotPending, JackpotLevels: []string{"Grand", "Major"}},
		{State: machine.JackpotPending, JackpotLevels: []string{"Grand"}},
		{State: machine.JackpotPending},
		{State: machine.DoorOpen},
		{State: machine.Disabled, Reason: "floor host"},
		{State: machine.Tilt, Reason: machine.TiltRNG},
		{State: machine.RAMError, Reason: "meters: both copies fail their checksum"},
	}
}
