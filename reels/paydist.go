package reels

import (
	"slices"
)

// PayCount is one line-pay value (× line bet) and the stop combinations paying it.
type PayCount struct {
	Pay   int64  `json:"pay"`
	Count uint64 `json:"count"`
}

// PayClass is the exact distribution of the line pays (scatter pays excluded)
// over the stop combinations with a given tag total and scatter count.
type PayClass struct {
	Tag      int        `json:"tag"`      // sum of the per-reel tags
	Scatters int        `json:"scatters"` // scatter count
	Weight   uint64     `json:"weight"`   // stop combinations in the class
	Pays     []PayCount `json:"pays"`     // by pay, ascending; Σ Count = Weight
}

// payKey is a partial window's state for PayDist: each line's state, the scatter
// count, the tag total and the line pay already settled.
type payKey struct {
	lines [MaxLines]uint8
	scat  uint8
	tag   uint8
	pay   uint32
}

// PayDist computes the exact distribution of the line pay over every stop
// combination of set, per tag total of tag (nil: 0) and scatter count — what
// Enumerate gives as moments, here value by value, for the truncated
// distributions of a capped award (a free game's win with an expanding symbol:
// tag = SymbolPresent). It runs Enumerate's dynamic programme over the reels with
// the pay settled so far as part of the state (lines that have ended add their
// pay), so its cost grows with the number of distinct partial pays; tag totals
// must stay below 256 and pays below 2^32 line bets.
func (g *Game) PayDist(set *ReelSet, tag Tagger) []PayClass {
	nr, nl := g.Reels, len(g.Lines)
	tb := g.tab
	groups := lineGroups(g)
	cols := make([][]column, nr)
	for r := range nr {
		cols[r] = g.distinctColumns(set, r, tag)
	}
	var k0 payKey
	for l := range nl {
		k0.lines[l] = stateStart
	}
	cur := map[payKey]uint64{k0: 1}
	for r := range nr {
		next := make(map[payKey]uint64, 4*len(cur))
		for k, n := range cur {
			for _, c := range cols[r] {
				nk := k
				pay := uint64(k.pay)
				for l := range nl {
					st := k.lines[l]
					if st == 0 {
						continue
					}
					cell := c.sym[g.Lines[l][r]&(MaxRows-1)] & (MaxSymbols - 1)
					if r == nr-1 {
						pay += uint64(tb.pay[tb.last[st][cell]])
						nk.lines[l] = 0
						continue
					}
					t := tb.step[r][st][cell]
					nk.lines[l] = t.next
					pay += uint64(tb.pay[t.combo])
				}
				if r < nr-1 {
					for _, grp := range groups[r] {
						sortGroup(&nk.lines, grp)
					}
				}
				nk.scat += c.scat
				nk.tag += c.tag
				nk.pay = uint32(pay)
				next[nk] += n * c.mult
			}
		}
		cur = next
	}
	type ck struct{ tag, scat uint8 }
	by := map[ck]map[int64]uint64{}
	for k, n := range cur {
		c := ck{k.tag, k.scat}
		if by[c] == nil {
			by[c] = map[int64]uint64{}
		}
		by[c][int64(k.pay)] += n
	}
	out := make([]PayClass, 0, len(by))
	for c, m := range by {
		pc := PayClass{Tag: int(c.tag), Scatters: int(c.scat)}
		for p, n := range m {
			pc.Pays = append(pc.Pays, PayCount{Pay: p, Count: n})
			pc.Weight += n
		}
		slices.SortFunc(pc.Pays, func(a, b PayCount) int { return int(a.Pay - b.Pay) })
		out = append(out, pc)
	}
	slices.SortFunc(out, func(a, b PayClass) int {
		if a.Tag != b.Tag {
			return a.Tag - b.Tag
		}
		return a.Scatters - b.Scatters
	})
	return out
}
