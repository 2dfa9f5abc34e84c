package slot

import (
	"fmt"
	"sort"
)

// SymbolCount is how many stops of a strip carry a symbol.
type SymbolCount struct {
	Symbol string
	Count  int
	Stack  int // stops laid together in one block (0 or 1: single stops)
}

// BuildStrip lays out a strip from symbol counts: each symbol's stops are spread
// evenly around the strip (its i-th stop near i·n/count), shifted by a per-symbol
// phase derived from shift so that reels of one title differ. It is arithmetic on
// the counts, not chance: the same counts and shift always give the same strip,
// which is what the title's data and PAR sheet record.
func BuildStrip(counts []SymbolCount, shift int) ([]string, error) {
	n := 0
	for _, c := range counts {
		if c.Count < 0 {
			return nil, fmt.Errorf("slot: symbol %q has a negative count", c.Symbol)
		}
		n += c.Count
	}
	if n == 0 {
		return nil, fmt.Errorf("slot: an empty strip")
	}
	type slot struct {
		pos   int64 // position × count product, compared exactly
		den   int64
		order int
		sym   string
		size  int
	}
	var ss []slot
	for k, c := range counts {
		if c.Count == 0 {
			continue
		}
		stack := max(1, c.Stack)
		blocks := (c.Count + stack - 1) / stack
		phase := int64((shift*7 + k*5) % 11) // twelfths of one spacing, 0..10
		for i := 0; i < blocks; i++ {
			// position = (i + phase/12) · n / blocks
			size := min(stack, c.Count-i*stack)
			ss = append(ss, slot{pos: (int64(i)*12 + phase) * int64(n), den: int64(blocks) * 12, order: k, sym: c.Symbol, size: size})
		}
	}
	sort.SliceStable(ss, func(a, b int) bool {
		l, r := ss[a].pos*ss[b].den, ss[b].pos*ss[a].den
		if l != r {
			return l < r
		}
		return ss[a].order < ss[b].order
	})
	out := make([]string, 0, n)
	for _, s := range ss {
		for range s.size {
			out = append(out, s.sym)
		}
	}
	return out, nil
}
