package puntobanco

import (
	"fmt"

	"egm/tables"
)

// Sheet is the PAR-style sheet of both pay tables on the house's eight decks:
// every offered bet's exact figures.
func Sheet() (tables.Sheet, error) {
	s := tables.Sheet{
		Name:   "Punto banco",
		Source: "Estonian house rules, punto banco sections (eight decks, card values, the deal, UR Way Égalité, the commission-free side bets); the drawing table, the main bets' payouts and the Égalité table are the standard ones (the documents' tables did not survive)",
		Method: "exact: every coup over the ten card-value classes of the full 416-card shoe, weighed by the cards of each class left (math/big.Rat); checked card by card on a small shoe",
	}
	// A bet both tables pay alike is shown once; one they pay differently (the
	// Banker) or only one offers (Bombay 6) once per table, named with it.
	var figs []Figures
	for _, pt := range Tables {
		f, err := Exact(pt, DecksComposition(Decks))
		if err != nil {
			return s, err
		}
		figs = append(figs, f)
	}
	for i, f := range figs {
		for k, b := range f.Bets {
			if !b.Offered {
				continue
			}
			alike := true
			for _, g := range figs {
				o := g.Bets[k]
				alike = alike && o.Offered && g.Table.Pays(o.Bet) == f.Table.Pays(b.Bet) && o.Edge.Cmp(b.Edge) == 0
			}
			name := b.Bet.String()
			switch {
			case alike && i > 0:
				continue
			case !alike:
				name = fmt.Sprintf("%s (%s)", name, f.Table.Name)
			}
			s.Bets = append(s.Bets, tables.NewBet(name, f.Table.Pays(b.Bet), b.Edge, b.Win, b.Var))
		}
	}
	s.Notes = []string{"The house rules state no house edge for punto banco (both headings are empty): the figures are the exact ones for the tables shipped."}
	return s, nil
}
