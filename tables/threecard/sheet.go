package threecard

import (
	"fmt"
	"math/big"

	"egm/tables"
)

// Sheet is the PAR-style sheet of pay table pt from its exact figures.
func Sheet(pt PayTable) tables.Sheet {
	f := Exact(pt)
	play, _ := f.PlayFreq.Float64()
	risk, _ := f.AnteRisk.Float64()
	s := tables.Sheet{
		Name:   "Three card poker",
		Source: "Estonian house rules, three card poker sections ('Neli Võiduvõimalust', 'Käte tugevused', 'Ante Boonus', 'Prime Panus'); " + pt.Source,
		Method: "exact: every player hand against every dealer hand of the 49 cards left (22,100 × 18,424), grouped by colour-preserving suit permutations; integers and math/big.Rat",
	}
	ante := tables.NewBet("Ante and Play (play Q-6-4 or better)", fmt.Sprintf("1:1 each, Ante Bonus %s", PaysText(pt.AnteBonus)), f.AnteEdge, f.AnteWin, f.AnteVar)
	ante.PerStaked(f.AnteEdge, new(big.Rat).Add(big.NewRat(1, 1), f.PlayFreq)) // Ante + Play when played
	ante.Note = fmt.Sprintf("per unit of Ante; the player plays %.2f%% of hands; per unit staked (element of risk) %.4f%%", 100*play, 100*risk)
	pp := tables.NewBet("Pair Plus", PaysText(pt.PairPlus), f.PairPlus, f.PairPlusW, f.PairPlusV)
	prime := tables.NewBet("Prime", fmt.Sprintf("%d:1, the dealer's three too %d:1", pt.Prime, pt.PrimeSix), f.Prime, f.PrimeWin, f.PrimeV)
	s.Bets = []tables.Bet{ante, pp, prime}
	s.Progressive = []tables.Progressive{ProgressiveSheet(DefaultProgressive)}
	s.Notes = []string{"The house rules state no house edge for three card poker ('Kolme Kaardi Pokkeri Maja Eelis' has no figure) and no Pair Plus or Ante Bonus table: the tables shipped are the game's original published ones, for the operator to confirm."}
	return s
}
