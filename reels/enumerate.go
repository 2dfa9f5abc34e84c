package reels

import (
	"slices"
)

// Class is one outcome class of a full-cycle enumeration: all stop combinations
// with the same scatter count and the same per-reel column tags, with the exact
// moments of their win.
type Class struct {
	Scatters int             `json:"scatters"`
	Tags     [MaxReels]uint8 `json:"tags"`
	Moments
}

// TagSum is the sum of the class's per-reel tags (e.g. the bonus count with
// BonusCount, the reels showing a symbol with SymbolPresent).
func (c *Class) TagSum() int {
	n := 0
	for _, t := range c.Tags {
		n += int(t)
	}
	return n
}

// Combo counts one paying line combination over a full cycle.
type Combo struct {
	Symbol SymbolID `json:"symbol"`
	Count  int      `json:"count"`
	Pay    int64    `json:"pay"`  // × line bet
	Hits   uint64   `json:"hits"` // (stop combination, line) pairs that pay it
}

// Enumeration is the exact full-cycle distribution of one reel set's spin.
type Enumeration struct {
	Cycle   uint64  `json:"cycle"`   // stop combinations (Π strip lengths)
	Lines   int     `json:"lines"`   // total bet = Lines × line bet
	Classes []Class `json:"classes"` // sorted by scatter count, then tags
	Combos  []Combo `json:"combos"`  // line combinations that pay, by symbol and count
	Total   Moments `json:"total"`   // all classes merged
}

// dpKey is the state of a partial window (reels 0..r): each line's state, the
// scatter count and the column tags so far.
type dpKey struct {
	lines [MaxLines]uint8
	scat  uint8
	tags  [MaxReels]uint8
}

type classKey struct {
	scat uint8
	tags [MaxReels]uint8
}

// column is one distinct window column of a reel with its multiplicity.
type column struct {
	sym  [MaxRows]SymbolID
	scat uint8
	tag  uint8
	mult uint64
}

// step is a line-state transition: the next state and the combination paid (0 =
// none) when the line ends.
type step struct {
	next  uint8
	combo uint8
}

// Enumerate computes the exact distribution of the win over every stop combination
// of set, grouped into classes by scatter count and the per-reel tags of tag (nil:
// by scatter count only). See the package documentation for how titles combine
// classes with their features.
//
// The work is a dynamic programme over the reels: the state after reels 0..r is
// each line's state (ended, a run of wilds, or a run of symbol s that started with
// i wilds), the scatter count and the tags; prefixes in the same state are merged,
// carrying the exact moments of the pays already settled. Distinct columns of a
// reel are grouped with their multiplicities.
func (g *Game) Enumerate(set *ReelSet, tag Tagger) *Enumeration {
	return g.enumerate(set, tag, false)
}

// ZeroLines returns, per scatter count and tag total, the number of stop
// combinations on which no line pays (Weight only; the other moments are zero; the
// tag total is in Tags[0], so TagSum reads it). It runs the enumeration pruned to
// line-pay-free prefixes and keeps only the running tag total, so it is cheaper
// than Enumerate. With the class's scatter pay it gives P(win = 0) jointly with what
// a feature sees, e.g. for a free game with an expanding symbol: P(no line win, the
// symbol on n reels, k scatters). Tag totals must stay below 256.
func (g *Game) ZeroLines(set *ReelSet, tag Tagger) []Class {
	return g.enumerate(set, tag, true).Classes
}

