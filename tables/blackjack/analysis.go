package blackjack

import (
	"egm/tables"
	"fmt"
	"math/big"
	"sort"
	"strings"
)

// The analysis works on point ranks: index 0 is the ace, 1–8 the two to the nine, 9
// every ten-valued card (ten, jack, queen, king); a rank's points are index+1.
const numRanks = 10

// comp is a multiset of point ranks, 5 bits a rank (no count reaches 32).
type comp uint64

func unit(r int) comp              { return 1 << (5 * r) }
func (c comp) count(r int) int     { return int(c>>(5*r)) & 31 }
func (c comp) add(r int) comp      { return c + unit(r) }
func (c comp) plus(d comp) comp    { return c + d }
func (c comp) times(r, n int) comp { return comp(n) << (5 * r) }

func (c comp) size() int {
	n := 0
	for r := range numRanks {
		n += c.count(r)
	}
	return n
}

// hardSum counts aces as 1.
func (c comp) hardSum() int {
	s := 0
	for r := range numRanks {
		s += (r + 1) * c.count(r)
	}
	return s
}

// total is the blackjack total and whether it is soft.
func (c comp) total() (int, bool) {
	s := c.hardSum()
	if c.count(0) > 0 && s+10 <= 21 {
		return s + 10, true
	}
	return s, false
}

// shoeCounts are a full shoe's cards by point rank.
func shoeCounts(decks int) [numRanks]int {
	var n [numRanks]int
	for r := range 9 {
		n[r] = 4 * decks
	}
	n[9] = 16 * decks
	return n
}

// Dealer outcomes: a final total 17–21, a blackjack (the first two cards), a bust.
const (
	d17 = iota
	d18
	d19
	d20
	d21
	dBJ
	dBust
	numDealer
)

// dealerTerm is one multiset of cards the dealer can draw after the up card and stop
// on, with the number of orders in which drawing them stops exactly at the last one.
type dealerTerm struct {
	ranks   []int8 // the ranks present
	mult    []int8 // how many of each
	n       int    // cards drawn
	orders  float64
	outcome int
}

