package lockspin

import (
	"fmt"
	"math/big"

	"egm/rng"
)

// Prob is an exact probability Num/Den with 0 ≤ Num ≤ Den, Den ≥ 1. Titles give
// the jackpot qualification as bet/maxBet in cents.
type Prob struct {
	Num uint64 `json:"num"`
	Den uint64 `json:"den"`
}

// Always is probability 1.
var Always = Prob{1, 1}

func (p Prob) validate(what string) error {
	if p.Den == 0 || p.Num > p.Den {
		return fmt.Errorf("lockspin: %s probability %d/%d outside [0,1]", what, p.Num, p.Den)
	}
	return nil
}

// Rat returns p as a big.Rat.
func (p Prob) Rat() *big.Rat {
	return new(big.Rat).SetFrac(new(big.Int).SetUint64(p.Num), new(big.Int).SetUint64(p.Den))
}

// draw returns the uniform draw in [0, Den) and whether it falls below Num.
func (p Prob) draw(src rng.Source) (uint64, bool) {
	d := rng.Uint64n(src, p.Den)
	return d, d < p.Num
}

// Qualify gives, per jackpot level name, the probability that a landed symbol of
// that level is qualified. Titles pass bet/maxBet for every level, so the jackpots'
// return per unit bet is the same at every bet.
type Qualify map[string]Prob

// All returns a Qualify giving p to every level of g.
func (g *Game) All(p Prob) Qualify {
	q := make(Qualify, len(g.cfg.Jackpots))
	for _, l := range g.cfg.Jackpots {
		q[l.Name] = p
	}
	return q
}

// probs checks q against the game's levels and returns it in level order.
func (g *Game) probs(q Qualify) ([]Prob, error) {
	out := make([]Prob, len(g.cfg.Jackpots))
	for i, l := range g.cfg.Jackpots {
		p, ok := q[l.Name]
		if !ok {
			return nil, fmt.Errorf("lockspin: no qualification probability for level %q", l.Name)
		}
		if err := p.validate("qualification " + l.Name); err != nil {
			return nil, err
		}
		out[i] = p
	}
	for name := range q {
		if g.level(name) < 0 {
			return nil, fmt.Errorf("lockspin: qualification for unknown level %q", name)
		}
	}
	return out, nil
}