// enumerate is Enumerate; zero prunes to line-pay-free combinations and keeps the
// tag total (in tags[0]) instead of the tags per reel.
func (g *Game) enumerate(set *ReelSet, tag Tagger, zero bool) *Enumeration {
	nr, nl := g.Reels, len(g.Lines)
	ns := len(g.Symbols)
	tb := g.tab
	parts := make([]*reelParts, nr)
	for r := range nr {
		parts[r] = g.reelParts(set, r, tag)
	}
	var rowOf [MaxLines][MaxReels]uint8
	for l, ln := range g.Lines {
		rowOf[l] = ln
	}
	groups := lineGroups(g)

	type entry struct {
		key dpKey
		m   Moments
	}
	var k0 dpKey
	for l := range nl {
		k0.lines[l] = stateStart
	}
	cur := []entry{{k0, Moments{Weight: 1, MaxWeight: 1}}}
	var spare []entry         // the buffer of two reels ago, reused
	index := map[dpKey]int{}  // cleared per reel, keeping its buckets
	var alive [MaxLines]uint8 // indexes of the lines still running in a state
	var rf refiner

	// Every reel but the last: extend each state by each class of columns that act
	// alike on it, and merge the results.
	for r := 0; r < nr-1; r++ {
		clear(index)
		next := spare[:0]
		if cap(next) < 4*len(cur) {
			next = make([]entry, 0, 4*len(cur)) // states grow about this much per reel
		}
		tr := &tb.step[r]
		rp := parts[r]
		for ei := range cur {
			e := &cur[ei]
			na := 0
			for l := range nl {
				if e.key.lines[l] != 0 {
					alive[na] = uint8(l)
					na++
				}
			}
			for _, pt := range rf.refine(rp, &e.key, alive[:na], &rowOf, r, ns) {
				c := &rp.cols[pt.rep]
				k := e.key
				var pay uint64
				for _, l := range alive[:na] {
					cell := c.sym[rowOf[l][r]&(MaxRows-1)]
					t := tr[k.lines[l]][cell&(MaxSymbols-1)]
					k.lines[l] = t.next
					pay += uint64(tb.pay[t.combo])
				}
				for _, grp := range groups[r] {
					sortGroup(&k.lines, grp)
				}
				k.scat += c.scat
				if zero {
					k.tags[0] += c.tag
				} else {
					k.tags[r] = c.tag
				}
				if zero && pay > 0 {
					continue
				}
				m := e.m.fold(pay, pt.mult)
				if i, ok := index[k]; ok {
					next[i].m.Merge(m)
				} else {
					index[k] = len(next)
					next = append(next, entry{k, m})
				}
			}
		}
		spare, cur = cur, next
	}

	// The last reel: every line ends and states collapse into classes. Per state
	// and (scatter, tag) class of the last reel's columns, the pays are summed in
	// 64 bits first and folded into the class moments once.
	last := nr - 1
	rp := parts[last]
	type sums struct{ c0, c1, c2, ch, pmax, cmax uint64 }
	acc := make([]sums, len(rp.base))
	prefixes := map[classKey][]Moments{}
	for ei := range cur {
		e := &cur[ei]
		na := 0
		for l := range nl {
			if e.key.lines[l] != 0 {
				alive[na] = uint8(l)
				na++
			}
		}
		clear(acc)
		for _, pt := range rf.refine(rp, &e.key, alive[:na], &rowOf, last, ns) {
			c := &rp.cols[pt.rep]
			var pay uint64
			for _, l := range alive[:na] {
				cell := c.sym[rowOf[l][last]&(MaxRows-1)]
				pay += uint64(tb.pay[tb.last[e.key.lines[l]][cell&(MaxSymbols-1)]])
			}
			if zero && pay > 0 {
				continue
			}
			a := &acc[pt.base]
			a.c0 += pt.mult
			if pay > 0 {
				a.c1 += pay * pt.mult
				a.c2 += pay * pay * pt.mult
				a.ch += pt.mult
			}
			switch {
			case pay > a.pmax || a.cmax == 0:
				a.pmax, a.cmax = pay, pt.mult
			case pay == a.pmax:
				a.cmax += pt.mult
			}
		}
		pk := classKey{scat: e.key.scat, tags: e.key.tags}
		pm := prefixes[pk]
		if pm == nil {
			pm = make([]Moments, len(rp.base))
			prefixes[pk] = pm
		}
		m := &e.m
		for k := range acc {
			a := &acc[k]
			if a.c0 == 0 {
				continue
			}
			pm[k].Merge(Moments{
				Weight:    m.Weight * a.c0,
				Hits:      m.Weight*a.ch + m.Hits*(a.c0-a.ch),
				Sum:       m.Sum.Mul64(a.c0).Add(Mul64x64(m.Weight, a.c1)),
				SumSq:     m.SumSq.Mul64(a.c0).Add(m.Sum.Mul64(2 * a.c1)).Add(Mul64x64(m.Weight, a.c2)),
				Max:       m.Max + a.pmax,
				MaxWeight: m.MaxWeight * a.cmax,
			})
		}
	}
	classes := map[classKey]*Moments{}
	for pk, pm := range prefixes {
		for k, m := range pm {
			if m.Weight == 0 {
				continue
			}
			bc := rp.cols[rp.base[k].rep]
			ck := classKey{scat: pk.scat + bc.scat, tags: pk.tags}
			if zero {
				ck.tags[0] += bc.tag
			} else {
				ck.tags[last] = bc.tag
			}
			if p, ok := classes[ck]; ok {
				p.Merge(m)
			} else {
				classes[ck] = &m
			}
		}
	}

	out := &Enumeration{Cycle: set.cycle, Lines: nl}
	if zero {
		for ck, m := range classes {
			out.Classes = append(out.Classes, Class{Scatters: int(ck.scat), Tags: ck.tags, Moments: Moments{Weight: m.Weight}})
		}
		sortClasses(out.Classes)
		return out
	}
	for ck, m := range classes {
		sp := uint64(g.scatPay[ck.scat]) * uint64(nl)
		out.Classes = append(out.Classes, Class{Scatters: int(ck.scat), Tags: ck.tags, Moments: m.fold(sp, 1)})
	}
	sortClasses(out.Classes)
	for i := range out.Classes {
		out.Total.Merge(out.Classes[i].Moments)
	}
	out.Combos = g.comboHits(set, tb)
	return out
}

