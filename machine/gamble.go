package machine

import (
	"encoding/json"
	"fmt"

	"egm/features/gamble"
	"egm/machine/refusal"
	"egm/meters"
	"egm/rng"
)

// takeWin declines or ends the gamble: the amount goes to credits.
func (m *Machine) takeWin() error {
	if s, why := m.state(); s != GambleOffered {
		return refusal.InState("take win", s, why)
	}
	return m.settle(m.game.round.Collect(), 0)
}

// gambleStep plays one gamble card: its own draw and its own commit (R-GAME-9). A
// lost or exhausted round is settled at once.
func (m *Machine) gambleStep(k InputKind) error {
	if s, why := m.state(); s != GambleOffered {
		return refusal.InState("gamble", s, why)
	}
	c := m.game
	ch := gamble.Choice{Kind: gamble.OnColour, Colour: gamble.Red}
	if k == InGambleBlack {
		ch.Colour = gamble.Black
	}
	if !c.round.Offered(ch.Kind) {
		return refusal.New(refusal.RefusedNoGamble, "gamble step not offered")
	}
	r := *c.round
	r.Steps = append([]gamble.Step(nil), c.round.Steps...)
	h := gamble.History{Cards: append([]gamble.Card(nil), c.history.Cards...)}
	var playErr error
	rngErr := m.rng.Decide(func(src rng.Source) { _, playErr = r.Play(src, ch, &h) })
	switch {
	case rngErr != nil:
		return m.voidGame(TiltRNG, rngErr)
	case playErr != nil:
		return m.voidGame(TiltProgram, playErr)
	}
	data, err := json.Marshal(gambleData{Round: &r, History: h})
	if err != nil {
		return m.voidGame(TiltProgram, err)
	}
	if err := m.update(func(tx *meters.Tx) error { return tx.SetGamePhase(PhaseGamble, data) }); err != nil {
		return err
	}
	c.round, c.history = &r, h
	m.emit(Output{Kind: OutGambleStep, Gamble: data})
	if r.Over() {
		return m.settle(r.Collect(), 0)
	}
	return nil
}

// GambleHistory returns the round in play and the cards of the gamble so far.
func (m *Machine) GambleHistory() (gamble.Round, gamble.History, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.game == nil || m.game.round == nil {
		return gamble.Round{}, gamble.History{}, fmt.Errorf("machine: no gamble in play")
	}
	return *m.game.round, m.game.history, nil
}
