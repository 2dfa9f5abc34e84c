package reels

import "math/bits"

// ReelSet is one set of strips (base or free games). Stop k of a reel shows
// strip[k], strip[k+1], … strip[k+rows−1] (wrapping) from the top row down.
type ReelSet struct {
	Name   string
	Strips [][]SymbolID
	rows   int
	cols   [MaxReels][][MaxRows]SymbolID // the window column shown at each stop
	lens   [MaxReels]uint64
	cycle  uint64 // number of stop combinations

	// pairs[k0·len1 + k1] is the mask of lines still running after reels 0 and 1
	// stop at k0 and k1 (all other lines pay nothing), with bit 63 set when some
	// line has already paid: Evaluate then takes the full path. game is the game
	// whose lines and pays the table was built for.
	pairs []uint64
	game  *Game
	// triples[(k0·len1 + k1)·len2 + k2] is the mask of lines that can pay once
	// reels 0, 1 and 2 stop at k0, k1, k2 (still running, or ended paying on the
	// third reel), bit 63 as in pairs; built only for games of many lines, where
	// it saves more than its lookup costs.
	triples []uint64
}

// tripleMinLines and tripleMaxEntries decide when a set gets a triple table.
const (
	tripleMinLines   = 20
	tripleMaxEntries = 1 << 18 // 2 MiB
)

const pairsSlow = 1 << 63

// buildPairs fills the pair table of a set of g (three reels or more).
func (g *Game) buildPairs(rs *ReelSet) {
	if g.Reels < 3 {
		return
	}
	t := g.tab
	n0, n1 := int(rs.lens[0]), int(rs.lens[1])
	rs.pairs = make([]uint64, n0*n1)
	rs.game = g
	for k0 := range n0 {
		for k1 := range n1 {
			var m uint64
			for l, ln := range g.Lines {
				st := t.start[rs.cols[0][k0][ln[0]&(MaxRows-1)]&(MaxSymbols-1)]
				x := t.step[1][st][rs.cols[1][k1][ln[1]&(MaxRows-1)]&(MaxSymbols-1)]
				switch {
				case x.combo != 0:
					m |= pairsSlow
				case x.next != 0:
					m |= 1 << l
				}
			}
			rs.pairs[k0*n1+k1] = m
		}
	}
	n2 := int(rs.lens[2])
	if len(g.Lines) < tripleMinLines || g.Reels < 4 || n0*n1*n2 > tripleMaxEntries {
		return
	}
	rs.triples = make([]uint64, n0*n1*n2)
	var st2 [MaxLines]uint8 // each running line's state after reels 0 and 1
	for k0 := range n0 {
		for k1 := range n1 {
			pm := rs.pairs[k0*n1+k1]
			base := (k0*n1 + k1) * n2
			if pm&pairsSlow != 0 {
				for k2 := range n2 {
					rs.triples[base+k2] = pairsSlow
				}
				continue
			}
			for m := pm; m != 0; m &= m - 1 {
				l := bits.TrailingZeros64(m)
				ln := &g.Lines[l]
				st := t.start[rs.cols[0][k0][ln[0]&(MaxRows-1)]&(MaxSymbols-1)]
				st2[l] = t.step[1][st][rs.cols[1][k1][ln[1]&(MaxRows-1)]&(MaxSymbols-1)].next
			}
			for k2 := range n2 {
				var out uint64
				for m := pm; m != 0; m &= m - 1 {
					l := bits.TrailingZeros64(m)
					y := t.step[2][st2[l]][rs.cols[2][k2][g.Lines[l][2]&(MaxRows-1)]&(MaxSymbols-1)]
					if y.next != 0 || y.combo != 0 {
						out |= 1 << l
					}
				}
				rs.triples[base+k2] = out
			}
		}
	}
}

func newReelSet(name string, strips [][]SymbolID, rows int) *ReelSet {
	rs := &ReelSet{Name: name, Strips: strips, rows: rows, cycle: 1}
	for r, s := range strips {
		n := len(s)
		rs.lens[r] = uint64(n)
		rs.cols[r] = make([][MaxRows]SymbolID, n)
		for k := range n {
			for row := range rows {
				rs.cols[r][k][row] = s[(k+row)%n]
			}
		}
		hi, lo := bits.Mul64(rs.cycle, uint64(n))
		if hi != 0 {
			lo = 0 // overflow; validation rejects such sets before use
		}
		rs.cycle = lo
	}
	return rs
}

// Cycle is the number of stop combinations (the product of the strip lengths).
func (rs *ReelSet) Cycle() uint64 { return rs.cycle }

// Len is the length of reel r's strip.
func (rs *ReelSet) Len(r int) int { return int(rs.lens[r]) }

// Column is the window column that reel r shows at stop k (rows entries valid).
func (rs *ReelSet) Column(r, k int) [MaxRows]SymbolID { return rs.cols[r][k] }
