package play

import (
	"fmt"

	"egm/tables/puntobanco"
)

// puntoBancoGame: the coup is dealt by the tableau from the shoe's top; no decision.
type puntoBancoGame struct {
	r    *Round
	pt   puntobanco.PayTable
	coup puntobanco.Coup
	bets puntobanco.Bets
}

func newPuntoBanco(r *Round, deck []byte) (engine, error) {
	if err := checkDeck(PuntoBanco, deck, puntobanco.Decks); err != nil {
		return nil, err
	}
	g := &puntoBancoGame{r: r}
	g.pt, _ = pbTable(r.Bets.Table) // shape checked it
	cs := make([]puntobanco.Card, len(deck))
	for i, c := range deck {
		cs[i] = puntobanco.Card(c)
	}
	var err error
	if g.coup, err = puntobanco.DealFrom(cs); err != nil {
		return nil, fmt.Errorf("play: %w", err)
	}
	for b := puntobanco.BetPlayer; b < puntobanco.NumBets; b++ {
		g.bets[b] = r.Bets.Spots[pbSpot(b)]
	}
	return g, nil
}

func (g *puntoBancoGame) legal() []Option { return nil }
func (g *puntoBancoGame) apply(Decision) error {
	return fmt.Errorf("play: punto banco takes no decision")
}
func (g *puntoBancoGame) done() bool    { return true }
func (g *puntoBancoGame) staked() int64 { return g.r.Bets.total() }

func (g *puntoBancoGame) settle() (Settlement, error) {
	res, err := puntobanco.Settle(g.pt, g.coup, g.bets)
	if err != nil {
		return Settlement{}, fmt.Errorf("play: %w", err)
	}
	var lines []Line
	for b := puntobanco.BetPlayer; b < puntobanco.NumBets; b++ {
		if s := g.bets[b]; s > 0 {
			lines = append(lines, Line{Bet: pbLine(b, g.r.Bets.Table), Unit: s, Staked: s, Returned: res.Returns[b]})
		}
	}
	return total(lines), nil
}

// pbLine is a position's name on the sheet: the Banker bet and Bombay 6 carry their
// table's name.
func pbLine(b puntobanco.Bet, table string) string {
	switch {
	case b == puntobanco.BetBanker && table == TableCommission:
		return "Banker (commission)"
	case b == puntobanco.BetBanker:
		return "Banker (no commission)"
	case b == puntobanco.BetBombay6:
		return "Bombay 6 (no commission)"
	}
	return b.String()
}
