package uth

import (
	"fmt"
	"math/big"
	"slices"

	"egm/tables"
)

// The main game's exact analysis (Ante, Blind and Play under the optimal strategy).
//
// Money is counted in units of 1/scale Ante so that the Blind's 3:2 is whole. For a
// player holding P and a board B, the 990 dealer holdings of the 45 cards left settle
// a Play of x Antes to S0 + x·S1 in total (S0 the Ante and the Blind, S1 the
// Play's ±1 per Ante), so the five counts below decide every decision.

// handSums are sums over dealer holdings (and boards) of one player holding's results:
// s0 + x·s1 is the total result with a Play of x Antes, q0 + 2x·q1 + x²·q2 its sum of
// squares, w the number of wins.
type handSums struct {
	s0, s1, q0, q1, q2, w, n int64 // n: the outcomes summed
}

func (a *handSums) add(b handSums, k int64) {
	a.s0 += k * b.s0
	a.s1 += k * b.s1
	a.q0 += k * b.q0
	a.q1 += k * b.q1
	a.q2 += k * b.q2
	a.w += k * b.w
	a.n += k * b.n
}

func (a handSums) ev(x int64) int64 { return a.s0 + x*a.s1 }
func (a handSums) m2(x int64) int64 { return a.q0 + 2*x*a.q1 + x*x*a.q2 }

// path is the result of a strategy's decisions from a node on: total, sum of squares,
// wins, and the Play staked in Antes (summed over the outcomes like the rest).
type path struct{ ev, m2, w, play int64 }

func (a *path) add(b path, k int64) {
	a.ev += k * b.ev
	a.m2 += k * b.m2
	a.w += k * b.w
	a.play += k * b.play
}

// bet is the path of a Play of x Antes made now.
func (a handSums) bet(x int64) path { return path{a.ev(x), a.m2(x), a.w, x * a.n} }

// classSums are one hole class's sums over all flops: the Play's sums (for a pre-flop
// bet) and the result of checking and playing the flop and river optimally.
type classSums struct {
	bet   handSums
	check path
}

// flopResult is one flop class's contribution.
type flopResult struct {
	raise   [numPairs/8 + 1]byte // bit p: bet 2x on this flop with holding p (optimal)
	classes [169]classSums
	sum     path // Σ over the holdings of the flop decision's path (a checksum)
}

// mainCtx is a pay table's constants for the analysis.
type mainCtx struct {
	scale int64                // units per Ante
	blind [NumCategories]int64 // the Blind's win in units per Ante (0 pushes)
}

func newMainCtx(pt PayTable) (mainCtx, error) {
	c := mainCtx{scale: 1}
	for _, p := range pt.Blind {
		if p.Num != 0 {
			if p.Den <= 0 || p.Num < 0 {
				return c, fmt.Errorf("uth: Blind pay %v", p)
			}
			c.scale = lcm(c.scale, p.Den)
		}
	}
	for k, p := range pt.Blind {
		if p.Num != 0 {
			c.blind[k] = c.scale * p.Num / p.Den
		}
	}
	return c, nil
}

func lcm(a, b int64) int64 {
	x, y := a, b
	for y != 0 {
		x, y = y, x%y
	}
	return a / x * b
}

// boardScratch is one worker's memory for one board.
type boardScratch struct {
	cards  [47]Card
	keys   [1081]uint64
	hold   [1081][2]uint8 // local card indices
	value  [1081]Value
	less   [1081]int32
	eq     [1081]int32
	lessA  [1081]int32
	lessB  [1081]int32
	eqA    [1081]int32
	eqB    [1081]int32
	cnt    [47]int32
	ltQc   [47]int32
	global [1081]int16 // pairIndex of each local holding
}

