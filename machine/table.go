package machine

import (
	"encoding/json"
	"fmt"

	"egm/machine/refusal"
	"egm/meters"
	"egm/rng"
	"egm/tables/play"
)

// A table game's round is a game like a slot's, on the same path (docs/machine.md, "One
// game"), with the player's decisions committed between the deal and the
// settlement:
//
//  1. InTableDeal (Title: the game, Table: the bets): the machine must be Idle, the
//     game enabled, the bets inside its limits, and the credits must cover the bets
//     and the least stake that keeps the hand alive (three card poker's Play, Ultimate
//     Texas Hold'em's 1x at the river). The Decider draws the round (play.Deal: the
//     pocket, or one full shuffle of the deck or shoe) and one commit takes the
//     stake (coin_in, games_played, the game's meter) with the round as the game's
//     outcome; only then is OutTable emitted.
//  2. InTableDecision (Decision): a decision open now; the stake it adds (a double, a
//     split, insurance, Play, a raise) is taken from the credits in the same commit
//     as the decision (phase "table": the decisions and the total staked in the
//     game's Data). The outcome bytes never change: a decision takes the next cards
//     of the stored deck and never draws.
//  3. When no decision is left the screen shows the end of the hand and sends
//     InStepShown (step 0); the round is settled by play.Settle, paid like any win:
//     to credits, or above the handpay limit the handpay lockup. Table games have no
//     gamble and no linked jackpot.
//
// A restart replays the stored decisions over the stored deck (resumeTable): the
// hand stands where it stood.

// PhaseTable is a table round with decisions committed: its Data is a tableData.
const PhaseTable = "table"

// tableData is the game's Data once a decision is committed.
type tableData struct {
	Decisions []play.Decision `json:"decisions"`
	Staked    int64           `json:"staked_cents"` // the deal's stake and every decision's
}

// TableRound rebuilds a table round from a stored game's outcome and data (a game
// in progress or a recall entry): the deal, then the decisions taken.
func TableRound(outcome, data json.RawMessage) (*play.Round, error) {
	r, err := play.Parse(outcome)
	if err != nil {
		return nil, fmt.Errorf("machine: %w", err)
	}
	if len(data) == 0 {
		return r, nil
	}
	var td tableData
	if err := json.Unmarshal(data, &td); err != nil {
		return nil, fmt.Errorf("machine: table data: %v", err)
	}
	for i, d := range td.Decisions {
		if _, err := r.Apply(d); err != nil {
			return nil, fmt.Errorf("machine: stored decision %d: %w", i, err)
		}
	}
	if td.Staked != r.Staked() {
		return nil, fmt.Errorf("machine: table data: %d cents staked stored, the decisions stake %d", td.Staked, r.Staked())
	}
	return r, nil
}

// tableDeal deals a table round (step 1 above).
func (m *Machine) tableDeal(in Input) error {
	if s, why := m.state(); s != Idle {
		return refusal.InState("deal", s, why)
	}
	tc := m.cfg.Tables.Of(in.Title)
	if tc == nil || !tc.Enabled {
		return refusal.New(refusal.RefusedTitle, "no table game %q enabled", in.Title)
	}
	if in.Table == nil {
		return refusal.Other("deal: no bets")
	}
	bets := *in.Table
	if err := tc.Limits.Check(in.Title, bets); err != nil {
		return refusal.TableBet(err)
	}
	if err := m.checkProgressive(in.Title, bets); err != nil {
		return err
	}
	stake, credits := play.DealStake(in.Title, bets), m.credits()
	if need := play.DealNeeds(in.Title, bets); need > credits {
		return refusal.Balance(need, credits)
	}
	if err := m.validate(); err != nil {
		return err
	}
	var r *play.Round
	var playErr error
	rngErr := m.rng.Decide(func(src rng.Source) { r, playErr = play.Deal(src, in.Title, bets) })
	now := m.clock.Now()
	m.lastPlay, m.lastBonus = now, 0
	g := meters.GameInProgress{Started: now, Title: in.Title, DenomCents: play.Chip, BetCents: stake, CreditsBeforeCents: credits}
	switch {
	case rngErr != nil:
		return m.voidUndecided(g, TiltRNG, rngErr)
	case playErr != nil:
		return m.voidUndecided(g, TiltProgram, playErr)
	}
	pool := m.dealProgressive(r) // sets the round's pool: before it is stored
	out, err := r.Marshal()
	if err != nil {
		return m.voidUndecided(g, TiltProgram, err)
	}
	g.Outcome = out
	if g, err = m.commitGame(g, nil, pool); err != nil {
		return err
	}
	m.game = &current{g: g, table: r, steps: 1}
	m.emitTable()
	return nil
}

