package gamble

import "math/big"

// ExpectedReturn returns, exactly, the expected amount after one step of kind k per
// unit staked, found by going through the whole deck: the sum over the 52 cards of
// what each card pays, over 52 — the lowest over the bets of that kind (every red,
// black or suit bet gives the same). The PAR sheet prints it to show Gamble
// neutral (it is 1 for both kinds); tests hold it to 1.
func ExpectedReturn(k BetKind) *big.Rat {
	var choices []Choice
	switch k {
	case OnColour:
		choices = []Choice{{Kind: k, Colour: Red}, {Kind: k, Colour: Black}}
	case OnSuit:
		for s := Hearts; s <= Spades; s++ {
			choices = append(choices, Choice{Kind: k, Suit: s})
		}
	default:
		return new(big.Rat)
	}
	var worst *big.Rat
	for _, ch := range choices {
		var paid int64
		for i := 0; i < DeckSize; i++ {
			if ch.Wins(CardAt(i)) {
				paid += k.Factor()
			}
		}
		r := big.NewRat(paid, DeckSize)
		if worst == nil || r.Cmp(worst) < 0 {
			worst = r
		}
	}
	return worst
}
