package ui

import (
	"errors"
	"strings"

	"egm/machine"
)

// What the player reads: every status line and lockup text of metered play is
// made here, in euros and plain words. The engineers' detail of a refusal goes to
// the log (MachineSession) and to the operator menu, never to the player.

// busyText is the status line while the machine has more inputs waiting than it
// takes.
const busyText = "ONE MOMENT PLEASE"

// notNowText is the status line of a refusal with no sentence of its own.
const notNowText = "NOT POSSIBLE RIGHT NOW"

// refusalText is the status line for an input the machine refused: its player
// sentence, in the status line's capitals.
func refusalText(err error) string {
	if s, ok := machine.PlayerText(err); ok && s != "" {
		return statusCase(s)
	}
	if errors.Is(err, machine.ErrRefused) {
		return notNowText
	}
	return "PLEASE CALL AN ATTENDANT" // the machine locked up: its cover says why
}

// refusalDetail is the engineers' account of a refused input (the operator menu).
func refusalDetail(err error) string {
	var r *machine.Refusal
	if errors.As(err, &r) {
		return r.Detail
	}
	return err.Error()
}

// statusCase writes a sentence as the status line shows it: capitals, no final
// full stop.
func statusCase(s string) string {
	return strings.ToUpper(strings.TrimSuffix(s, "."))
}

// lockupWords are the cover of a lockup (title and detail), "" when st is no
// lockup.
func lockupWords(st machine.Status) (title, detail string) {
	switch st.State {
	case machine.HandpayLockup:
		if st.WinCents > 0 {
			return "CALL ATTENDANT", "AN ATTENDANT PAYS YOUR WIN OF " + playerMoney(st.WinCents)
		}
		return "CALL ATTENDANT", "AN ATTENDANT PAYS YOUR BONUS"
	case machine.JackpotPending:
		levels := "A JACKPOT"
		if len(st.JackpotLevels) > 0 {
			levels = "THE " + strings.ToUpper(strings.Join(st.JackpotLevels, " AND THE "))
		}
		return "JACKPOT", "YOU WON " + levels + " · PLEASE WAIT FOR THE AMOUNT"
	case machine.DoorOpen:
		return "DOOR OPEN", "AN ATTENDANT IS SERVICING THIS MACHINE"
	case machine.Disabled:
		return "MACHINE CLOSED", "THIS MACHINE IS CLOSED FOR THE MOMENT"
	case machine.Tilt, machine.RAMError:
		return "OUT OF SERVICE", "PLEASE CALL AN ATTENDANT"
	}
	return "", ""
}

// cashoutText is the status line while a cash-out of cents waits for the wallet.
func cashoutText(cents int64) string {
	return "YOUR CASH-OUT OF " + playerMoney(cents) + " IS ON ITS WAY TO YOUR WALLET"
}

// walletRefusedText is the status line while the wallet's refusal of a cash-in
// is shown (the machine's sentence: which restriction stays with the staff).
func walletRefusedText(sentence string) string { return statusCase(sentence) }

// bonusText is the status line after a mystery bonus of cents.
func bonusText(cents int64) string { return "MYSTERY JACKPOT BONUS " + playerMoney(cents) }

// noCreditText is the status line when the credit does not cover the bet: how to
// put money in. The development keys are named only in development mode (dev).
func noCreditText(codes, depositKey, dev bool, depositCents int64) string {
	msg := "INSERT CREDITS"
	if codes {
		msg = "SCAN THE QR CODE TO PLAY"
	}
	if dev && depositKey {
		msg += " · F2: " + playerMoney(depositCents) + " FROM THE TEST WALLET"
	}
	if dev && codes {
		msg += " · F3: SHOW THE CODE"
	}
	return msg
}

// lockupSamples is a status of every lockup, with the largest amounts and every
// jackpot level: the screenshots' lockups and the tests of their words.
func lockupSamples() []machine.Status {
	const most = 99_999_999_99 // the largest win the meters show
	return []machine.Status{
		{State: machine.HandpayLockup, WinCents: most},
		{State: machine.HandpayLockup}, // a bonus over the handpay limit
		{State: machine.JackpotPending, JackpotLevels: []string{"Grand", "Major"}},
		{State: machine.JackpotPending, JackpotLevels: []string{"Grand"}},
		{State: machine.DoorOpen},
		{State: machine.Disabled, Reason: "floor host"},
		{State: machine.Tilt, Reason: machine.TiltRNG},
		{State: machine.RAMError, Reason: "meters: both copies fail their checksum"},
	}
}
