package threecard

import (
	"math/big"

	"egm/tables"
)

// hand is one of the C(52,3) = 22,100 three-card hands, precomputed.
type hand struct {
	cards [3]Card
	mask  uint64
	value Value
	mono  int8 // 0 mixed colours, 1 all black, 2 all red
}

const (
	numHands      = 22100 // C(52,3)
	dealerPerHand = 18424 // C(49,3)
)

var allHands = func() []hand {
	hs := make([]hand, 0, numHands)
	for i := 0; i < 52; i++ {
		for j := i + 1; j < 52; j++ {
			for k := j + 1; k < 52; k++ {
				cs := [3]Card{Card(i), Card(j), Card(k)}
				h := hand{cards: cs, mask: 1<<i | 1<<j | 1<<k, value: Evaluate(cs)}
				switch {
				case cs[0].Red() && cs[1].Red() && cs[2].Red():
					h.mono = 2
				case !cs[0].Red() && !cs[1].Red() && !cs[2].Red():
					h.mono = 1
				}
				hs = append(hs, h)
			}
		}
	}
	return hs
}()

// AntePlayNet is the Ante/Play result of a played hand in Ante units (the Play stake
// equals the Ante): the Ante Bonus plus +1 when the dealer does not qualify, +2 when
// a qualifying dealer is beaten, 0 on a tie, −2 when the dealer wins. Folding is −1.
func AntePlayNet(pt PayTable, player, dealer Value) int64 {
	net := pt.AnteBonus[player.Category()]
	switch {
	case !Qualifies(dealer):
		net++
	case player > dealer:
		net += 2
	case player < dealer:
		net -= 2
	}
	return net
}

// playerTotals are the sums over the 18,424 dealer hands from the 49 cards left.
type playerTotals struct {
	play   int64 // Σ AntePlayNet when playing
	play2  int64 // Σ AntePlayNet²
	primeN int64 // dealer hands completing the six of one colour
	wins   int64 // dealer hands against which playing wins (net > 0)
}

// totalsFor sums over the dealer hands disjoint from h.
func totalsFor(pt PayTable, h hand) playerTotals {
	var t playerTotals
	for i := range allHands {
		d := &allHands[i]
		if d.mask&h.mask != 0 {
			continue
		}
		n := AntePlayNet(pt, h.value, d.value)
		t.play += n
		t.play2 += n * n
		if n > 0 {
			t.wins++
		}
		if h.mono != 0 && d.mono == h.mono {
			t.primeN++
		}
	}
	return t
}

// colourPerms are the 8 permutations of the suits that keep every card's colour
// class together (within black, within red, and black↔red): they map a hand to one
// with the same Value, the same Pair Plus, Ante and Prime results against the
// correspondingly mapped dealer hand, so one representative per orbit suffices.
var colourPerms = [8][4]int{
	{Clubs, Diamonds, Hearts, Spades}, {Spades, Diamonds, Hearts, Clubs},
	{Clubs, Hearts, Diamonds, Spades}, {Spades, Hearts, Diamonds, Clubs},
	{Diamonds, Clubs, Spades, Hearts}, {Diamonds, Spades, Clubs, Hearts},
	{Hearts, Clubs, Spades, Diamonds}, {Hearts, Spades, Clubs, Diamonds},
}

// orbits groups the 22,100 hands by colour-preserving suit permutation: the index of
// each orbit's representative (its least mask) and the orbit's size.
func orbits() (reps []int, size map[int]int64) {
	index := make(map[uint64]int, numHands)
	for i, h := range allHands {
		index[h.mask] = i
	}
	size = map[int]int64{}
	for _, h := range allHands {
		best := uint64(1<<63 - 1)
		for _, p := range colourPerms {
			var m uint64
			for _, c := range h.cards {
				m |= 1 << NewCard(c.Rank(), p[c.Suit()])
			}
			best = min(best, m)
		}
		r := index[best]
		if size[r] == 0 {
			reps = append(reps, r)
		}
		size[r]++
	}
	return reps, size
}

// Figures are the exact figures of one pay table, each with its method.
type Figures struct {
	Hands int64 // player hands weighed (22,100)
	Pairs int64 // player × dealer hand pairs (22,100 × 18,424)

	// Optimal Ante/Play: per player hand, play iff the expected result of playing
	// (over the 18,424 dealer hands) beats folding's −1.
	PlayHands  int64    // player hands on which playing is optimal
	MinPlay    Value    // the weakest hand played
	MaxFold    Value    // the strongest hand folded
	AnteEdge   *big.Rat // house edge per unit of Ante, optimal play
	AnteRisk   *big.Rat // the same per unit of average total Ante + Play staked
	AnteVar    *big.Rat // variance of the result per unit of Ante
	PlayFreq   *big.Rat // probability of playing
	AnteWin    *big.Rat // probability that Ante/Play wins (optimal play)
	PairPlusW  *big.Rat // probability that Pair Plus wins
	PrimeWin   *big.Rat // probability that Prime wins (three cards of one colour)
	PairPlus   *big.Rat // Pair Plus house edge
	PairPlusV  *big.Rat // its variance
	Prime      *big.Rat // Prime house edge
	PrimeV     *big.Rat // its variance
	Categories [NumCategories]int64
}

