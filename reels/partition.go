package reels

import "math/bits"

// MaxStops bounds a strip's length, so that a reel's distinct columns fit a bitset.
const MaxStops = 256

// colSet is a set of a reel's distinct columns.
type colSet [MaxStops / 64]uint64

func (a colSet) and(b colSet) (o colSet) {
	for i := range a {
		o[i] = a[i] & b[i]
	}
	return o
}

func (a colSet) andNot(b colSet) (o colSet) {
	for i := range a {
		o[i] = a[i] &^ b[i]
	}
	return o
}

func (a colSet) empty() bool { return a[0]|a[1]|a[2]|a[3] == 0 }

func (a colSet) first() int {
	for i, w := range a {
		if w != 0 {
			return i*64 + bits.TrailingZeros64(w)
		}
	}
	return -1
}

// part is a class of columns that act alike on a state: the same scatter count,
// tag, and effect on every running line. rep is one of them, mult their number of
// stops, base the (scatter, tag) class they belong to.
type part struct {
	set  colSet
	rep  int
	mult uint64
	base int
}

// reelParts is a reel's distinct columns and the sets that split them.
type reelParts struct {
	cols []column
	base []part                      // columns by (scatter, tag)
	cont [MaxRows][MaxSymbols]colSet // the cell at row is s or the wild
	is   [MaxRows][MaxSymbols]colSet // the cell at row is s
	has  [MaxRows][MaxSymbols]bool   // some column has s at row
}

func (g *Game) reelParts(set *ReelSet, r int, tag Tagger) *reelParts {
	rp := &reelParts{cols: g.distinctColumns(set, r, tag)}
	type sc struct{ scat, tag uint8 }
	baseOf := map[sc]int{}
	for i, c := range rp.cols {
		bit := colSet{}
		bit[i/64] = 1 << (i % 64)
		b, ok := baseOf[sc{c.scat, c.tag}]
		if !ok {
			b = len(rp.base)
			baseOf[sc{c.scat, c.tag}] = b
			rp.base = append(rp.base, part{rep: i, base: b})
		}
		rp.base[b].set[i/64] |= bit[i/64]
		rp.base[b].mult += c.mult
		for row := range g.Rows {
			s := c.sym[row]
			rp.is[row][s][i/64] |= bit[i/64]
			rp.has[row][s] = true
			for x := range g.Symbols {
				if SymbolID(x) == s || s == g.Wild {
					rp.cont[row][x][i/64] |= bit[i/64]
				}
			}
		}
	}
	return rp
}

// refiner splits a reel's columns into the classes that act alike on one state,
// remembering the answer for each distinct need (many states share one).
type refiner struct {
	a, b  []part
	rp    *reelParts
	cache map[need][]part
}

// need is what a state's running lines can see on a reel: per row, the symbols
// whose runs continue there (bit s), and whether some line must see the exact
// symbol (a line not yet started, or a run of wilds).
type need struct {
	run   [MaxRows]uint32
	exact [MaxRows]bool
}

// refine returns the classes of columns of reel r that act alike on the state k
// whose running lines are alive: a line in a run of s only sees whether its cell
// is s or the wild; a line that has not started or is a run of wilds sees the
// exact symbol. Classes start from the (scatter, tag) classes and are split line by
// line, so a state with few running lines meets few classes.
func (rf *refiner) refine(rp *reelParts, k *dpKey, alive []uint8, rowOf *[MaxLines][MaxReels]uint8, r, ns int) []part {
	if rf.rp != rp {
		rf.rp, rf.cache = rp, map[need][]part{}
	}
	var nd need
	for _, l := range alive {
		st := k.lines[l]
		row := rowOf[l][r] & (MaxRows - 1)
		if st == stateStart || st == 1 {
			nd.exact[row] = true
		} else {
			nd.run[row] |= 1 << ((int(st) - 2) % ns)
		}
	}
	if ps, ok := rf.cache[nd]; ok {
		return ps
	}
	ps := rf.split(rp, &nd, ns)
	rf.cache[nd] = ps
	return ps
}

// split refines the (scatter, tag) classes by a need.
func (rf *refiner) split(rp *reelParts, nd *need, ns int) []part {
	cur := append(rf.a[:0], rp.base...)
	nxt := rf.b[:0]
	for row := range MaxRows {
		if nd.exact[row] {
			if len(cur) == len(rp.cols) {
				break // every class is a single column
			}
			nxt = nxt[:0]
			for _, p := range cur {
				for s := range ns {
					if !rp.has[row][s] {
						continue
					}
					if x := p.set.and(rp.is[row][s]); !x.empty() {
						nxt = append(nxt, part{set: x, base: p.base})
					}
				}
			}
			cur, nxt = nxt, cur
			continue
		}
		for run := nd.run[row]; run != 0; run &= run - 1 {
			if len(cur) == len(rp.cols) {
				break
			}
			s := bits.TrailingZeros32(run)
			cont := &rp.cont[row][s]
			nxt = nxt[:0]
			for _, p := range cur {
				x, y := p.set.and(*cont), p.set.andNot(*cont)
				if !x.empty() {
					nxt = append(nxt, part{set: x, base: p.base})
				}
				if !y.empty() {
					nxt = append(nxt, part{set: y, base: p.base})
				}
			}
			cur, nxt = nxt, cur
		}
	}
	for i := range cur {
		p := &cur[i]
		if p.mult != 0 { // an unsplit base class
			continue
		}
		p.rep = p.set.first()
		for w, word := range p.set {
			for word != 0 {
				p.mult += rp.cols[w*64+bits.TrailingZeros64(word)].mult
				word &= word - 1
			}
		}
	}
	out := append([]part(nil), cur...) // cached: owned by the cache, never reused
	rf.a, rf.b = cur, nxt
	return out
}

// distinctColumns lists reel r's distinct window columns (symbols, scatters in
// view, tag) with how many stops show each, in the order of their first stop.
func (g *Game) distinctColumns(set *ReelSet, r int, tag Tagger) []column {
	var cols []column
	idx := map[column]int{}
	for k := range set.Strips[r] {
		c := column{sym: set.cols[r][k]}
		for row := range g.Rows {
			if c.sym[row] == g.Scatter {
				c.scat++
			}
		}
		if tag != nil {
			c.tag = tag(r, c.sym[:g.Rows])
		}
		if i, ok := idx[c]; ok {
			cols[i].mult++
			continue
		}
		c.mult = 1
		idx[c] = len(cols)
		cols = append(cols, c)
	}
	return cols
}

// sortGroup sorts the line states of the lines in grp (insertion sort: groups are
// small), so that keys that differ only by the order of interchangeable lines
// are one.
func sortGroup(lines *[MaxLines]uint8, grp []uint8) {
	for i := 1; i < len(grp); i++ {
		v := lines[grp[i]]
		j := i
		for j > 0 && lines[grp[j-1]] > v {
			lines[grp[j]] = lines[grp[j-1]]
			j--
		}
		lines[grp[j]] = v
	}
}
