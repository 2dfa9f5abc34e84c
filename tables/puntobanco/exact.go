package puntobanco

import (
	"fmt"
	"math"
	"math/big"
	"strings"
)

// BetFigures are one bet's exact figures per unit staked, each an exact fraction.
type BetFigures struct {
	Bet     Bet
	Offered bool     // false: the pay table does not take the bet (the fractions are nil)
	Edge    *big.Rat // house edge: −E[net result]
	Win     *big.Rat // hit frequency: the probability that the bet wins
	Push    *big.Rat // the probability that the stake comes back (Player, Banker on a tie)
	Var     *big.Rat // the variance of the net result
}

// StdDev is the standard deviation of the net result per unit staked.
func (f BetFigures) StdDev() float64 {
	if f.Var == nil {
		return math.NaN()
	}
	v, _ := f.Var.Float64()
	return math.Sqrt(v)
}

// Figures are a pay table's exact figures on one shoe composition. The counts are of
// ordered sequences of six distinct cards of the shoe, Combinations = N(N−1)…(N−5) for
// N cards, of which each coup uses the first four to six: every count below divided
// by Combinations is an exact probability.
type Figures struct {
	Table        PayTable
	Shoe         Composition
	Combinations int64
	PlayerWins   int64
	BankerWins   int64
	Ties         int64
	TieByTotal   [10]int64
	BankerSix    [2]int64 // the banker wins with a total of 6 on two [0] or three [1] cards
	Pairs        int64    // the player's first two cards are a pair (the banker's: the same count)
	Cards        [3]int64 // coups of 4, 5 and 6 cards
	Bets         [NumBets]BetFigures
}

// Distribution is the coup's outcome by combinations: [player total][banker
// total][player cards − 2][banker cards − 2], over Combinations ordered six-card
// sequences of the shoe.
type Distribution [10][10][2][2]int64

// Outcomes enumerates the coup over the shoe's point-value classes (tens and pictures
// one class of value 0, aces … nines one class each), class by class in dealing order
// — player, banker, player, banker, the player's third card, the banker's — each class
// weighted by how many cards of it are left, the tableau applied as DealFrom applies
// it. A coup of k cards stands for the (N−k)…(N−5) orderings of the cards after it, so
// that every outcome is counted over the same N(N−1)…(N−5) sequences. At most 10^6
// class sequences: exact, in milliseconds.
func Outcomes(shoe Composition) (Distribution, int64, error) {
	var d Distribution
	n := shoe.values()
	N := shoe.Cards()
	for _, k := range shoe {
		if k < 0 {
			return d, 0, fmt.Errorf("puntobanco: negative count in shoe %v", shoe)
		}
	}
	if N < 6 {
		return d, 0, fmt.Errorf("puntobanco: a shoe of %d cards cannot deal every coup", N)
	}
	combos := new(big.Int).SetInt64(1)
	for i := int64(0); i < 6; i++ {
		combos.Mul(combos, big.NewInt(N-i))
	}
	if !combos.IsInt64() {
		return d, 0, fmt.Errorf("puntobanco: a shoe of %d cards is too large to count in int64", N)
	}
	rest5 := N - 5           // orderings of the sixth card when five are used
	rest4 := (N - 4) * rest5 // of the fifth and sixth when four are used
	for p1 := 0; p1 < 10; p1++ {
		w1 := n[p1]
		if w1 == 0 {
			continue
		}
		n[p1]--
		for b1 := 0; b1 < 10; b1++ {
			w2 := w1 * n[b1]
			if w2 == 0 {
				continue
			}
			n[b1]--
			for p2 := 0; p2 < 10; p2++ {
				w3 := w2 * n[p2]
				if w3 == 0 {
					continue
				}
				n[p2]--
				for b2 := 0; b2 < 10; b2++ {
					w4 := w3 * n[b2]
					if w4 == 0 {
						continue
					}
					n[b2]--
					p, b := (p1+p2)%10, (b1+b2)%10
					switch {
					case PlayerDraws(p, b):
						for p3 := 0; p3 < 10; p3++ {
							w5 := w4 * n[p3]
							if w5 == 0 {
								continue
							}
							pt := (p + p3) % 10
							if !BankerDraws(p, b, p3) {
								d[pt][b][1][0] += w5 * rest5
								continue
							}
							n[p3]--
							for b3 := 0; b3 < 10; b3++ {
								d[pt][(b+b3)%10][1][1] += w5 * n[b3]
							}
							n[p3]++
						}
					case BankerDraws(p, b, -1):
						for b3 := 0; b3 < 10; b3++ {
							d[p][(b+b3)%10][0][1] += w4 * n[b3] * rest5
						}
					default:
						d[p][b][0][0] += w4 * rest4
					}
					n[b2]++
				}
				n[p2]++
			}
			n[b1]++
		}
		n[p1]++
	}
	return d, combos.Int64(), nil
}

