package scene

import (
	"sync/atomic"

	"egm/machine"
	"egm/ui/internal/kit"
)

// The player's language lasts the player's session. A session ends with a
// cash-out that leaves no credit: the player's CASH OUT or the idle cash-out
// (both raise machine.Status.Cashout or, to the wallet, AFTCashout), once the
// credit is gone. A cash-out that is cancelled and leaves the credit does not end
// it, nor does losing the last credit in a game (the player is still there).
//
// The machine's status arrives on the session's goroutine, the language is the
// screen's (Ebiten's goroutine): the watcher only raises langReset, which the
// scene manager applies at the start of its next frame (applyLangReset).

// SessionWatch follows the statuses of one machine.
type SessionWatch struct{ cashingOut bool }

// See takes the next status and reports whether it ends the player's session.
func (w *SessionWatch) See(st machine.Status) bool {
	switch {
	case st.Cashout != nil || st.AFTCashout != nil:
		w.cashingOut = true
	case st.CreditsCents > 0:
		w.cashingOut = false // cancelled, or credit put in again
	case w.cashingOut:
		w.cashingOut = false
		return true
	}
	return false
}

// LangReset is raised when a session ended; the next frame returns the player's
// language to the profile's default.
var LangReset atomic.Bool

// ApplyLangReset returns the player's language to the default if a session ended
// since the last frame (called on the screen's goroutine).
func ApplyLangReset() {
	if LangReset.Swap(false) {
		kit.ResetPlayerLang()
	}
}