// river computes, for one board (the five cards of board; rest the 47 cards left),
// every player holding's sums over the 990 dealer holdings and adds them to bet
// (the Play's sums) and check (the optimal river decision: bet 1x or fold).
func (c mainCtx) river(s *boardScratch, board Mask, rest []Card, bet []handSums, check []path) {
	n := 0
	for i := 0; i < len(rest); i++ {
		mi := board | bit(rest[i])
		for j := i + 1; j < len(rest); j++ {
			v := Eval(mi | bit(rest[j]))
			s.value[n] = v
			s.hold[n] = [2]uint8{uint8(i), uint8(j)}
			s.global[n] = pairIndex[rest[i]][rest[j]]
			s.keys[n] = uint64(v)<<11 | uint64(n)
			n++
		}
	}
	keys := s.keys[:n]
	slices.Sort(keys)
	for i := range s.cnt {
		s.cnt[i] = 0
	}
	ltQ := int32(-1)
	for i := 0; i < n; {
		v := keys[i] >> 11
		j := i
		for j < n && keys[j]>>11 == v {
			j++
		}
		if ltQ < 0 && Value(v) >= PairOrBetter {
			ltQ = int32(i)
			s.ltQc = s.cnt
		}
		for k := i; k < j; k++ {
			h := keys[k] & 2047
			a, b := s.hold[h][0], s.hold[h][1]
			s.less[h], s.eq[h] = int32(i), int32(j-i)
			s.lessA[h], s.lessB[h] = s.cnt[a], s.cnt[b]
		}
		for k := i; k < j; k++ {
			h := keys[k] & 2047
			s.cnt[s.hold[h][0]]++
			s.cnt[s.hold[h][1]]++
		}
		for k := i; k < j; k++ {
			h := keys[k] & 2047
			s.eqA[h] = s.cnt[s.hold[h][0]] - s.lessA[h]
			s.eqB[h] = s.cnt[s.hold[h][1]] - s.lessB[h]
		}
		i = j
	}
	if ltQ < 0 {
		ltQ = int32(n)
		s.ltQc = s.cnt
	}
	const dealers = 990
	sc := c.scale
	fold := path{ev: -2 * sc * dealers, m2: 4 * sc * sc * dealers}
	for h := 0; h < n; h++ {
		a, b := s.hold[h][0], s.hold[h][1]
		v := s.value[h]
		lessD := int64(s.less[h] - s.lessA[h] - s.lessB[h])
		eqD := int64(s.eq[h]-s.eqA[h]-s.eqB[h]) + 1
		greater := dealers - lessD - eqD
		ltQD := int64(ltQ - s.ltQc[a] - s.ltQc[b])
		var winQ, winN, loseQ, loseN int64
		if v >= PairOrBetter {
			winN, winQ, loseQ = ltQD, lessD-ltQD, greater
		} else {
			ltQD++ // the holding itself is below a pair
			winN = lessD
			loseN = ltQD - lessD - eqD
			loseQ = greater - loseN
		}
		bp := c.blind[v.Category()]
		win, lose := winQ+winN, loseQ+loseN
		x := handSums{
			s0: sc*(winQ-loseQ) + bp*win - sc*lose,
			s1: sc * (win - lose),
			q0: winQ*(sc+bp)*(sc+bp) + winN*bp*bp + loseQ*4*sc*sc + loseN*sc*sc,
			q1: sc * (winQ*(sc+bp) + winN*bp + loseQ*2*sc + loseN*sc),
			q2: sc * sc * (win + lose),
			w:  win,
			n:  dealers,
		}
		g := s.global[h]
		bet[g].add(x, 1)
		if x.ev(1) > fold.ev {
			check[g].add(x.bet(1), 1)
		} else {
			check[g].add(fold, 1)
		}
	}
}

