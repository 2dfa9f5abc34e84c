package machine

import (
	"time"

	"egm/machine/aft"
	"egm/machine/bonusjp"
	"egm/machine/reserve"
	"egm/meters"
)

// Status is the machine as the screen shows it.
type Status struct {
	State         State     `json:"state"`
	Reason        string    `json:"reason,omitempty"` // tilt reason, who disabled, the memory error
	CreditsCents  int64     `json:"credits_cents"`
	Wallet        string    `json:"wallet,omitempty"`
	Title         string    `json:"title"`
	DenomCents    int64     `json:"denom_cents"`
	BetPerLine    int64     `json:"bet_per_line_credits"`
	Lines         int       `json:"lines"`
	BetCents      int64     `json:"bet_cents"`
	Game          uint64    `json:"game,omitempty"`    // the game in progress
	Step          int       `json:"step"`              // its next step to present
	Steps         int       `json:"steps,omitempty"`   // its number of steps
	Feature       string    `json:"feature,omitempty"` // the feature of the next step: "free_games" or "lock_spin"
	WinCents      int64     `json:"win_cents,omitempty"`
	GambleCents   int64     `json:"gamble_cents,omitempty"` // the amount at stake in the gamble
	Cashout       *Cashout  `json:"cashout,omitempty"`
	IdleCashoutAt time.Time `json:"idle_cashout_at,omitzero"` // when the balance returns to the wallet
	DoorOpen      bool      `json:"door_open,omitempty"`      // a door is open
	Doors         []string  `json:"doors,omitempty"`          // the doors open (DoorMain, DoorLogic, DoorBelly)
	Disabled      bool      `json:"disabled,omitempty"`
	// AFT (aft.go): locked for a transfer, and the cash-out code waiting for the
	// wallet (its QR is shown; no bet or deposit is taken meanwhile).
	AFTLocked  bool      `json:"aft_locked,omitempty"`
	AFTCashout *aft.Code `json:"aft_cashout,omitempty"`
	// AFTHeldCents is a deposit held for AML due diligence (R-CASH-4): the
	// attendant key approves it.
	AFTHeldCents int64 `json:"aft_held_cents,omitempty"`
	// WalletRefused is the player's message id (the screen's "play" catalogue) of
	// the wallet's refusal of a cash-in (player protection: aft_declined.go),
	// shown for DeclineShown.
	WalletRefused string `json:"wallet_refused,omitempty"`
	// JackpotLevels are the linked levels the game in progress hit (its jackpot
	// amounts are in WinCents once the controller has answered).
	JackpotLevels []string `json:"jackpot_levels,omitempty"`
	// BonusCents is the last bonus award credited (shown until the next game).
	BonusCents int64 `json:"bonus_cents,omitempty"`
	// HandpayCents is the handpay the machine is locked up in (HandpayLockup): a
	// game's win or jackpot over the handpay limit, or a bonus award over it.
	HandpayCents int64 `json:"handpay_cents,omitempty"`
	// Reserved is the reservation of the machine for its player, while it holds
	// (reserve.go): the screen shows RESERVED and the time left (Left).
	Reserved *reserve.Reservation `json:"reserved,omitempty"`
	// BonusJackpot is the machine's own bonus jackpot as its screen shows it,
	// when the title funds it (bonusjp.go): never its trigger.
	BonusJackpot *bonusjp.View `json:"bonus_jackpot,omitempty"`
	// ProgressivePoolCents is three card poker's progressive pool now, shown at
	// the table, when the machine offers the side bet (table_progressive.go).
	ProgressivePoolCents int64 `json:"progressive_pool_cents,omitempty"`
}

// Status returns the machine's current status.
func (m *Machine) Status() Status {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.status()
}

func (m *Machine) state() (State, string) {
	switch {
	case m.st == nil && m.memErr == nil:
		return RAMError, "critical memory is closed"
	case m.memErr != nil:
		if _, ok := asRAMError(m.memErr); ok || m.st == nil {
			return RAMError, m.memErr.Error()
		}
		return Tilt, TiltMemory + ": " + m.memErr.Error()
	case m.d.Tilt != "":
		return Tilt, m.d.Tilt
	case m.d.anyDoorOpen():
		return DoorOpen, ""
	case m.d.Disabled != "":
		return Disabled, m.d.Disabled
	case m.d.Reserve != nil:
		return Reserved, "until " + m.d.Reserve.Until.Format(time.RFC3339) + " by " + m.d.Reserve.By
	case m.game != nil && m.game.pending:
		return JackpotPending, "JACKPOT — waiting for the controller"
	case m.game != nil && m.game.handpay, m.d.Bonus != nil:
		return HandpayLockup, "CALL ATTENDANT"
	case m.game != nil && m.game.round != nil:
		return GambleOffered, ""
	case m.game != nil:
		return GameInProgress, ""
	case m.d.Cashout != nil:
		return CashoutPending, ""
	}
	return Idle, ""
}

func (m *Machine) credits() int64 {
	if m.st == nil {
		return 0
	}
	return m.st.Meters().Get(meters.CurrentCredits)
}

func (m *Machine) status() Status {
	s := Status{CreditsCents: m.credits(), Wallet: m.d.Wallet, DoorOpen: m.d.anyDoorOpen(), Doors: m.d.openDoors(), Disabled: m.d.Disabled != ""}
	s.State, s.Reason = m.state()
	sel := m.sel
	s.Title, s.DenomCents, s.BetPerLine, s.Lines, s.BetCents = sel.title.Spec.ID, sel.denom, sel.perLine, sel.title.Lines(), sel.betCents()
	if g := m.game; g != nil {
		s.Title, s.DenomCents, s.BetPerLine, s.Lines, s.BetCents = g.g.Title, g.g.DenomCents, g.g.BetPerLineCredits, g.g.Lines, g.g.BetCents
		s.Game, s.Step, s.Steps, s.WinCents = g.g.Number, g.shown, g.steps, g.win
		s.Feature = featureAt(&g.outcome, g.shown)
		s.JackpotLevels = g.outcome.Jackpots
		if g.round != nil {
			s.GambleCents = g.round.Amount
		}
	}
	s.BonusCents = m.lastBonus
	if s.State == HandpayLockup {
		if g := m.game; g != nil && g.handpay {
			s.HandpayCents = g.win
		} else if m.d.Bonus != nil {
			s.HandpayCents = m.d.Bonus.Cents
		}
	}
	if m.d.Cashout != nil {
		c := *m.d.Cashout
		s.Cashout = &c
	}
	m.aftStatus(&s)
	if r := m.d.Reserve; r != nil {
		rc := *r
		s.Reserved = &rc
	}
	m.bonusStatus(&s)
	if m.st != nil && m.progressiveOffered() {
		s.ProgressivePoolCents = m.progressivePool()
	}
	if s.State == Idle && s.CreditsCents > 0 {
		s.IdleCashoutAt = m.lastPlay.Add(m.idleAfter())
	}
	return s
}

func (m *Machine) idleAfter() time.Duration {
	return time.Duration(m.cfg.IdleCashoutMinutes) * time.Minute
}
