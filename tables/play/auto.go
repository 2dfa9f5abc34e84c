package play

import (
	"fmt"
	"sync"

	"egm/tables/blackjack"
	"egm/tables/threecard"
	"egm/tables/uth"
)

// Auto is the house strategy's decision for a round with decisions open: three
// card poker plays Q-6-4 or better, blackjack plays the basic strategy its
// analysis derived (never insurance), Ultimate Texas Hold'em plays the optimal
// strategy of its exact analysis. These are the strategies the sheets' edges are
// computed for; the simulation and the autoplay play them.
func Auto(r *Round) (Decision, error) {
	if r.Done() {
		return "", fmt.Errorf("play: %s: no decision open", r.Game)
	}
	switch g := r.e.(type) {
	case *threeCardGame:
		if threecard.Evaluate(g.round.Player) >= threecard.Q64 {
			return PlayHand, nil
		}
		return Fold, nil
	case *blackjackGame:
		s, err := bjStrategy()
		if err != nil {
			return "", err
		}
		if d, ok := bjNames[s.Decide(g.g)]; ok {
			return d, nil
		}
		return "", fmt.Errorf("play: blackjack: the strategy decided a decision with no name")
	case *holdemGame:
		s, err := uth.HouseStrategy()
		if err != nil {
			return "", fmt.Errorf("play: %w", err)
		}
		st, _ := g.street()
		board := g.round.Board[:0]
		switch st {
		case uth.Flop:
			board = g.round.Board[:3]
		case uth.River:
			board = g.round.Board[:5]
		}
		d, err := s.Decide(g.round.Player, board)
		if err != nil {
			return "", fmt.Errorf("play: %w", err)
		}
		if name, ok := uthNames[d]; ok {
			return name, nil
		}
	}
	return "", fmt.Errorf("play: %s: no strategy", r.Game)
}

var bj struct {
	once sync.Once
	s    *blackjack.Strategy
	err  error
}

// bjStrategy is the basic strategy of blackjack's analysis, derived once.
func bjStrategy() (*blackjack.Strategy, error) {
	bj.once.Do(func() {
		f, err := blackjack.HouseFigures()
		if err != nil {
			bj.err = fmt.Errorf("play: %w", err)
			return
		}
		bj.s = &f.Strategy
	})
	return bj.s, bj.err
}
