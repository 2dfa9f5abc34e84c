package uth

import (
	"fmt"
	"math/big"
	"strings"

	"egm/tables"
)

// HouseFigures are the main game's exact figures for Default, recorded from the whole
// analysis (Main(Default, nil), UTH_EXACT=1 go test -run TestMainExact): golden
// constants, held to a recomputed subset of flops by TestMainSubset.
func HouseFigures() MainFigures {
	r := func(s string) *big.Rat {
		x, ok := new(big.Rat).SetString(s)
		if !ok {
			panic("uth: golden figure " + s)
		}
		return x
	}
	f := MainFigures{Flops: len(flopClasses), Edge: r(goldenEdge), Variance: r(goldenVariance), HitFreq: r(goldenHit), AvgPlay: r(goldenAvgPlay)}
	for k, c := range goldenPreFlop {
		f.PreFlop[k] = map[rune]Decision{'4': Bet4x, '3': Bet3x, 'c': Check}[c]
	}
	return f
}

// Sheet is the PAR-style sheet of the Default pay table: the main game (Ante, Blind
// and Play together, per Ante, optimal strategy) and Trips, each exact.
func Sheet() tables.Sheet {
	pt := Default
	s := tables.Sheet{
		Name:   "Ultimate Texas Hold'em",
		Source: "Estonian house rules, Ultimate Texas Hold'em sections ('Mängukäik', 'Panustamisvoorud', 'Võitmine ja Väljamaksed', 'Ultimate Texas Hold’em Maja Eelis'); " + pt.Source,
		Method: "Trips: the best hand of each of the C(52,7) = 133,784,560 seven-card sets; main game: every holding, flop (1,755 classes up to suits, weighed), turn and river and dealer holding (1326·19600·1081·990) counted in integers, each decision (river, flop, pre-flop) the better one of the exact totals; math/big.Rat",
	}
	m := HouseFigures()
	main := tables.NewBet("Ante, Blind and Play (optimal strategy)", fmt.Sprintf("Ante and Play 1:1, Ante pushes unless the dealer has a pair; Blind on a win: %s", PaysText(pt.Blind)), m.Edge, m.HitFreq, m.Variance)
	main.House = "2.19%"
	risk := new(big.Rat).Quo(m.Edge, new(big.Rat).Add(big.NewRat(2, 1), m.AvgPlay))
	rf, _ := risk.Float64()
	main.PerStaked(m.Edge, new(big.Rat).Add(big.NewRat(2, 1), m.AvgPlay))
	ap, _ := m.AvgPlay.Float64()
	main.Note = fmt.Sprintf("per unit of Ante; %.4f Antes staked on average (Ante, Blind, Play), element of risk %.4f%%; the house rules' 2.19%% is the published 2.185%% rounded again", 2+ap, 100*rf)
	tf := TripsFigures(pt, KnownSevenCardCounts)
	trips := tables.NewBet("Trips", PaysText(pt.Trips), tf.Edge, tf.HitFreq, tf.Variance)
	s.Bets = []tables.Bet{main, trips}
	s.Notes = []string{
		"The house rules' Blind and Trips tables are missing ('Blind Panuse Väljamaksed' and 'Trips Bonus Külgpanuse Väljamaksed' are headings with nothing under them): the tables shipped are the game's common published ones, for the operator to confirm. The rules' 2.19% is the main game's edge with exactly this Blind table.",
		"Main game: exact 2.18497% per Ante; the published figure is 2.185%, and the house rules' 2.19% is that rounded once more (the exact figure itself rounds to 2.18%): a difference of rounding only. The optimal strategy is computed: pre-flop 4x with 3-3 and up, any ace, any suited king, K-5 offsuit and up, Q-6 suited and up, Q-8 offsuit and up, J-8 suited and up, J-T offsuit (3x never); the flop and river decisions from the exact totals.",
		"When the dealer does not qualify and still beats the player, the Ante pushes and Play and Blind lose (the rules: the Ante pushes, 'the other bets are settled as usual'). The rules state no figure for Trips.",
	}
	return s
}

// PaysText states a pay table by category, strongest first: "royal flush 500:1,
// …, flush 3:2, straight 1:1" (the sheet and the player's rules).
func PaysText(t [NumCategories]Pay) string {
	var out []string
	for c := NumCategories - 1; c >= 0; c-- {
		if t[c].Num > 0 {
			out = append(out, fmt.Sprintf("%v %v", c, t[c]))
		}
	}
	return strings.Join(out, ", ")
}
