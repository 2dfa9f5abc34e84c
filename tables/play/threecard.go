package play

import (
	"fmt"

	"egm/tables/threecard"
)

// threeCardGame: one decision, Play (a stake equal to the Ante) or Fold, when
// there is an Ante; the showdown then.
type threeCardGame struct {
	r       *Round
	round   threecard.Round
	bets    threecard.Bets
	decided bool
	d       threecard.Decision
}

func newThreeCard(r *Round, deck []byte) (engine, error) {
	if err := checkDeck(ThreeCard, deck, 1); err != nil {
		return nil, err
	}
	g := &threeCardGame{r: r, d: threecard.Fold, round: threecard.RoundOf(deck52(deck))}
	s := r.Bets.Spots
	g.bets = threecard.Bets{Ante: s[SpotAnte], PairPlus: s[SpotPairPlus], Prime: s[SpotPrime]}
	g.decided = g.bets.Ante == 0 // Pair Plus alone: nothing to decide
	return g, nil
}

// Cards is the deal: the player's three cards and the dealer's.
func (g *threeCardGame) cards() threecard.Round { return g.round }

func (g *threeCardGame) legal() []Option {
	if g.decided {
		return nil
	}
	return []Option{{PlayHand, g.bets.Ante}, {Fold, 0}}
}

func (g *threeCardGame) apply(d Decision) error {
	switch d {
	case PlayHand:
		g.d = threecard.Play
	case Fold:
		g.d = threecard.Fold
	default:
		return fmt.Errorf("play: three card poker: no decision %q", d)
	}
	g.decided = true
	return nil
}

func (g *threeCardGame) done() bool { return g.decided }

func (g *threeCardGame) staked() int64 {
	s := g.r.Bets.total()
	if g.decided && g.d == threecard.Play {
		s += g.bets.Ante
	}
	return s
}

func (g *threeCardGame) settle() (Settlement, error) {
	res, err := threecard.Settle(threecard.Default, g.round, g.bets, g.d)
	if err != nil {
		return Settlement{}, fmt.Errorf("play: %w", err)
	}
	var lines []Line
	if b := g.bets.Ante; b > 0 {
		play := int64(0)
		if g.d == threecard.Play {
			play = b
		}
		lines = append(lines, Line{Bet: "Ante and Play", Unit: b, Staked: b + play, Returned: res.Ante + res.Play + res.AnteBonus})
	}
	if b := g.bets.PairPlus; b > 0 {
		lines = append(lines, Line{Bet: "Pair Plus", Unit: b, Staked: b, Returned: res.PairPlus})
	}
	if b := g.bets.Prime; b > 0 {
		lines = append(lines, Line{Bet: "Prime", Unit: b, Staked: b, Returned: res.Prime})
	}
	if b := g.r.Bets.Spots[SpotProgressive]; b > 0 {
		won, _ := ProgressivePays(g.round.Player, b, g.r.Pool)
		lines = append(lines, Line{Bet: "Progressive", Unit: b, Staked: b, Returned: won})
	}
	return total(lines), nil
}

// ProgressivePays is what the progressive side bet's stake pays back on the
// player's three cards with the pool at pool cents (threecard.MotorCity's table),
// and the hand's class.
func ProgressivePays(player [3]threecard.Card, stake, pool int64) (int64, threecard.ProgressiveHand) {
	p := threecard.Progressive{Table: threecard.MotorCity, Pool: threecard.Pool{Stake: stake}}
	return p.Pays(player, pool)
}