// Exact computes pay table pt's exact figures on the shoe: the coup's outcomes by
// Outcomes, and the pairs from the ranks alone (the first two cards of a hand are a
// pair in Σ_r n_r(n_r−1) of the N(N−1) orderings of two cards, whatever the tableau
// does after). Every bet's edge, hit frequency and variance follow as exact fractions.
func Exact(pt PayTable, shoe Composition) (Figures, error) {
	d, combos, err := Outcomes(shoe)
	if err != nil {
		return Figures{}, err
	}
	f := Figures{Table: pt, Shoe: shoe, Combinations: combos}
	N := shoe.Cards()
	var pairs2 int64
	for _, k := range shoe {
		pairs2 += k * (k - 1)
	}
	f.Pairs = pairs2 * (N - 2) * (N - 3) * (N - 4) * (N - 5)

	// acc sums a bet's combinations by outcome.
	type acc map[outcome]int64
	accs := make([]acc, NumBets)
	for i := range accs {
		accs[i] = acc{}
	}
	for p := 0; p < 10; p++ {
		for q := 0; q < 10; q++ {
			for pn := 0; pn < 2; pn++ {
				for qn := 0; qn < 2; qn++ {
					w := d[p][q][pn][qn]
					if w == 0 {
						continue
					}
					f.Cards[pn+qn] += w
					switch {
					case p > q:
						f.PlayerWins += w
					case q > p:
						f.BankerWins += w
						if q == 6 {
							f.BankerSix[qn] += w
						}
					default:
						f.Ties += w
						f.TieByTotal[p] += w
					}
					for b := Bet(0); b < NumBets; b++ {
						if b == BetPlayerPair || b == BetBankerPair {
							continue
						}
						accs[b][pt.resolve(b, p, q, pn+2, qn+2, false, false)] += w
					}
				}
			}
		}
	}
	for _, b := range []Bet{BetPlayerPair, BetBankerPair} {
		pair := b == BetPlayerPair
		accs[b][pt.resolve(b, 0, 0, 2, 2, pair, !pair)] += f.Pairs
		accs[b][pt.resolve(b, 0, 0, 2, 2, false, false)] += combos - f.Pairs
	}
	for b := Bet(0); b < NumBets; b++ {
		f.Bets[b] = betFigures(b, pt.Offered(b), accs[b], combos)
	}
	return f, nil
}

func betFigures(b Bet, offered bool, a map[outcome]int64, combos int64) BetFigures {
	bf := BetFigures{Bet: b, Offered: offered}
	if !offered {
		return bf
	}
	mean, sq := new(big.Rat), new(big.Rat)
	win, push := new(big.Rat), new(big.Rat)
	for o, w := range a {
		pr := big.NewRat(w, combos)
		net := big.NewRat(-1, 1)
		switch {
		case o.win:
			net = o.pay.rat()
			win.Add(win, pr)
		case o.push:
			net = new(big.Rat)
			push.Add(push, pr)
		}
		mean.Add(mean, new(big.Rat).Mul(pr, net))
		sq.Add(sq, new(big.Rat).Mul(pr, new(big.Rat).Mul(net, net)))
	}
	bf.Var = new(big.Rat).Sub(sq, new(big.Rat).Mul(mean, mean))
	bf.Edge = mean.Neg(mean)
	bf.Win, bf.Push = win, push
	return bf
}

// Sheet is the figures as a text table: each offered bet with its payout, house edge,
// hit frequency and standard deviation per unit.
func (f Figures) Sheet() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "punto banco, %s table, %d cards (%d ordered six-card sequences)\n", f.Table.Name, f.Shoe.Cards(), f.Combinations)
	fmt.Fprintf(&sb, "%-12s %-20s %9s %9s %8s\n", "bet", "pays", "edge", "hit", "σ")
	for _, b := range f.Bets {
		if !b.Offered {
			continue
		}
		e, _ := b.Edge.Float64()
		w, _ := b.Win.Float64()
		fmt.Fprintf(&sb, "%-12v %-20s %8.4f%% %9.6f %8.4f\n", b.Bet, f.Table.Pays(b.Bet), 100*e, w, b.StdDev())
	}
	return sb.String()
}
