package machine

import (
	"encoding/json"
	"errors"
	"fmt"

	"egm/features/gamble"
	"egm/games/slot"
	"egm/jurisdiction"
	"egm/machine/refusal"
	"egm/meters"
	"egm/rng"
	"egm/tables/play"
)

// current is the game in progress: the committed record and what follows from it.
type current struct {
	g       meters.GameInProgress
	title   *slot.Title
	outcome slot.Outcome
	steps   int          // presentation steps: the base spin, each free game, each Lock & Spin respin
	shown   int          // steps presented so far (committed as the game's Step)
	win     int64        // the outcome's win plus its jackpots at their amounts
	jackpot int64        // the jackpot part of win
	handpay bool         // in the handpay lockup
	jp      *jackpotData // linked hits: the levels and the controller's amounts (jackpot.go)
	pending bool         // waiting for the controller's amounts (JackpotPending)
	round   *gamble.Round
	history gamble.History
	table   *play.Round // a table game's round as it stands (table.go); title is nil then
	bonus   int64       // the bonus jackpot award of this game, part of win (bonusjp.go)
}

// gambleData is the game's data in the gamble phase.
type gambleData struct {
	Round   *gamble.Round  `json:"round"`
	History gamble.History `json:"history"`
}

// Steps returns the number of presentation steps of an outcome: step 0 is the base
// spin, then one per free game, then one per Lock & Spin respin.
func Steps(o *slot.Outcome) int {
	n := 1
	if o.FreeGames != nil {
		n += len(o.FreeGames.Games)
	}
	if o.LockSpin != nil {
		n += len(o.LockSpin.Respins)
	}
	return n
}

// featureAt names the feature that step i of an outcome belongs to ("" for the base
// spin and past the last step).
func featureAt(o *slot.Outcome, i int) string {
	free := 0
	if o.FreeGames != nil {
		free = len(o.FreeGames.Games)
	}
	switch {
	case i < 1 || i >= Steps(o):
		return ""
	case i <= free:
		return "free_games"
	}
	return "lock_spin"
}

// JackpotCents is what a machine without a floor controller pays for the levels an
// outcome hit: each level's reset value. A linked machine pays the controller's
// amounts instead (jackpot.go).
// JackpotCents is in euro cents (the Estonian profile's resets); JackpotResets
// is in a profile's currency.
func JackpotCents(levels []string) int64 { return JackpotResets(jurisdiction.EE.Limits, levels) }

// JackpotResets is the sum of the levels' reset values in l's currency.
func JackpotResets(l jurisdiction.Limits, levels []string) int64 {
	var sum int64
	for _, lv := range levels {
		switch lv {
		case slot.Grand:
			sum += l.GrandReset
		case slot.Major:
			sum += l.MajorReset
		}
	}
	return sum
}

func asRAMError(err error) (*meters.RAMError, bool) {
	var re *meters.RAMError
	ok := errors.As(err, &re)
	return re, ok
}

// spin plays one game: checks, the decision, and the commit of the bet with the
// outcome before anything is shown (docs/machine.md, "One game").
func (m *Machine) spin() error {
	if s, why := m.state(); s != Idle {
		return refusal.InState("spin", s, why)
	}
	sel := m.sel
	bet, credits := sel.betCents(), m.credits()
	if bet > credits {
		return refusal.Balance(bet, credits)
	}
	if err := m.validate(); err != nil {
		return err
	}
	var out slot.Outcome
	var playErr error
	var bj *bonusRecord
	rngErr := m.rng.Decide(func(src rng.Source) {
		if playErr = sel.title.PlayIn(src, sel.bet(), m.limits, &out); playErr == nil {
			bj, playErr = m.bonusDecide(src, sel.title.Spec.ID, bet)
		}
	})
	now := m.clock.Now()
	m.lastPlay, m.lastBonus = now, 0
	g := meters.GameInProgress{Started: now, Title: sel.title.Spec.ID, DenomCents: sel.denom,
		BetPerLineCredits: sel.perLine, Lines: sel.title.Lines(), BetCents: bet, CreditsBeforeCents: credits}
	switch {
	case rngErr != nil:
		return m.voidUndecided(g, TiltRNG, rngErr)
	case playErr != nil:
		return m.voidUndecided(g, TiltProgram, playErr)
	}
	outJSON, err := json.Marshal(&out)
	if err != nil {
		return m.voidUndecided(g, TiltProgram, err)
	}
	g.Outcome = outJSON
	if g, err = m.commitGame(g, bj); err != nil {
		return err
	}
	m.game = m.newCurrent(g, sel.title, out)
	m.emit(Output{Kind: OutPresent, Step: 0, Outcome: g.Outcome})
	return nil
}

