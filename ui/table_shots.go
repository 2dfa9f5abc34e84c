//go:build cgo && !noscreen

package ui

import (
	"egm/tables/play"
	"egm/ui/internal/scene"
	"egm/ui/internal/tablescene"
)

// tableShots are the table scenes in demo play for the screenshot set, each
// brought to the moment shown by its own moves (a capture renders a scene frame
// by frame, so a state reached in code costs no frames): the roulette ball
// running and the winning number; three card poker deciding and settled; a punto
// banco coup; blackjack deciding and settled; Ultimate Texas Hold'em on the flop
// and at the showdown; blackjack's first rules page; three card poker's bets
// page. The same scenes in machine
// play are tableMachineShots'.
func tableShots(seed uint64) ([]namedShot, error) {
	var set []namedShot
	add := func(name string, s scene.Scene) { set = append(set, namedShot{name, scene.Shot{Scene: s, Frames: 2}}) }

	spin := tablescene.NewRouletteTable(seed)
	spin.Autoplay()
	spin.T += tablescene.RSpinTicks / 2
	add("roulette-spin", spin)
	landed := tablescene.NewRouletteTable(seed)
	landed.Autoplay()
	landed.T += tablescene.RSpinTicks
	landed.EndShown()
	add("roulette-result", landed)

	deciding := tablescene.NewThreeCardTable(seed)
	deciding.Press("DEAL", tablescene.TcIdle)
	deciding.T += 6*tablescene.TcDealTicks + 1
	add("three-card-poker-decide", deciding)
	settled := tablescene.NewThreeCardTable(seed)
	settled.Press("DEAL", tablescene.TcIdle)
	if err := autoPlay(&settled.TableCore); err != nil {
		return nil, err
	}
	settled.T += tablescene.TcShowTicks + 1
	settled.EndShown()
	add("three-card-poker-result", settled)

	pb := tablescene.NewPuntoBancoTable(seed)
	pb.Bets[1] = 2000 // the Banker
	pb.DealCoup()
	pb.T += 10 * tablescene.PbCardTicks
	pb.EndShown()
	add("punto-banco", pb)

	bjDeciding := tablescene.NewBlackjackTable(seed)
	bjDeciding.Press("DEAL")
	add("blackjack-decide", bjDeciding)
	bj := tablescene.NewBlackjackTable(seed)
	bj.Press("DEAL")
	if err := autoPlay(&bj.TableCore); err != nil {
		return nil, err
	}
	bj.T += 6 * tablescene.BjDealerTicks
	bj.EndShown()
	add("blackjack-result", bj)

	flop := tablescene.NewHoldemTable(seed)
	flop.Press("DEAL")
	flop.Decide(play.Check) // to the flop
	add("holdem-flop", flop)
	show := tablescene.NewHoldemTable(seed)
	show.Press("DEAL")
	if err := autoPlay(&show.TableCore); err != nil {
		return nil, err
	}
	show.T += 40
	show.EndShown()
	add("holdem-result", show)

	if err := tablescene.WaitTableRules(play.Blackjack); err != nil {
		return nil, err
	}
	add("blackjack-rules", &tablescene.TableHelp{Id: play.Blackjack, Back: tablescene.NewBlackjackTable(seed)})
	if err := tablescene.WaitTableRules(play.ThreeCard); err != nil {
		return nil, err
	}
	bets := &tablescene.TableHelp{Id: play.ThreeCard, Back: tablescene.NewThreeCardTable(seed)}
	bets.Page = len(bets.Layout()) - 1 // the bets and their returns, the progressive jackpot's among them
	add("three-card-poker-bets", bets)
	return set, nil
}

// autoPlay plays the round in progress to its end by the house strategy
// (play.Auto), each decision answered before the next (the machine's too: the
// session is flushed).
func autoPlay(c *tablescene.TableCore) error {
	for c.Playing() {
		d, err := play.Auto(c.R)
		if err != nil {
			return err
		}
		c.Decide(d)
		if md, ok := c.D.(*tablescene.MachineDealer); ok {
			md.S.Flush()
		}
		c.Tick0()
	}
	return nil
}
