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