// commitGame is a game's first commit: the bet taken from the credits (coin_in,
// games_played, the game's meter) with the game in progress and its outcome. It
// returns the game as stored.
func (m *Machine) commitGame(g meters.GameInProgress, bj *bonusRecord, also ...func(tx *meters.Tx) error) (meters.GameInProgress, error) {
	if err := m.update(func(tx *meters.Tx) error {
		for _, f := range also {
			if f != nil {
				if err := f(tx); err != nil {
					return err
				}
			}
		}
		g.Number = uint64(tx.Meter(meters.GamesPlayed)) + 1
		if err := m.commitBonus(tx, bj, g.Number); err != nil {
			return err
		}
		tx.Add(meters.CoinIn, g.BetCents)
		tx.Add(meters.GamesPlayed, 1)
		tx.AddGame(g.Title, g.DenomCents, 1, g.BetCents, 0)
		tx.SetCredits(g.CreditsBeforeCents - g.BetCents)
		return tx.SetGame(g)
	}); err != nil {
		return g, err
	}
	m.st.View(func(v *meters.Snapshot) { g, _ = v.Game() }) // the stored bytes, exactly
	return g, nil
}

func (m *Machine) newCurrent(g meters.GameInProgress, t *slot.Title, out slot.Outcome) *current {
	c := &current{g: g, title: t, outcome: out, steps: Steps(&out), shown: g.Step}
	if c.jp = parseJackpotData(g); c.jp != nil {
		c.jackpot = c.jp.total() // the controller's amounts so far, as committed
	} else {
		c.jackpot = JackpotResets(m.prof.Limits, out.Jackpots)
	}
	c.bonus = m.bonusAward(g.Number)
	c.win = out.Win + c.jackpot + c.bonus
	return c
}

// voidUndecided records a game whose decision failed (R-FAULT-1): the bet is taken
// and refunded in one commit, the void is in recall and the event log, and the
// machine tilts.
func (m *Machine) voidUndecided(g meters.GameInProgress, reason string, cause error) error {
	d := m.d
	d.Tilt = reason
	err := m.updateDurable(&d, func(tx *meters.Tx) error {
		g.Number = uint64(tx.Meter(meters.GamesPlayed)) + 1
		tx.Add(meters.CoinIn, g.BetCents)
		tx.Add(meters.GamesPlayed, 1)
		tx.AddGame(g.Title, g.DenomCents, 1, g.BetCents, 0)
		tx.Add(meters.VoidedRefund, g.BetCents)
		tx.Add(meters.GamesVoided, 1)
		tx.SetCredits(g.CreditsBeforeCents)
		m.event(tx, meters.EvGameVoided, fmt.Sprintf("game %d voided, stake %d refunded: %s: %v", g.Number, g.BetCents, reason, cause))
		m.event(tx, meters.EvTilt, reason+": "+cause.Error())
		return tx.AppendRecall(m.recallEntry(g, g.CreditsBeforeCents, 0, 0, 0, reason))
	})
	if err != nil {
		return err
	}
	m.emit(Output{Kind: OutGameEnd, Recall: &RecallView{Number: g.Number, Title: g.Title, BetCents: g.BetCents, Voided: true, VoidReason: reason}})
	return fmt.Errorf("machine: game %d voided: %s: %w", g.Number, reason, cause)
}

func (m *Machine) recallEntry(g meters.GameInProgress, after, win, jackpot, handpay int64, voidReason string) meters.RecallEntry {
	return meters.RecallEntry{Number: g.Number, Time: m.clock.Now(), Title: g.Title, DenomCents: g.DenomCents,
		BetPerLineCredits: g.BetPerLineCredits, Lines: g.Lines, BetCents: g.BetCents,
		CreditsBeforeCents: g.CreditsBeforeCents, CreditsAfterCents: after, WinCents: win,
		JackpotCents: jackpot, HandpayCents: handpay, Voided: voidReason != "", VoidReason: voidReason}
}