// flop computes one flop class: every turn and river card pair, then the flop
// decision of every holding, summed by hole class with the class's weight.
func (c mainCtx) flop(fc flopClass) *flopResult {
	var s boardScratch
	bet := make([]handSums, numPairs)
	check := make([]path, numPairs)
	fm := MaskOf(fc.cards[:]...)
	var left []Card
	for x := Card(0); x < 52; x++ {
		if fm&bit(x) == 0 {
			left = append(left, x)
		}
	}
	rest := make([]Card, 0, 47)
	for i := range left {
		for j := i + 1; j < len(left); j++ {
			rest = rest[:0]
			for k, x := range left {
				if k != i && k != j {
					rest = append(rest, x)
				}
			}
			c.river(&s, fm|bit(left[i])|bit(left[j]), rest, bet, check)
		}
	}
	r := &flopResult{}
	for i := range left {
		for j := i + 1; j < len(left); j++ {
			p := pairIndex[left[i]][left[j]]
			b, k := bet[p], check[p]
			var chosen path
			if b.ev(2) > k.ev {
				r.raise[p/8] |= 1 << (p % 8)
				chosen = b.bet(2)
			} else {
				chosen = k
			}
			r.sum.add(chosen, 1)
			cl := &r.classes[HoleClass(left[i], left[j])]
			cl.bet.add(b, fc.weight)
			cl.check.add(chosen, fc.weight)
		}
	}
	return r
}

// MainFigures are the main game's exact figures under the optimal strategy, per Ante.
type MainFigures struct {
	Flops    int      // flop classes computed (1,755 for the whole game)
	Edge     *big.Rat // house edge per Ante
	Variance *big.Rat // of the net result per Ante
	HitFreq  *big.Rat // the probability of winning (a bet made and the dealer beaten)
	AvgPlay  *big.Rat // the expected Play bet in Antes (the average total staked is 2 + AvgPlay)
	// PreFlop is the optimal pre-flop decision per hole class (HoleClass): Bet4x, Bet3x
	// or Check.
	PreFlop   [169]Decision
	flopRaise [][numPairs/8 + 1]byte
	sums      []path // per flop class
}

// Main computes the main game's exact house edge under the optimal strategy (about
// 90 s of CPU for the whole game; see the package documentation). flops selects flop classes
// (indices into the 1,755, nil for all): a subset gives partial sums for the tests.
func Main(pt PayTable, flops []int) (MainFigures, error) {
	c, err := newMainCtx(pt)
	if err != nil {
		return MainFigures{}, err
	}
	if flops == nil {
		for i := range flopClasses {
			flops = append(flops, i)
		}
	}
	res := make([]*flopResult, len(flops))
	tables.Parallel(len(flops), func(i int) { res[i] = c.flop(flopClasses[flops[i]]) })
	var cls [169]classSums
	f := MainFigures{Flops: len(flops)}
	for _, r := range res {
		for k := range cls {
			cls[k].bet.add(r.classes[k].bet, 1)
			cls[k].check.add(r.classes[k].check, 1)
		}
		f.flopRaise = append(f.flopRaise, r.raise)
		f.sums = append(f.sums, r.sum)
	}
	var total path
	for k := range cls {
		b, ch := cls[k].bet, cls[k].check
		d, p := Check, ch
		if b.ev(4) > p.ev {
			d, p = Bet4x, b.bet(4)
		}
		if b.ev(3) > p.ev {
			d, p = Bet3x, b.bet(3)
		}
		f.PreFlop[k] = d
		total.add(p, 1)
	}
	// Every (holding, flop, turn and river, dealer holding) once: 1326·19600·1081·990
	// for the whole game.
	var count int64
	for _, i := range flops {
		count += flopClasses[i].weight * 49 * 48 / 2 * 1081 * 990
	}
	den := new(big.Rat).SetInt64(count * c.scale)
	mean := new(big.Rat).Quo(big.NewRat(total.ev, 1), den)
	m2 := new(big.Rat).Quo(big.NewRat(total.m2, 1), new(big.Rat).Mul(den, new(big.Rat).SetInt64(c.scale)))
	f.Edge = new(big.Rat).Neg(mean)
	f.Variance = new(big.Rat).Sub(m2, new(big.Rat).Mul(mean, mean))
	f.HitFreq = big.NewRat(total.w, count)
	f.AvgPlay = big.NewRat(total.play, count)
	return f, nil
}
