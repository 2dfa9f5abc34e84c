package play

import (
	"egm/tables/blackjack"
	"egm/tables/puntobanco"
	"egm/tables/threecard"
	"egm/tables/uth"
)

// The screen and the recall read a round's state through these; each returns
// false for a round of another game.

// ThreeCardDeal is the three card poker deal and whether the player played.
func (r *Round) ThreeCardDeal() (deal threecard.Round, played, ok bool) {
	g, ok := r.e.(*threeCardGame)
	if !ok {
		return threecard.Round{}, false, false
	}
	return g.round, g.decided && g.d == threecard.Play, true
}

// PuntoBancoCoup is the punto banco coup.
func (r *Round) PuntoBancoCoup() (puntobanco.Coup, bool) {
	g, ok := r.e.(*puntoBancoGame)
	if !ok {
		return puntobanco.Coup{}, false
	}
	return g.coup, true
}

// BlackjackGame is the blackjack round as it stands (a copy: changing it changes
// nothing here).
func (r *Round) BlackjackGame() (blackjack.Game, bool) {
	g, ok := r.e.(*blackjackGame)
	if !ok {
		return blackjack.Game{}, false
	}
	c := *g.g
	c.Hands = append([]blackjack.PlayerHand(nil), g.g.Hands...)
	c.Dealer = append([]blackjack.Card(nil), g.g.Dealer...)
	return c, true
}

// HoldemDeal is the Ultimate Texas Hold'em deal, the street the hand stands at,
// the Play bet in Antes and whether the player folded.
func (r *Round) HoldemDeal() (deal uth.Round, s uth.Street, multiple int64, folded bool, ok bool) {
	g, ok := r.e.(*holdemGame)
	if !ok {
		return uth.Round{}, 0, 0, false, false
	}
	s, multiple, folded, _ = uth.Play(g.ds)
	return g.round, s, multiple, folded, true
}