// resume takes up a game found in critical memory at boot, with its stored outcome.
func (m *Machine) resume(g meters.GameInProgress) {
	if play.IsTable(g.Title) {
		m.resumeTable(g)
		return
	}
	t, ok := m.byID[g.Title]
	var out slot.Outcome
	var err error
	if !ok {
		err = fmt.Errorf("title %q of game %d is not installed", g.Title, g.Number)
	} else if err = json.Unmarshal(g.Outcome, &out); err != nil {
		err = fmt.Errorf("stored outcome of game %d: %v", g.Number, err)
	}
	if err != nil {
		m.game = &current{g: g}
		m.voidGame(TiltProgram, err)
		return
	}
	c := m.newCurrent(g, t, out)
	m.game = c
	switch g.Phase {
	case PhaseHandpay:
		c.handpay, c.shown = true, c.steps
		return
	case PhaseJackpot:
		c.shown = c.steps
		if c.jp == nil {
			m.voidGame(TiltProgram, fmt.Errorf("stored jackpot of game %d does not parse", g.Number))
			return
		}
		if c.pending = true; c.jp.complete() {
			m.payJackpot() // every amount was committed: pay them, never asking again
		}
		return
	case PhaseGamble:
		var gd gambleData
		if err := json.Unmarshal(g.Data, &gd); err != nil || gd.Round == nil {
			m.voidGame(TiltProgram, fmt.Errorf("stored gamble of game %d: %v", g.Number, err))
			return
		}
		c.round, c.history, c.shown = gd.Round, gd.History, c.steps
		if c.round.Over() {
			m.settle(c.round.Collect(), 0)
		}
		return
	}
	c.shown = min(c.shown, c.steps-1)
	m.emit(Output{Kind: OutPresent, Step: c.shown, Outcome: g.Outcome})
}

// stepShown: the screen has presented step i. Each step but the last is committed;
// the last leads to settlement, the gamble offer or the handpay lockup.
func (m *Machine) stepShown(i int) error {
	if s, why := m.state(); s != GameInProgress {
		return refusal.Other("step shown in state %s %s", s, why)
	}
	c := m.game
	if c.table != nil && i == 0 {
		return m.tableShown()
	}
	if i < c.shown || i >= c.steps {
		return refusal.Other("step %d shown, expected %d..%d", i, c.shown, c.steps-1)
	}
	if i+1 < c.steps {
		if err := m.update(func(tx *meters.Tx) error { return tx.SetGameStep(i + 1) }); err != nil {
			return err
		}
		c.shown = i + 1
		m.emit(Output{Kind: OutPresent, Step: c.shown, Outcome: c.g.Outcome})
		return nil
	}
	c.shown = c.steps
	return m.presented()
}

// presented decides what follows a fully presented game.
func (m *Machine) presented() error {
	c := m.game
	switch {
	case m.linked && len(c.outcome.Jackpots) > 0 && c.jp == nil:
		return m.startJackpot()
	case c.win > m.cfg.HandpayLimitCents:
		return m.startHandpay()
	case c.win > 0 && len(c.outcome.Jackpots) == 0 && c.bonus == 0 && m.gambleOn(c):
		r, err := gamble.NewRound(m.cfg.Gamble, c.win)
		if err == nil && r.Offered(gamble.OnColour) {
			c.round = r
			return nil
		}
	}
	return m.settle(c.win, 0)
}

func (m *Machine) gambleOn(c *current) bool {
	return c.title != nil && m.cfg.Gamble.Enabled && c.title.Spec.Gamble
}

func (m *Machine) startHandpay() error {
	c := m.game
	if err := m.update(func(tx *meters.Tx) error {
		m.event(tx, meters.EvHandpay, fmt.Sprintf("game %d: win %d cents over the handpay limit %d: CALL ATTENDANT", c.g.Number, c.win, m.cfg.HandpayLimitCents))
		m.amlWin(tx, c.win)
		var data json.RawMessage
		if c.jp != nil {
			data = c.jp.raw() // the controller's amounts stay in the game record
		}
		if c.table != nil {
			data = c.g.Data // the hand's decisions stay in the game record
		}
		return tx.SetGamePhase(PhaseHandpay, data)
	}); err != nil {
		return err
	}
	c.handpay = true
	return nil
}

