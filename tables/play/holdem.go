package play

import (
	"fmt"

	"egm/tables/uth"
)

// holdemGame: pre-flop, flop and river decisions over the dealt deck (uth.Play).
type holdemGame struct {
	r     *Round
	round uth.Round
	bets  uth.Bets
	ds    []uth.Decision
}

var uthDecisions = map[Decision]uth.Decision{
	Check: uth.Check, Bet4x: uth.Bet4x, Bet3x: uth.Bet3x, Bet2x: uth.Bet2x, Bet1x: uth.Bet1x, Fold: uth.Fold,
}

var uthNames = inverse(uthDecisions)

// uthOrder is the order Legal lists a street's decisions in.
var uthOrder = []Decision{Bet4x, Bet3x, Bet2x, Bet1x, Check, Fold}

func newHoldem(r *Round, deck []byte) (engine, error) {
	if err := checkDeck(Holdem, deck, 1); err != nil {
		return nil, err
	}
	g := &holdemGame{r: r, round: uth.RoundOf(deck52(deck))}
	a := r.Bets.Spots[SpotAnte]
	if a%2 != 0 {
		return nil, fmt.Errorf("play: Ultimate Texas Hold'em: Ante %d cents is odd", a)
	}
	g.bets = uth.Bets{Ante: a, Blind: a, Trips: r.Bets.Spots[SpotTrips]}
	return g, nil
}

func (g *holdemGame) street() (uth.Street, int64) {
	s, m, _, _ := uth.Play(g.ds) // every stored decision was legal when applied
	return s, m
}

func (g *holdemGame) legal() []Option {
	s, _ := g.street()
	var out []Option
	for _, d := range uthOrder {
		if x := uthDecisions[d]; s.Legal(x) {
			out = append(out, Option{d, x.Multiple() * g.bets.Ante})
		}
	}
	return out
}

func (g *holdemGame) apply(d Decision) error {
	x, ok := uthDecisions[d]
	if !ok {
		return fmt.Errorf("play: Ultimate Texas Hold'em: no decision %q", d)
	}
	if _, _, _, err := uth.Play(append(g.ds[:len(g.ds):len(g.ds)], x)); err != nil {
		return fmt.Errorf("play: %w", err)
	}
	g.ds = append(g.ds, x)
	return nil
}

func (g *holdemGame) done() bool { s, _ := g.street(); return s == uth.Showdown }

func (g *holdemGame) staked() int64 {
	_, m := g.street()
	return g.bets.Ante*(2+m) + g.bets.Trips
}

func (g *holdemGame) settle() (Settlement, error) {
	res, err := uth.Settle(uth.Default, g.round, g.bets, g.ds)
	if err != nil {
		return Settlement{}, fmt.Errorf("play: %w", err)
	}
	a := g.bets.Ante
	lines := []Line{{Bet: "Ante, Blind and Play", Unit: a, Staked: 2*a + res.Multiple*a, Returned: res.Ante + res.Blind + res.Play}}
	if t := g.bets.Trips; t > 0 {
		lines = append(lines, Line{Bet: "Trips", Unit: t, Staked: t, Returned: res.Trips})
	}
	return total(lines), nil
}