// dealerTerms lists the dealer's stopping multisets from up card u, level by level
// (each level one more card drawn): every multiset still drawing is extended by each
// rank; the orders reaching a multiset add up.
func dealerTerms(u int, hitSoft17 bool) []dealerTerm {
	type state struct {
		c      comp
		orders float64
	}
	terms := map[comp]*dealerTerm{}
	level := []state{{0, 1}}
	for n := 1; len(level) > 0; n++ {
		next := map[comp]float64{}
		for _, s := range level {
			for r := range numRanks {
				c := s.c.add(r)
				t, soft := c.add(u).total()
				var out int
				switch {
				case n == 1 && t == 21:
					out = dBJ
				case t > 21:
					out = dBust
				case t < 17 || (hitSoft17 && soft && t == 17):
					next[c] += s.orders
					continue
				default:
					out = d17 + t - 17
				}
				if terms[c] == nil {
					terms[c] = &dealerTerm{n: n, outcome: out}
				}
				terms[c].orders += s.orders
			}
		}
		level = level[:0]
		for c, o := range next {
			level = append(level, state{c, o})
		}
	}
	keys := make([]comp, 0, len(terms))
	for c := range terms {
		keys = append(keys, c)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	out := make([]dealerTerm, 0, len(keys))
	for _, c := range keys {
		t := terms[c]
		for r := range numRanks {
			if k := c.count(r); k > 0 {
				t.ranks = append(t.ranks, int8(r))
				t.mult = append(t.mult, int8(k))
			}
		}
		out = append(out, *t)
	}
	return out
}

// dealerDist is the exact distribution of the dealer's result from a shoe holding
// avail cards of each rank: Σ over stopping multisets of orders · Π_r avail_r falling
// k_r / N falling n (drawing without replacement).
func dealerDist(terms []dealerTerm, avail [numRanks]int) [numDealer]float64 {
	N := 0
	maxK := 0
	for _, a := range avail {
		N += a
	}
	for i := range terms {
		maxK = max(maxK, terms[i].n)
	}
	// ff[r][k] = avail_r (avail_r − 1) … (avail_r − k + 1); inv[n] = 1 / N falling n.
	var ff [numRanks][32]float64
	for r := range numRanks {
		ff[r][0] = 1
		for k := 1; k <= maxK && k < 32; k++ {
			ff[r][k] = ff[r][k-1] * float64(avail[r]-k+1)
			if ff[r][k] < 0 {
				ff[r][k] = 0
			}
		}
	}
	inv := make([]float64, maxK+1)
	inv[0] = 1
	for n := 1; n <= maxK; n++ {
		inv[n] = inv[n-1] / float64(N-n+1)
	}
	var d [numDealer]float64
	for i := range terms {
		t := &terms[i]
		p := t.orders * inv[t.n]
		for j, r := range t.ranks {
			p *= ff[r][t.mult[j]]
		}
		d[t.outcome] += p
	}
	return d
}

// standEV is the expected result per unit of standing on total t (not a blackjack)
// against dealer distribution d: the dealer's blackjack beats it (no hole card: it is
// only known after the player has played).
func standEV(t int, d *[numDealer]float64) float64 {
	if t > 21 {
		return -1
	}
	ev := d[dBust] - d[dBJ]
	for o := d17; o <= d21; o++ {
		switch dt := 17 + o - d17; {
		case t > dt:
			ev += d[o]
		case t < dt:
			ev -= d[o]
		}
	}
	return ev
}

// Action is an entry of the basic strategy.
type Action uint8

const (
	ActStand Action = iota
	ActHit
)

// Strategy is a total-dependent basic strategy: per dealer up card (point rank index
// 0 = ace … 9 = ten), by the hand's total and softness, whether to hit (any number of
// cards), whether to double a two-card hand, whether to surrender a first two cards
// (when the rules have it), and per pair whether to split.
type Strategy struct {
	Hit       [numRanks][2][22]bool    // [up][soft][total]
	Double    [numRanks][2][22]bool    // two-card hands
	Surrender [numRanks][2][22]bool    // the first two cards (Rules.Surrender)
	Split     [numRanks][numRanks]bool // [up][pair rank]
}

// node is one player hand in the analysis: its cards, and the cards removed from the
// shoe besides the hand and the up card (the other pair cards of a split).
type node struct {
	hand, removed comp // removed includes the hand
	total         int
	soft          bool
	cards         int
	stand         float64           // EV of standing
	hit           float64           // EV of hitting, then playing the strategy
	dbl           float64           // EV of doubling (two-card hands)
	value         float64           // EV of playing the strategy from here (hit or stand)
	p             [numRanks]float64 // the next card's probabilities
	kids          [numRanks]*node   // after each next card (nil: bust or no card left)
	reach, fall   float64           // expected arrivals under the strategy; under hit-to-21 (a tie-break)
	forcedStand   bool              // split aces (one card each) or 21
	initial       bool              // a first two-card hand, not from a split
	splitHand     bool              // a two-card hand from a split
	dblOK         bool              // may double (two cards, not split aces, DAS for split hands)
}

// upAnalysis is the analysis for one dealer up card.
type upAnalysis struct {
	rules  Rules
	up     int
	avail  [numRanks]int // the shoe less the up card
	terms  []dealerTerm
	dealer map[comp]*[numDealer]float64
	nodes  map[[2]comp]*node
	byHard [32][]*node // nodes by hard sum, for the sweeps
	deal   []dealt     // the first two cards
	splitW [numRanks]splitWeights
}

type dealt struct {
	n    *node
	pair int // the pair's rank, −1 if not a pair
	bj   bool
	prob float64
}

func newUp(rules Rules, u int) *upAnalysis {
	a := &upAnalysis{rules: rules, up: u, terms: dealerTerms(u, rules.HitSoft17),
		dealer: map[comp]*[numDealer]float64{}, nodes: map[[2]comp]*node{}}
	a.avail = shoeCounts(rules.Decks)
	a.avail[u]--
	return a
}

func (a *upAnalysis) dist(removed comp) *[numDealer]float64 {
	if d := a.dealer[removed]; d != nil {
		return d
	}
	av := a.avail
	for r := range numRanks {
		av[r] -= removed.count(r)
	}
	d := dealerDist(a.terms, av)
	a.dealer[removed] = &d
	return &d
}

// get returns the node of hand with the given removed cards, building it and the
// hands it can reach by hitting.
func (a *upAnalysis) get(hand, removed comp) *node {
	k := [2]comp{hand, removed}
	if n := a.nodes[k]; n != nil {
		return n
	}
	n := &node{hand: hand, removed: removed, cards: hand.size()}
	n.total, n.soft = hand.total()
	a.nodes[k] = n
	a.byHard[hand.hardSum()] = append(a.byHard[hand.hardSum()], n)
	d := a.dist(removed)
	n.stand = standEV(n.total, d)
	left := 0
	var av [numRanks]int
	for r := range numRanks {
		av[r] = a.avail[r] - removed.count(r)
		left += av[r]
	}
	for r := range numRanks {
		if av[r] <= 0 {
			continue
		}
		n.p[r] = float64(av[r]) / float64(left)
		if hand.add(r).hardSum() <= 21 && n.total < 21 {
			n.kids[r] = a.get(hand.add(r), removed.add(r))
		}
	}
	if n.total == 21 {
		n.forcedStand = true
	}
	return n
}

// The split process. After a pair of rank r is split, each hand holding one r takes
// its second card; an r is split again while the box has fewer than the most hands
// (aces never), and otherwise stays as the pair played as a total. splitWeights are the
// expected numbers of hands completed with a non-r card drawn when k further r's had
// already left the shoe (a[k]), and completed as the pair r-r likewise (b[k]); k is
// capped at maxK for the valuation (see doc.go).
const maxK = 2

type splitWeights struct {
	a, b [maxK + 1]float64
}

func (a *upAnalysis) splitProcess(r int) splitWeights {
	var w splitWeights
	maxHands := a.rules.MaxHands
	if r == 0 {
		maxHands = 2 // "Ässasid võib jagada ainult üks kord"
	}
	nr := a.avail[r] - 2
	N := 0
	for _, x := range a.avail {
		N += x
	}
	N -= 2
	var walk func(pending, hands, k int, prob float64)
	walk = func(pending, hands, k int, prob float64) {
		if pending == 0 || prob == 0 {
			return
		}
		pr := float64(nr-k) / float64(N-k)
		if nr-k <= 0 {
			pr = 0
		}
		kk := min(k, maxK)
		w.a[kk] += prob * (1 - pr)
		walk(pending-1, hands, k, prob*(1-pr))
		if hands < maxHands {
			walk(pending+1, hands+1, k+1, prob*pr)
		} else {
			w.b[kk] += prob * pr
			walk(pending-1, hands, k+1, prob*pr)
		}
	}
	walk(2, 2, 0, 1)
	return w
}

// build creates every node: the first two-card hands and, for every pair rank, the
// hands of a split with k = 0…maxK further pair cards gone.
func (a *upAnalysis) build() {
	N := 0
	for _, x := range a.avail {
		N += x
	}
	for i := range numRanks {
		for j := i; j < numRanks; j++ {
			p := float64(a.avail[i]) * float64(a.avail[j]-b2i(i == j)) / float64(N) / float64(N-1)
			if i != j {
				p *= 2
			}
			h := comp(0).add(i).add(j)
			d := dealt{pair: -1, prob: p}
			if i == j {
				d.pair = i
			}
			if t, _ := h.total(); t == 21 {
				d.bj = true
				d.n = &node{hand: h, removed: h, cards: 2, total: 21}
				d.n.stand = 1.5 * (1 - a.dist(h)[dBJ])
			} else {
				d.n = a.get(h, h)
				d.n.initial = true
				d.n.dblOK = true
			}
			a.deal = append(a.deal, d)
		}
	}
	for r := range numRanks {
		a.splitW[r] = a.splitProcess(r)
		for k := 0; k <= maxK; k++ {
			if r == 0 && k > 0 {
				break // split aces: at most two hands, k stays 0
			}
			extra := comp(0).times(r, 1+k)
			for x := range numRanks {
				h := comp(0).add(r).add(x)
				n := a.get(h, h.plus(extra))
				n.splitHand = true
				if r == 0 {
					n.forcedStand = true // one card each, no double
				} else if a.rules.DoubleAfterSplit && n.total < 21 {
					n.dblOK = true
				}
			}
		}
	}
	for _, ns := range a.byHard {
		for _, n := range ns {
			if n.cards == 2 && n.dblOK && n.total < 21 {
				s := 0.0
				for r, k := range n.kids {
					if k != nil {
						s += n.p[r] * k.stand
					} else {
						s -= n.p[r]
					}
				}
				n.dbl = 2 * s
			}
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// skProb is the probability that a split hand's second card is x, given that it is not
// the pair rank r, drawn when k further r's have left the shoe.
func (a *upAnalysis) skProb(r, k, x int) float64 {
	nr := a.avail[r] - 2 - k
	N := -2 - k
	for _, c := range a.avail {
		N += c
	}
	if x == r {
		return 0
	}
	return float64(a.avail[x]-b2i(x == r)*(2+k)) / float64(N-nr)
}

func (a *upAnalysis) splitNode(r, k, x int) *node {
	k = min(k, maxK)
	if r == 0 {
		k = 0
	}
	h := comp(0).add(r).add(x)
	return a.nodes[[2]comp{h, h.plus(comp(0).times(r, 1+k))}]
}

// playsTotal reports whether node n plays hit/stand by its total under strategy s
// (u's tables): not doubled, not surrendered, not forced to stand.
func (a *upAnalysis) playsTotal(n *node, s *Strategy) bool {
	if n.forcedStand {
		return false
	}
	if n.cards == 2 {
		st := b2i(n.soft)
		if n.initial && a.rules.Surrender && s.Surrender[a.up][st][n.total] {
			return false
		}
		if n.dblOK && s.Double[a.up][st][n.total] {
			return false
		}
	}
	return true
}

// computeReach sets every node's expected number of arrivals under s, and fall, the
// same when every hand below 21 hits and nothing is split, doubled or surrendered
// (weights for states the strategy never reaches).
func (a *upAnalysis) computeReach(s *Strategy) {
	for _, ns := range a.byHard {
		for _, n := range ns {
			n.reach, n.fall = 0, 0
		}
	}
	for _, d := range a.deal {
		if d.bj {
			continue
		}
		d.n.fall += d.prob
		if d.pair < 0 || !s.Split[a.up][d.pair] {
			d.n.reach += d.prob
			continue
		}
		r, w := d.pair, &a.splitW[d.pair]
		for k := 0; k <= maxK; k++ {
			for x := range numRanks {
				if x != r && w.a[k] > 0 {
					a.splitNode(r, k, x).reach += d.prob * w.a[k] * a.skProb(r, k, x)
				}
			}
			if w.b[k] > 0 {
				a.splitNode(r, k, r).reach += d.prob * w.b[k]
			}
		}
	}
	for h := 2; h <= 21; h++ {
		for _, n := range a.byHard[h] {
			hit := a.playsTotal(n, s) && s.Hit[a.up][b2i(n.soft)][n.total]
			for r, k := range n.kids {
				if k == nil {
					continue
				}
				if hit {
					k.reach += n.reach * n.p[r]
				}
				if !n.forcedStand {
					k.fall += n.fall * n.p[r]
				}
			}
		}
	}
}

// twoCardValue is a two-card node's value under s after the first decisions.
func (a *upAnalysis) twoCardValue(n *node, s *Strategy) float64 {
	st := b2i(n.soft)
	switch {
	case n.forcedStand:
		return n.stand
	case n.initial && a.rules.Surrender && s.Surrender[a.up][st][n.total]:
		return -0.5
	case n.dblOK && s.Double[a.up][st][n.total]:
		return n.dbl
	}
	return n.value
}

// twoCardStake is what a two-card node stakes under s after the first decisions, in
// first bets, as twoCardValue plays it: two when doubled, one otherwise (hitting and
// standing add nothing; a surrender stakes its bet and gets half back).
func (a *upAnalysis) twoCardStake(n *node, s *Strategy) float64 {
	st := b2i(n.soft)
	switch {
	case n.forcedStand:
		return 1
	case n.initial && a.rules.Surrender && s.Surrender[a.up][st][n.total]:
		return 1
	case n.dblOK && s.Double[a.up][st][n.total]:
		return 2
	}
	return 1
}

// splitStake is the expected total stake of splitting the pair r under s, in first
// bets: the same composition as splitEV, each completed hand weighed by its stake.
func (a *upAnalysis) splitStake(r int, s *Strategy) float64 {
	w := &a.splitW[r]
	st := 0.0
	for k := 0; k <= maxK; k++ {
		for x := range numRanks {
			if x != r && w.a[k] > 0 {
				st += w.a[k] * a.skProb(r, k, x) * a.twoCardStake(a.splitNode(r, k, x), s)
			}
		}
		if w.b[k] > 0 {
			st += w.b[k] * a.twoCardStake(a.splitNode(r, k, r), s)
		}
	}
	return st
}

// stake is the expected total stake of a round with up card u under s, in first bets:
// ev's composition with each play's stake in place of its result (never insurance).
func (a *upAnalysis) stake(s *Strategy) float64 {
	st := 0.0
	for _, d := range a.deal {
		switch {
		case d.bj:
			st += d.prob
		case d.pair >= 0 && s.Split[a.up][d.pair]:
			st += d.prob * a.splitStake(d.pair, s)
		default:
			st += d.prob * a.twoCardStake(d.n, s)
		}
	}
	return st
}

// splitEV is the value of splitting the pair r under s, per unit of the first bet.
func (a *upAnalysis) splitEV(r int, s *Strategy) float64 {
	w := &a.splitW[r]
	ev := 0.0
	for k := 0; k <= maxK; k++ {
		for x := range numRanks {
			if x != r && w.a[k] > 0 {
				ev += w.a[k] * a.skProb(r, k, x) * a.twoCardValue(a.splitNode(r, k, x), s)
			}
		}
		if w.b[k] > 0 {
			ev += w.b[k] * a.twoCardValue(a.splitNode(r, k, r), s)
		}
	}
	return ev
}

// decide picks by the weighted score, the fall-back weights breaking a zero-weight
// state; a change needs a gain over 1e-15 (no cycling on ties).
func decide(cur bool, score, fall float64, reached bool) bool {
	x := score
	if !reached {
		x = fall
	}
	switch {
	case x > 1e-15:
		return true
	case x < -1e-15:
		return false
	}
	return cur
}

// sweep improves the strategy state by state from the highest hard sum down (a hit
// only ever leads to a higher hard sum, so the states above are final when a state is
// decided), each change chosen by its exact gain Σ reach · (EV_new − EV_old) over the
// hands arriving at the state; then the pairs. It reports whether anything changed.
func (a *upAnalysis) sweep(s *Strategy) bool {
	changed := false
	set := func(p *bool, v bool) {
		if *p != v {
			*p, changed = v, true
		}
	}
	for h := 21; h >= 2; h-- {
		level := a.byHard[h]
		for _, n := range level {
			n.hit = 0
			for r, k := range n.kids {
				if k != nil {
					n.hit += n.p[r] * k.value
				} else {
					n.hit -= n.p[r]
				}
			}
		}
		for soft := 0; soft < 2; soft++ {
			t := h + 10*soft
			if t > 21 || (soft == 1 && h > 11) {
				continue
			}
			var score, fall, reach float64
			for _, n := range level {
				if b2i(n.soft) == soft && a.playsTotal(n, s) {
					score += n.reach * (n.hit - n.stand)
					fall += n.fall * (n.hit - n.stand)
					reach += n.reach
				}
			}
			if t < 21 {
				set(&s.Hit[a.up][soft][t], decide(s.Hit[a.up][soft][t], score, fall, reach > 0))
			}
			for _, n := range level {
				if b2i(n.soft) != soft {
					continue
				}
				n.value = n.stand
				if !n.forcedStand && s.Hit[a.up][soft][t] && t < 21 {
					n.value = n.hit
				}
			}
			// two-card decisions at this total
			score, fall, reach = 0, 0, 0
			for _, n := range level {
				if b2i(n.soft) == soft && n.cards == 2 && n.dblOK &&
					!(n.initial && a.rules.Surrender && s.Surrender[a.up][soft][t]) {
					score += n.reach * (n.dbl - n.value)
					fall += n.fall * (n.dbl - n.value)
					reach += n.reach
				}
			}
			if t < 21 {
				set(&s.Double[a.up][soft][t], decide(s.Double[a.up][soft][t], score, fall, reach > 0))
			}
			if !a.rules.Surrender {
				continue
			}
			score, fall, reach = 0, 0, 0
			for _, n := range level {
				if b2i(n.soft) == soft && n.initial {
					v := n.value
					if n.dblOK && s.Double[a.up][soft][t] {
						v = n.dbl
					}
					score += n.reach * (-0.5 - v)
					fall += n.fall * (-0.5 - v)
					reach += n.reach
				}
			}
			set(&s.Surrender[a.up][soft][t], decide(s.Surrender[a.up][soft][t], score, fall, reach > 0))
		}
	}
	for _, d := range a.deal {
		if d.pair >= 0 {
			set(&s.Split[a.up][d.pair], a.splitEV(d.pair, s) > a.twoCardValue(d.n, s)+1e-15)
		}
	}
	return changed
}

// ev is the expected result per unit of the first bet with up card u under s (the
// nodes' values from the last sweep).
func (a *upAnalysis) ev(s *Strategy) float64 {
	ev := 0.0
	for _, d := range a.deal {
		switch {
		case d.bj:
			ev += d.prob * d.n.stand
		case d.pair >= 0 && s.Split[a.up][d.pair]:
			ev += d.prob * a.splitEV(d.pair, s)
		default:
			ev += d.prob * a.twoCardValue(d.n, s)
		}
	}
	return ev
}

// MainFigures are the main game's figures for a set of rules.
type MainFigures struct {
	Rules Rules
	Edge  float64 // house edge per unit of the first bet, basic strategy
	// Stake is the expected total stake of a round in first bets: the first bet, the
	// doubles and the split hands' bets the strategy makes (never insurance), from
	// the same recursion and split composition as Edge; EdgeStaked is Edge / Stake,
	// the house edge per unit of everything staked (what the meters head to).
	Stake      float64
	EdgeStaked float64
	UpStake    [numRanks]float64 // the expected total stake by up card (ace first)
	UpEV       [numRanks]float64 // the player's expected result by up card (ace first)
	UpProb     [numRanks]float64 // the up card's probability
	Strategy   Strategy          // the basic strategy the analysis derived
	Sweeps     int               // improvement sweeps until no state changed (largest over up cards)
	Hands      int               // player hands (nodes) evaluated
	DealerComp int               // shoe compositions whose dealer distribution was computed
	Insurance  *big.Rat          // the insurance bet's house edge, exact
	// SplitEV is splitting a pair's expected result per unit of the first bet, by up
	// card and pair rank (ace first), whatever the strategy chooses.
	SplitEV [numRanks][numRanks]float64
}

// Main computes the main game's figures under rules: for each dealer up card, the
// exact value of every player hand by recursion over the shoe's composition, the
// total-dependent basic strategy improved to a fixed point, and the expected result.
// See doc.go for the method and what it approximates.
func Main(rules Rules) (MainFigures, error) {
	if rules.Decks < 1 || rules.MaxHands < 2 {
		return MainFigures{}, fmt.Errorf("blackjack: analysis needs decks ≥ 1 and at least two hands, got %+v", rules)
	}
	f := MainFigures{Rules: rules}
	full := shoeCounts(rules.Decks)
	N := 52 * rules.Decks
	ups := make([]*upAnalysis, numRanks)
	sweeps := make([]int, numRanks)
	tables.Parallel(numRanks, func(u int) {
		a := newUp(rules, u)
		a.build()
		s := &f.Strategy
		for sweeps[u] = 1; sweeps[u] <= 50; sweeps[u]++ {
			a.computeReach(s)
			if !a.sweep(s) {
				break
			}
		}
		ups[u] = a
	})
	for u, a := range ups {
		if sweeps[u] > 50 {
			return f, fmt.Errorf("blackjack: the strategy for up card %d did not settle", u)
		}
		f.Sweeps = max(f.Sweeps, sweeps[u])
		f.UpProb[u] = float64(full[u]) / float64(N)
		f.UpEV[u] = a.ev(&f.Strategy)
		for r := range numRanks {
			f.SplitEV[u][r] = a.splitEV(r, &f.Strategy)
		}
		f.Edge -= f.UpProb[u] * f.UpEV[u]
		f.UpStake[u] = a.stake(&f.Strategy)
		f.Stake += f.UpProb[u] * f.UpStake[u]
		f.Hands += len(a.nodes)
		f.DealerComp += len(a.dealer)
	}
	f.EdgeStaked = f.Edge / f.Stake
	// Insurance: 3 · P(the dealer's second card is a ten) − 1 with the ace and the
	// player's two cards gone; by exchangeability P = tens / (N − 1) whatever the
	// player holds on average: 16·decks / (52·decks − 1).
	f.Insurance = big.NewRat(int64(N-1-3*full[9]), int64(N-1))
	return f, nil
}

// String prints the strategy as a chart: rows of totals, columns of up cards 2 … A.
func (s *Strategy) String() string {
	var b strings.Builder
	cols := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 0}
	head := func(title string) {
		fmt.Fprintf(&b, "%-6s", title)
		for _, u := range cols {
			fmt.Fprintf(&b, " %2s", "A23456789T"[u:u+1])
		}
		b.WriteByte('\n')
	}
	cell := func(u, soft, t int) string {
		switch {
		case s.Surrender[u][soft][t]:
			return "R"
		case s.Double[u][soft][t] && s.Hit[u][soft][t]:
			return "Dh"
		case s.Double[u][soft][t]:
			return "Ds"
		case s.Hit[u][soft][t]:
			return "H"
		}
		return "S"
	}
	head("hard")
	for t := 5; t <= 20; t++ {
		fmt.Fprintf(&b, "%-6d", t)
		for _, u := range cols {
			fmt.Fprintf(&b, " %2s", cell(u, 0, t))
		}
		b.WriteByte('\n')
	}
	head("soft")
	for t := 13; t <= 20; t++ {
		fmt.Fprintf(&b, "A,%-4d", t-11)
		for _, u := range cols {
			fmt.Fprintf(&b, " %2s", cell(u, 1, t))
		}
		b.WriteByte('\n')
	}
	head("pair")
	for r := range numRanks {
		fmt.Fprintf(&b, "%-6s", "A23456789T"[r:r+1]+","+"A23456789T"[r:r+1])
		for _, u := range cols {
			x := "-"
			if s.Split[u][r] {
				x = "P"
			}
			fmt.Fprintf(&b, " %2s", x)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// pointIndex is the analysis's rank index of a card: 0 ace, 1–8 two to nine, 9 ten-valued.
func pointIndex(c Card) int { return Points(c) - 1 }

// Decide is the strategy's decision in game g: never insurance; split, surrender,
// double, hit or stand by the tables for the dealer's card, as the analysis played them.
func (s *Strategy) Decide(g *Game) Decision {
	legal := map[Decision]bool{}
	for _, d := range g.Legal() {
		legal[d] = true
	}
	if legal[NoInsurance] {
		return NoInsurance
	}
	h := g.Hands[g.Active]
	u := pointIndex(g.Up())
	t, soft := Value(h.Cards)
	st := b2i(soft)
	switch {
	case legal[Split] && s.Split[u][pointIndex(h.Cards[0])]:
		return Split
	case legal[Surrender] && s.Surrender[u][st][t]:
		return Surrender
	case legal[Double] && s.Double[u][st][t]:
		return Double
	case legal[Hit] && s.Hit[u][st][t]:
		return Hit
	}
	return Stand
}