func (m *Machine) amlWin(tx *meters.Tx, win int64) {
	if win >= m.cfg.AMLThresholdCents {
		m.event(tx, meters.EvAMLFlag, fmt.Sprintf("win of %d cents at or above %d (R-CASH-7): staff registration and due diligence", win, m.cfg.AMLThresholdCents))
	}
}

// settle ends the game in progress: credited goes to credits, handpay was paid by
// the attendant. Then critical memory is validated again.
func (m *Machine) settle(credited, handpay int64) error {
	c := m.game
	var gambleJSON []byte
	if c.round != nil {
		gambleJSON, _ = json.Marshal(c.round)
	}
	var after int64
	if err := m.update(func(tx *meters.Tx) error {
		after = tx.Meter(meters.CurrentCredits) + credited
		tx.Add(meters.WonToCredits, credited)
		tx.Add(meters.Handpay, handpay)
		tx.Add(meters.Jackpot, c.jackpot)
		if c.win > 0 {
			tx.Add(meters.GamesWon, 1)
		} else {
			tx.Add(meters.GamesLost, 1)
		}
		tx.AddGame(c.g.Title, c.g.DenomCents, 0, 0, credited+handpay)
		if handpay > 0 {
			tx.AddCounter(CounterTitleHandpay(c.g.Title), handpay)
		}
		if c.round != nil && len(c.round.Steps) > 0 {
			tx.AddCounter(CounterGambleIn, c.round.Start)
			tx.AddCounter(CounterGambleOut, c.round.Amount)
		}
		tx.SetCredits(after)
		if handpay == 0 {
			m.amlWin(tx, credited)
		} else {
			m.event(tx, meters.EvHandpayReset, fmt.Sprintf("game %d: %d cents paid by the attendant", c.g.Number, handpay))
		}
		m.jackpotEvent(tx, c, handpay)
		if err := m.bonusEnd(tx, c.g.Number, handpay, false); err != nil {
			return err
		}
		r := m.recallEntry(c.g, after, credited+handpay, c.jackpot, handpay, "")
		r.Gamble = gambleJSON
		return tx.FinishGame(r)
	}); err != nil {
		return err
	}
	m.game = nil
	m.emit(Output{Kind: OutGameEnd, Recall: &RecallView{Number: c.g.Number, Title: c.g.Title, BetCents: c.g.BetCents, WinCents: credited + handpay, HandpayCents: handpay}})
	return m.validate()
}

// voidGame voids the committed game in progress after a fault (R-FAULT-1): the
// stake back, no win, the void in recall and the event log, and a tilt.
func (m *Machine) voidGame(reason string, cause error) error {
	c := m.game
	d := m.d
	d.Tilt = reason
	err := m.updateDurable(&d, func(tx *meters.Tx) error {
		after := tx.Meter(meters.CurrentCredits) + c.g.BetCents
		tx.Add(meters.VoidedRefund, c.g.BetCents)
		tx.Add(meters.GamesVoided, 1)
		tx.SetCredits(after)
		m.event(tx, meters.EvGameVoided, fmt.Sprintf("game %d voided, stake %d refunded: %s: %v", c.g.Number, c.g.BetCents, reason, cause))
		m.event(tx, meters.EvTilt, reason+": "+cause.Error())
		if err := m.bonusEnd(tx, c.g.Number, 0, true); err != nil {
			return err
		}
		return tx.FinishGame(m.recallEntry(c.g, after, 0, 0, 0, reason))
	})
	if err != nil {
		return err
	}
	m.game = nil
	m.emit(Output{Kind: OutGameEnd, Recall: &RecallView{Number: c.g.Number, Title: c.g.Title, BetCents: c.g.BetCents, Voided: true, VoidReason: reason}})
	return fmt.Errorf("machine: game %d voided: %s: %w", c.g.Number, reason, cause)
}
