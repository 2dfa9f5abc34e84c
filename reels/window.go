package reels

import (
	"strings"

	"egm/rng"
)

// Window is what the reels show after a spin: the stop of each reel and the symbol
// in each cell. It is a fixed-size value (no allocation per spin); cells outside
// Reels × Rows are unused.
//
// Spin and SetStops also note the reel set, which lets Evaluate skip the lines that
// its stops on the first two reels already settle (see ReelSet.pairs); a window
// built by hand (zero value, cells set) is evaluated in full. Do not change the
// cells of a window filled by Spin or SetStops.
type Window struct {
	Reels int8
	Rows  int8
	Stops [MaxReels]int32
	Cells [MaxReels][MaxRows]SymbolID // [reel][row], row 0 at the top
	set   *ReelSet
}

// Spin draws one stop per reel, uniformly over the strip (rng.Uint64n on its
// length), and fills the window. It never allocates.
func Spin(src rng.Source, set *ReelSet, w *Window) {
	n := len(set.Strips)
	w.Reels, w.Rows, w.set = int8(n), int8(set.rows), set
	for r := 0; r < n && r < MaxReels; r++ {
		k := rng.Uint64n(src, set.lens[r])
		w.Stops[r] = int32(k)
		w.Cells[r] = set.cols[r][k]
	}
}

// SetStops fills the window for the given stops (recall, tests, enumeration). Stops
// outside a strip wrap around.
func SetStops(set *ReelSet, stops []int, w *Window) {
	n := len(set.Strips)
	w.Reels, w.Rows, w.set = int8(n), int8(set.rows), set
	for r := 0; r < n && r < len(stops); r++ {
		k := stops[r] % len(set.Strips[r])
		if k < 0 {
			k += len(set.Strips[r])
		}
		w.Stops[r] = int32(k)
		w.Cells[r] = set.cols[r][k]
	}
}

// Count returns how many cells of the window show symbol s.
func (w *Window) Count(s SymbolID) int {
	n := 0
	for r := 0; r < int(w.Reels) && r < MaxReels; r++ {
		for row := 0; row < int(w.Rows) && row < MaxRows; row++ {
			if w.Cells[r][row] == s {
				n++
			}
		}
	}
	return n
}

// ReelsWith returns a bit mask of the reels whose column shows s (bit r = reel r).
func (w *Window) ReelsWith(s SymbolID) uint8 {
	var m uint8
	for r := 0; r < int(w.Reels) && r < MaxReels; r++ {
		for row := 0; row < int(w.Rows) && row < MaxRows; row++ {
			if w.Cells[r][row] == s {
				m |= 1 << r
				break
			}
		}
	}
	return m
}

// WindowString prints the window row by row with the game's symbol names (for
// logs, recall listings and test failures).
func (g *Game) WindowString(w *Window) string {
	var b strings.Builder
	for row := 0; row < int(w.Rows) && row < MaxRows; row++ {
		if row > 0 {
			b.WriteByte('\n')
		}
		for r := 0; r < int(w.Reels) && r < MaxReels; r++ {
			if r > 0 {
				b.WriteByte(' ')
			}
			if s := w.Cells[r][row]; int(s) < len(g.Symbols) {
				b.WriteString(g.Symbols[s].Name)
			} else {
				b.WriteByte('?')
			}
		}
	}
	return b.String()
}
