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
	f := MainFigures{Flops: len(flopClasses), Edge: r(goldenEdge), Variance: r(goldenVariance), HitFreq: r(goldenHit)}
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
		ID: "ultimate-texas-holdem", Name: "Ultimate Texas Hold'em",
		Source: "Estonian house rules, Ultimate Texas Hold'em sections ('Mängukäik', 'Panustamisvoorud', 'Võitmine ja Väljamaksed', 'Ultimate Texas Hold’em Maja Eelis'); " + pt.Source,
		Method: "Trips: the best hand of each of the C(52,7) = 133,784,560 seven-card sets; main game: every holding, flop (1,755 classes up to suits, weighed), turn and river and dealer holding (1326·19600·1081·990) counted in integers, each decision (river, flop, pre-flop) the better one of the exact totals; math/big.Rat",
	}
	m := HouseFigures()
	main := tables.NewBet("Ante, Blind and Play (optimal strategy)", fmt.Sprintf("Ante and Play 1:1, Ante pushes unless the dealer has a pair; Blind on a win: %s", pays(pt.Blind)), m.Edge, m.HitFreq, m.Variance)
	main.House = "2.19%"
	main.Note = "per unit of Ante; the house rules' 2.19% is this figure rounded"
	tf := TripsFigures(pt, KnownSevenCardCounts)
	trips := tables.NewBet("Trips", pays(pt.Trips), tf.Edge, tf.HitFreq, tf.Variance)
	s.Bets = []tables.Bet{main, trips}
	s.Notes = []string{
		"The house rules' Blind and Trips tables are missing ('Blind Panuse Väljamaksed' and 'Trips Bonus Külgpanuse Väljamaksed' are headings with nothing under them): the tables shipped are the game's common published ones, for the operator to confirm. The 2.19% the rules state is the main game's edge with exactly this Blind table.",
		"The rules state no figure for Trips.",
	}
	return s
}

// pays states a pay table by category, strongest first.
func pays(t [NumCategories]Pay) string {
	var out []string
	for c := NumCategories - 1; c >= 0; c-- {
		if t[c].Num > 0 {
			out = append(out, fmt.Sprintf("%v %v", c, t[c]))
		}
	}
	return strings.Join(out, ", ")
}
