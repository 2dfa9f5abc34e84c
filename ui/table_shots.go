//go:build cgo && !noscreen

package ui

import (
	"egm/tables/play"
)

// tableShots are the table scenes in demo play for the screenshot set, each
// brought to the moment shown by its own moves (a capture renders a scene frame
// by frame, so a state reached in code costs no frames): the roulette ball
// running and the winning number; three card poker deciding and settled; a punto
// banco coup; blackjack deciding and settled; Ultimate Texas Hold'em on the flop
// and at the showdown; blackjack's first rules page. The same scenes in machine
// play are tableMachineShots'.
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
	landed.endShown()
	add("roulette-result", landed)

	deciding := NewThreeCardTable(seed)
	deciding.press("DEAL", tcIdle)
	deciding.t += 6*tcDealTicks + 1
	add("three-card-poker-decide", deciding)
	settled := NewThreeCardTable(seed)
	settled.press("DEAL", tcIdle)
	if err := autoPlay(&settled.tableCore); err != nil {
		return nil, err
	}
	settled.t += tcShowTicks + 1
	settled.endShown()
	add("three-card-poker-result", settled)

	pb := NewPuntoBancoTable(seed)
	pb.bets[1] = 2000 // the Banker
	pb.dealCoup()
	pb.t += 10 * pbCardTicks
	pb.endShown()
	add("punto-banco", pb)

	bjDeciding := NewBlackjackTable(seed)
	bjDeciding.press("DEAL")
	add("blackjack-decide", bjDeciding)
	bj := NewBlackjackTable(seed)
	bj.press("DEAL")
	if err := autoPlay(&bj.tableCore); err != nil {
		return nil, err
	}
	bj.t += 6 * bjDealerTicks
	bj.endShown()
	add("blackjack-result", bj)

	flop := NewHoldemTable(seed)
	flop.press("DEAL")
	flop.decide(play.Check) // to the flop
	add("holdem-flop", flop)
	show := NewHoldemTable(seed)
	show.press("DEAL")
	if err := autoPlay(&show.tableCore); err != nil {
		return nil, err
	}
	show.t += 40
	show.endShown()
	add("holdem-result", show)

	if err := waitTableRules(play.Blackjack); err != nil {
		return nil, err
	}
	add("blackjack-rules", &TableHelp{id: play.Blackjack, back: NewBlackjackTable(seed)})
	return set, nil
}

// autoPlay plays the round in progress to its end by the house strategy
// (play.Auto), each decision answered before the next (the machine's too: the
// session is flushed).
func autoPlay(c *tableCore) error {
	for c.playing() {
		d, err := play.Auto(c.r)
		if err != nil {
			return err
		}
		c.decide(d)
		if md, ok := c.d.(*machineDealer); ok {
			md.s.Flush()
		}
		c.tick0()
	}
	return nil
}
