//go:build cgo && !noscreen

package slotscene

import "egm/ui/internal/kit"

// MAX BET. The machine's max_bet input sets the title's largest bet at the
// denomination and starts the game at once (machine.InMaxBet). From 0.50 EUR that
// is a jump to 40.00 EUR in one press, so the screen asks first: a MAX BET press
// that would raise the bet shows what MAX BET plays and starts nothing; a second
// MAX BET press within maxBetAskTicks plays it. At the largest bet already, MAX
// BET plays at once, as on any cabinet; SPIN, or any other button, plays or acts
// At the bet shown and forgets the question.

// MaxBetAskTicks is how long the question stands (10 s).
const MaxBetAskTicks = 10 * TPS

// maxBetAsk is a standing MAX BET question.
type maxBetAsk struct {
	cents int64 // the total bet asked about (0: none)
	At    int   // the scene tick it was asked
}

// confirmMaxBet takes a player's input: it reports whether the input is held
// (a MAX BET that raises the bet, asked about now) rather than sent.
func (p *Play) confirmMaxBet(in kit.Input) bool {
	ask := p.MaxAsk
	p.MaxAsk = maxBetAsk{}
	if in != kit.InputMaxBet || p.Snap.Gamble != nil {
		return false
	}
	max := p.Snap.MaxBet
	if max <= p.Snap.Bet.TotalCents() {
		return false // the bet is the largest already: MAX BET plays
	}
	if ask.cents == max && p.T-ask.At <= MaxBetAskTicks {
		return false // asked, and pressed again: play it
	}
	p.MaxAsk = maxBetAsk{cents: max, At: p.T}
	return true
}

// MaxBetMsg is the question's words while it stands ("" when none).
func (p *Play) MaxBetMsg() string {
	if p.MaxAsk.cents == 0 || p.T-p.MaxAsk.At > MaxBetAskTicks {
		return ""
	}
	return TrMoney("play.status.max_bet_ask", p.MaxAsk.cents)
}