// Exact computes the figures by enumeration. Pair Plus: all 22,100 player hands.
// Prime and Ante/Play: every player hand against every dealer hand from the 49 cards
// left, grouped into orbits of the 8 colour-preserving suit permutations (each
// representative is enumerated against all its dealer hands and weighed by its orbit
// size), on every core. Everything is summed in integers; the figures are exact
// fractions. ExactBrute is the same without the grouping.
func Exact(pt PayTable) Figures {
	reps, size := orbits()
	tot := make([]playerTotals, len(reps))
	tables.Parallel(len(reps), func(i int) { tot[i] = totalsFor(pt, allHands[reps[i]]) })
	w := make([]int64, len(reps))
	hs := make([]hand, len(reps))
	for i, r := range reps {
		w[i], hs[i] = size[r], allHands[r]
	}
	return figures(pt, hs, w, tot)
}

// ExactBrute enumerates all 22,100 × 18,424 pairs with no symmetry (a few seconds).
func ExactBrute(pt PayTable) Figures {
	tot := make([]playerTotals, numHands)
	tables.Parallel(numHands, func(i int) { tot[i] = totalsFor(pt, allHands[i]) })
	w := make([]int64, numHands)
	for i := range w {
		w[i] = 1
	}
	return figures(pt, allHands, w, tot)
}

func figures(pt PayTable, hs []hand, w []int64, tot []playerTotals) Figures {
	f := Figures{MinPlay: 1 << 30, MaxFold: -1}
	var ante, ante2, playCount, pp, pp2, prime, prime2, wins, ppWins, mono int64
	for i, h := range hs {
		t := tot[i]
		f.Hands += w[i]
		f.Pairs += w[i] * dealerPerHand
		f.Categories[h.value.Category()] += w[i]
		if t.play > -dealerPerHand { // playing beats folding's −18,424
			ante += w[i] * t.play
			ante2 += w[i] * t.play2
			playCount += w[i]
			wins += w[i] * t.wins
			f.PlayHands += w[i]
			f.MinPlay = min(f.MinPlay, h.value)
		} else {
			ante -= w[i] * dealerPerHand
			ante2 += w[i] * dealerPerHand
			f.MaxFold = max(f.MaxFold, h.value)
		}
		k := pt.PairPlus[h.value.Category()]
		n := int64(-1)
		if k > 0 {
			n = k
		}
		if k > 0 {
			ppWins += w[i]
		}
		pp += w[i] * n
		pp2 += w[i] * n * n
		// Prime per dealer hand: PrimeSix on primeN of them, Prime on the rest when the
		// player's three share a colour, −1 on all when they do not.
		if h.mono != 0 {
			mono += w[i]
			s := t.primeN*pt.PrimeSix + (dealerPerHand-t.primeN)*pt.Prime
			s2 := t.primeN*pt.PrimeSix*pt.PrimeSix + (dealerPerHand-t.primeN)*pt.Prime*pt.Prime
			prime += w[i] * s
			prime2 += w[i] * s2
		} else {
			prime -= w[i] * dealerPerHand
			prime2 += w[i] * dealerPerHand
		}
	}
	edgeVar := func(sum, sum2, n int64) (*big.Rat, *big.Rat) {
		mean := big.NewRat(sum, n)
		v := new(big.Rat).Sub(big.NewRat(sum2, n), new(big.Rat).Mul(mean, mean))
		return mean.Neg(mean), v
	}
	f.AnteEdge, f.AnteVar = edgeVar(ante, ante2, f.Pairs)
	f.PlayFreq = big.NewRat(playCount, f.Hands)
	f.AnteWin = big.NewRat(wins, f.Pairs)
	f.PairPlusW = big.NewRat(ppWins, f.Hands)
	f.PrimeWin = big.NewRat(mono, f.Hands)
	f.AnteRisk = new(big.Rat).Quo(f.AnteEdge, new(big.Rat).Add(big.NewRat(1, 1), f.PlayFreq))
	f.PairPlus, f.PairPlusV = edgeVar(pp, pp2, f.Hands)
	f.Prime, f.PrimeV = edgeVar(prime, prime2, f.Pairs)
	return f
}
