package play

import (
	"fmt"

	"egm/tables/roulette"
)

// rouletteGame: the bets settle on the pocket; no decision.
type rouletteGame struct{ r *Round }

func newRoulette(r *Round) (engine, error) {
	if r.Pocket < 0 || r.Pocket >= roulette.Pockets || r.Deck != "" {
		return nil, fmt.Errorf("play: roulette: no pocket %d", r.Pocket)
	}
	return rouletteGame{r}, nil
}

func (g rouletteGame) legal() []Option      { return nil }
func (g rouletteGame) apply(Decision) error { return fmt.Errorf("play: roulette takes no decision") }
func (g rouletteGame) done() bool           { return true }
func (g rouletteGame) staked() int64        { return g.r.Bets.total() }

func (g rouletteGame) settle() (Settlement, error) {
	var lines []Line
	for _, b := range g.r.Bets.Roulette {
		ret, err := roulette.Return(b, g.r.Pocket)
		if err != nil {
			return Settlement{}, fmt.Errorf("play: roulette: %w", err)
		}
		lines = append(lines, Line{Bet: b.Kind.String(), Unit: b.Stake, Staked: b.Stake, Returned: ret})
	}
	return total(lines), nil
}