// lineGroups lists, for each reel r but the last, the groups of two or more lines
// that visit the same rows on every reel after r. Lines in such a group are
// interchangeable for the rest of the spin, so a state is kept canonical by sorting
// their states: prefixes that differ only by a permutation within a group merge.
func lineGroups(g *Game) [MaxReels][][]uint8 {
	var out [MaxReels][][]uint8
	for r := 0; r < g.Reels-1; r++ {
		by := map[[MaxReels]uint8][]uint8{}
		var order [][MaxReels]uint8
		for l, ln := range g.Lines {
			var fut [MaxReels]uint8
			copy(fut[r+1:g.Reels], ln[r+1:g.Reels])
			if by[fut] == nil {
				order = append(order, fut)
			}
			by[fut] = append(by[fut], uint8(l))
		}
		for _, f := range order {
			if len(by[f]) > 1 {
				out[r] = append(out[r], by[f])
			}
		}
	}
	return out
}

// comboHits counts, for every paying combination, the (stop combination, line)
// pairs that pay it: per line, a walk over the reels with the line's state
// distribution (the line reads one row per reel, so each reel's symbol counts on
// that row suffice).
func (g *Game) comboHits(set *ReelSet, tb *stepTables) []Combo {
	nr := g.Reels
	var rest [MaxReels]uint64 // stop combinations of the reels after r
	rest[nr-1] = 1
	for r := nr - 2; r >= 0; r-- {
		rest[r] = rest[r+1] * set.lens[r+1]
	}
	var hits [256]uint64
	var cur, next [256]uint64
	for _, ln := range g.Lines {
		clear(cur[:])
		cur[stateStart] = 1
		for r := range nr {
			var cnt [MaxSymbols]uint64
			for k := range set.Strips[r] {
				cnt[set.cols[r][k][ln[r]&(MaxRows-1)]&(MaxSymbols-1)]++
			}
			clear(next[:])
			for st, w := range cur {
				if w == 0 {
					continue
				}
				for s, c := range cnt {
					if c == 0 {
						continue
					}
					if r == nr-1 {
						hits[tb.last[st][s]] += w * c
						continue
					}
					t := tb.step[r][st][s]
					hits[t.combo] += w * c * rest[r]
					next[t.next] += w * c
				}
			}
			cur = next
		}
	}
	var out []Combo
	for id, h := range hits {
		if id != 0 && h != 0 {
			cb := tb.combos[id]
			out = append(out, Combo{Symbol: cb.sym, Count: int(cb.count), Pay: cb.pay, Hits: h})
		}
	}
	return out
}

func sortClasses(cs []Class) {
	slices.SortFunc(cs, func(a, b Class) int {
		if a.Scatters != b.Scatters {
			return a.Scatters - b.Scatters
		}
		return slices.Compare(a.Tags[:], b.Tags[:])
	})
}