// tableDecision commits one decision of the round in progress (step 2 above).
func (m *Machine) tableDecision(in Input) error {
	if s, why := m.state(); s != GameInProgress || m.game.table == nil {
		return refusal.InState("table decision", s, why)
	}
	c := m.game
	r := c.table.Clone() // the round in force changes only once the decision is committed
	add, err := r.Apply(in.Decision)
	if err != nil {
		return refusal.New(refusal.RefusedDecision, "%v", err)
	}
	credits := m.credits()
	if add > credits {
		return refusal.Balance(add, credits)
	}
	data, err := json.Marshal(tableData{Decisions: r.Decisions, Staked: r.Staked()})
	if err != nil {
		return m.voidGame(TiltProgram, err)
	}
	if err := m.update(func(tx *meters.Tx) error {
		if add > 0 {
			tx.Add(meters.CoinIn, add)
			tx.AddGame(c.g.Title, c.g.DenomCents, 0, add, 0)
			tx.SetCredits(credits - add)
		}
		return tx.SetGamePhase(PhaseTable, data)
	}); err != nil {
		return err
	}
	m.lastPlay = m.clock.Now()
	c.table, c.g.BetCents, c.g.Phase, c.g.Data = r, r.Staked(), PhaseTable, data
	m.emitTable()
	return nil
}

// tableShown: the screen has shown the end of a round with no decision left
// (step 3 above).
func (m *Machine) tableShown() error {
	c := m.game
	if !c.table.Done() {
		return refusal.New(refusal.RefusedDecision, "step shown with decisions open: %v", c.table.Legal())
	}
	s, err := c.table.Settle()
	if err != nil {
		return m.voidGame(TiltProgram, err)
	}
	c.win, c.shown = s.Returned, c.steps
	return m.presented()
}

// resumeTable takes up a table round found in critical memory at boot.
func (m *Machine) resumeTable(g meters.GameInProgress) {
	m.game = &current{g: g, steps: 1}
	r, err := TableRound(g.Outcome, g.Data) // a table game's Data is its decisions in every phase (startHandpay keeps them)
	if err != nil {
		m.voidGame(TiltProgram, fmt.Errorf("stored round of game %d: %w", g.Number, err))
		return
	}
	c := m.game
	c.table, c.g.BetCents = r, r.Staked()
	if g.Phase == PhaseHandpay {
		s, err := r.Settle()
		if err != nil {
			m.voidGame(TiltProgram, fmt.Errorf("stored round of game %d: %w", g.Number, err))
			return
		}
		c.win, c.shown, c.handpay = s.Returned, c.steps, true
		return
	}
	m.emitTable()
}

// emitTable sends the round as it stands (the outcome and the decisions) to the
// screen.
func (m *Machine) emitTable() {
	b, err := m.game.table.Marshal()
	if err != nil {
		return
	}
	m.emit(Output{Kind: OutTable, Outcome: b})
}

// TableRound returns the table round in progress (a copy), if any.
func (m *Machine) TableRound() (*play.Round, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.game == nil || m.game.table == nil {
		return nil, false
	}
	return m.game.table.Clone(), true
}
