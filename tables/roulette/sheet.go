package roulette

import (
	"fmt"

	"egm/tables"
)

// Sheet is the PAR-style sheet: one row per bet kind, from Exact over every bet of
// that kind that AllBets lists (they all have the same figures; an error says
// otherwise).
func Sheet() (tables.Sheet, error) {
	s := tables.Sheet{
		Name:   "Single-zero roulette",
		Source: "Kazakh house rules §28 (wheel, bets, payouts); Estonian house rules: race-track bets chip by chip, 'Ruletti Maja Eelis' (2.7%)",
		Method: "exact: every bet counted over the 37 pockets (math/big.Rat); a race-track bet as its chips on the layout",
	}
	seen := map[Kind]Stats{}
	count := map[Kind]int{}
	var order []Kind
	for _, b := range AllBets() {
		st, err := Exact(b)
		if err != nil {
			return s, err
		}
		if first, ok := seen[b.Kind]; ok {
			if first.Edge.Cmp(st.Edge) != 0 || first.HitFreq.Cmp(st.HitFreq) != 0 || first.Variance.Cmp(st.Variance) != 0 {
				return s, fmt.Errorf("roulette: the %v bets differ in their figures", b.Kind)
			}
		} else {
			seen[b.Kind] = st
			order = append(order, b.Kind)
		}
		count[b.Kind]++
	}
	for _, k := range order {
		st := seen[k]
		row := tables.NewBet(k.String(), paysOf(k), st.Edge, st.HitFreq, st.Variance)
		row.House = "2.7%"
		if count[k] > 1 {
			row.Note = fmt.Sprintf("each of the %d bets of this kind", count[k])
		}
		s.Bets = append(s.Bets, row)
	}
	s.Notes = []string{"The house rules' 2.7% is 1/37 = 2.7027% rounded: every bet, race-track bets included, keeps 1/37 of its stake."}
	return s, nil
}

// paysOf states a kind's payout as the sheet shows it.
func paysOf(k Kind) string {
	switch k {
	case Neighbours:
		return "5 chips, a number 35:1"
	case Tiers:
		return "6 splits, 17:1"
	case Voisins:
		return "9 chips on splits, trio, corner"
	case Orphelins:
		return "1 number, 4 splits"
	}
	return fmt.Sprintf("%d:1", Pays(k.Covers()))
}
