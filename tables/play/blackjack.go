package play

import (
	"fmt"

	"egm/tables/blackjack"
)

// blackjackGame is blackjack.Game over the stored shoe.
type blackjackGame struct {
	r *Round
	g *blackjack.Game
}

var bjDecisions = map[Decision]blackjack.Decision{
	Hit: blackjack.Hit, Stand: blackjack.Stand, Double: blackjack.Double, Split: blackjack.Split,
	Insure: blackjack.Insure, NoInsurance: blackjack.NoInsurance,
}

// bjNames names blackjack's decisions (bjDecisions the other way round).
var bjNames = inverse(bjDecisions)

// inverse is a one-to-one map the other way round.
func inverse[K, V comparable](m map[K]V) map[V]K {
	out := make(map[V]K, len(m))
	for k, v := range m {
		out[v] = k
	}
	return out
}

func newBlackjack(r *Round, deck []byte) (engine, error) {
	rules := blackjack.HouseRules
	if err := checkDeck(Blackjack, deck, rules.Decks); err != nil {
		return nil, err
	}
	shoe := make([]blackjack.Card, len(deck))
	for i, c := range deck {
		shoe[i] = blackjack.Card(c)
	}
	s := r.Bets.Spots
	if s[SpotMain]%2 != 0 {
		return nil, fmt.Errorf("play: blackjack: main bet %d cents is odd", s[SpotMain])
	}
	g, err := blackjack.NewGame(rules, blackjack.HousePays, shoe, blackjack.Bets{Main: s[SpotMain],
		TwentyOnePlus3: s[Spot21Plus3], Top3: s[SpotTop3], PerfectPairs: s[SpotPairs]})
	if err != nil {
		return nil, fmt.Errorf("play: %w", err)
	}
	return &blackjackGame{r: r, g: g}, nil
}

func (b *blackjackGame) legal() []Option {
	var out []Option
	for _, d := range b.g.Legal() {
		var add int64
		switch d {
		case blackjack.Double, blackjack.Split:
			add = b.g.Bets.Main
		case blackjack.Insure:
			add = b.g.Bets.Main / 2
		case blackjack.Surrender:
			continue // not in the house's rules (HouseRules.Surrender is false)
		}
		out = append(out, Option{bjNames[d], add})
	}
	return out
}

func (b *blackjackGame) apply(d Decision) error {
	x, ok := bjDecisions[d]
	if !ok {
		return fmt.Errorf("play: blackjack: no decision %q", d)
	}
	return b.g.Apply(x)
}

func (b *blackjackGame) done() bool { return b.g.Done() }

func (b *blackjackGame) staked() int64 {
	s := b.r.Bets.total() - b.g.Bets.Main + b.g.Insurance
	for _, h := range b.g.Hands {
		s += h.Bet
	}
	return s
}

func (b *blackjackGame) settle() (Settlement, error) {
	res, err := b.g.Settle()
	if err != nil {
		return Settlement{}, fmt.Errorf("play: %w", err)
	}
	main := Line{Bet: "Main", Unit: b.g.Bets.Main}
	for _, h := range res.Hands {
		main.Staked += h.Bet
		main.Returned += h.Return
	}
	lines := []Line{main}
	if b.g.Insurance > 0 {
		lines = append(lines, Line{Bet: "Insurance", Unit: b.g.Insurance, Staked: b.g.Insurance, Returned: res.Insurance})
	}
	for _, s := range []struct {
		name     string
		stake, r int64
	}{{"21+3", b.g.Bets.TwentyOnePlus3, res.TwentyOnePlus3}, {"Top 3", b.g.Bets.Top3, res.Top3},
		{"Perfect Pairs", b.g.Bets.PerfectPairs, res.PerfectPairs}} {
		if s.stake > 0 {
			lines = append(lines, Line{Bet: s.name, Unit: s.stake, Staked: s.stake, Returned: s.r})
		}
	}
	return total(lines), nil
}
