package blackjack

import (
	"fmt"
	"math/big"
	"sync"

	"egm/tables"
)

var (
	houseOnce sync.Once
	house     MainFigures
	houseErr  error
)

// HouseFigures is Main(HouseRules), computed once per process.
func HouseFigures() (MainFigures, error) {
	houseOnce.Do(func() { house, houseErr = Main(HouseRules) })
	return house, houseErr
}

// Sheet is the PAR-style sheet of the house's side bets and insurance (exact
// fractions) with the main game's house edge under the derived basic strategy, per
// first bet and per unit staked, as its Main (float64 figures from Main, whose hit
// frequency and σ are not computed).
func Sheet() (tables.Sheet, error) {
	s := tables.Sheet{
		Name:   "Blackjack",
		Source: "Estonian house rules, blackjack sections (six decks, 3:2, dealer stands on all 17s, double any two, split to four hands, aces once, insurance 2:1, side bets 21+3, Top 3, Perfect Pairs with their tables and house edges); no hole card",
		Method: "side bets: exact, every set of three (two) cards of the 312 counted by face multiplicities (math/big.Rat), checked by enumerating all C(312,3) sets; insurance: exact; main game: exact composition recursion under the total-dependent basic strategy the analysis derives (splits approximated, see the package documentation)",
	}
	house := map[SideBet]string{TwentyOnePlus3: "3.24%", Top3: "9%", PerfectPairs: "1.93%"}
	for _, bet := range []SideBet{TwentyOnePlus3, Top3, PerfectPairs} {
		f := SideFigures(HousePays, bet, Decks)
		row := tables.NewBet(bet.String(), HousePays.Text(bet), f.Edge, f.HitFreq, f.Variance)
		row.House = house[bet]
		if bet == Top3 {
			row.Note = "the house rules' 9% is the eight-deck figure (8.9997%)"
		}
		s.Bets = append(s.Bets, row)
	}
	// Insurance: +2 when the dealer's second card is a ten (96 of the 311 cards left on
	// average), −1 otherwise.
	n, tens := int64(52*Decks-1), int64(16*Decks)
	edge := big.NewRat(n-3*tens, n)
	m2 := big.NewRat(4*tens+(n-tens), n)
	variance := new(big.Rat).Sub(m2, new(big.Rat).Mul(edge, edge))
	s.Bets = append(s.Bets, tables.NewBet("Insurance", "2:1, half the bet", edge, big.NewRat(tens, n), variance))
	f, err := HouseFigures()
	if err != nil {
		return s, err
	}
	s.Main = tables.NewMainGame("Main bet", "blackjack 3:2, a win 1:1", f.Edge, f.Stake)
	s.Main.Note = "under the derived basic strategy; the stake is the first bet, the doubles and the split hands' bets the strategy makes (it never insures), from the same recursion as the edge; σ not computed (1.135 measured)"
	s.Notes = []string{
		fmt.Sprintf("Main game: house edge %.4f%% per initial bet under the total-dependent basic strategy the analysis derives (no hole card, every stake lost to the dealer's blackjack); the house rules' range is 4.7%% to 0.47%% — the 0.05 pp above its low end is the no-hole-card rule (about 0.11 pp in published analyses).", 100*f.Edge),
		"The house rules' 21+3 3.24% and Perfect Pairs 1.93% are the exact six-deck figures rounded; their Top 3 9% is the eight-deck figure, the six decks they state give 11.07%.",
	}
	return s, nil
}
