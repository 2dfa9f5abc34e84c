//go:build cgo && !noscreen

package ui

import (
	"egm/tables/blackjack"
	"egm/tables/threecard"
)

// tableShots are the table scenes for the screenshot set, each brought to the
// moment shown by its own moves (a capture renders a scene frame by frame, so a
// state reached in code costs no frames): the roulette ball running and the
// winning number; three card poker deciding and settled; a punto banco coup;
// blackjack deciding and settled; Ultimate Texas Hold'em on the flop and at the
// showdown; blackjack's first rules page.
func tableShots(seed uint64) ([]namedShot, error) {
	var set []namedShot
	add := func(name string, s Scene) { set = append(set, namedShot{name, Shot{s, 2}}) }

	spin := NewRouletteTable(seed)
	spin.autoplay()
	spin.t += rSpinTicks / 2
	add("roulette-spin", spin)
	landed := NewRouletteTable(seed)
	landed.autoplay()
	landed.t += rSpinTicks
	landed.land()
	add("roulette-result", landed)

	deciding := NewThreeCardTable(seed)
	deciding.press("DEAL", tcIdle)
	deciding.t += 6*tcDealTicks + 1
	add("three-card-poker-decide", deciding)
	settled := NewThreeCardTable(seed)
	settled.press("DEAL", tcIdle)
	settled.t += 6*tcDealTicks + 1
	d := threecard.Fold
	if threecard.Evaluate(settled.round.Player) >= threecard.Q64 {
		d = threecard.Play
	}
	settled.decide(d)
	settled.t += tcShowTicks + 1
	settled.payout()
	add("three-card-poker-result", settled)

	pb := NewPuntoBancoTable(seed)
	pb.bets[1] = 2000 // the Banker
	pb.deal()
	pb.t += (pb.coup.Cards() + 1) * pbCardTicks
	pb.payout()
	add("punto-banco", pb)

	f, err := blackjack.HouseFigures()
	if err != nil {
		return nil, err
	}
	bjDeciding := NewBlackjackTable(seed)
	bjDeciding.press("DEAL")
	add("blackjack-decide", bjDeciding)
	bj := NewBlackjackTable(seed)
	bj.press("DEAL")
	for bj.playing() {
		bj.apply(f.Strategy.Decide(bj.game))
	}
	bj.t += 6 * bjDealerTicks
	add("blackjack-result", bj)

	flop := NewHoldemTable(seed)
	flop.press("DEAL")
	flop.press("CHECK") // to the flop
	add("holdem-flop", flop)
	show := NewHoldemTable(seed)
	show.press("DEAL")
	for show.deciding() && show.strategy != nil {
		d, err := show.strategy.Decide(show.round.Player, show.board())
		if err != nil {
			return nil, err
		}
		show.decide(d)
	}
	show.t += 40
	add("holdem-result", show)

	if err := waitTableRules("blackjack"); err != nil {
		return nil, err
	}
	add("blackjack-rules", &TableHelp{id: "blackjack", back: NewBlackjackTable(seed)})
	return set, nil
}
