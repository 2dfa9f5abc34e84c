package slot

import "testing"

// BetRange of a status without a slot title in it (a table game's: no lines, no
// denomination) is no range, never a division by zero.
func TestBetRangeWithoutTitle(t *testing.T) {
	for _, c := range []struct {
		lines int
		denom int64
		ok    bool
	}{{0, 0, false}, {0, 1, false}, {20, 0, false}, {-1, 1, false}, {20, -5, false}, {20, 1, true}, {10, 200, true}} {
		lo, hi, ok := BetRange(c.lines, c.denom)
		if ok != c.ok || (!ok && (lo != 0 || hi != 0)) || (ok && (lo < 1 || hi < lo)) {
			t.Errorf("BetRange(%d, %d) = %d, %d, %v; want ok %v", c.lines, c.denom, lo, hi, ok, c.ok)
		}
	}
}
