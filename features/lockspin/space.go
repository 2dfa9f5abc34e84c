package lockspin

import "slices"

// space is the analysis state space. Reels with the same Land weights are
// interchangeable, so they form a class, and a class's state is its histogram: how
// many of its reels have c symbols locked, c = 0..Rows. A state of the whole grid
// is one histogram per class, numbered in mixed radix (class 0 fastest). With all
// reels different each class is one reel and its histogram is just the reel's
// count; with five equal reels of four rows, 126 histograms replace 3125 count
// vectors.
type space struct {
	rows    int
	classes []*class
	stride  []int // stride[i] of class i; stride[len] is the number of states
	classOf []int // class of each reel
}

type class struct {
	land  Land
	reels int
	hists [][]int     // by index; sorted by locked total, so landing only moves up
	total []int       // locked cells of each histogram
	index map[int]int // by code
}

// code numbers histogram h of a class (radix reels+1).
func (c *class) code(h []int) int {
	k := 0
	for i := len(h) - 1; i >= 0; i-- {
		k = k*(c.reels+1) + h[i]
	}
	return k
}

func newSpace(g *Game) *space {
	sp := &space{rows: g.cfg.Rows, classOf: make([]int, g.cfg.Reels)}
	for r, l := range g.cfg.Land {
		i := slices.IndexFunc(sp.classes, func(c *class) bool { return c.land == l })
		if i < 0 || g.ungrouped {
			i = len(sp.classes)
			sp.classes = append(sp.classes, &class{land: l})
		}
		sp.classes[i].reels++
		sp.classOf[r] = i
	}
	sp.stride = []int{1}
	for _, c := range sp.classes {
		c.hists = histograms(c.reels, sp.rows)
		slices.SortStableFunc(c.hists, func(a, b []int) int { return weightOf(a) - weightOf(b) })
		c.index = map[int]int{}
		for i, h := range c.hists {
			c.total = append(c.total, weightOf(h))
			c.index[c.code(h)] = i
		}
		sp.stride = append(sp.stride, sp.stride[len(sp.stride)-1]*len(c.hists))
	}
	return sp
}

// weightOf returns the locked cells of histogram h.
func weightOf(h []int) int {
	n := 0
	for c, k := range h {
		n += c * k
	}
	return n
}

// histograms lists every way to give n reels a locked count in 0..rows.
func histograms(n, rows int) [][]int {
	var out [][]int
	h := make([]int, rows+1)
	var rec func(c, left int)
	rec = func(c, left int) {
		if c == rows {
			h[c] = left
			out = append(out, slices.Clone(h))
			return
		}
		for k := left; k >= 0; k-- {
			h[c] = k
			rec(c+1, left-k)
		}
	}
	rec(0, n)
	return out
}

// states returns the number of states.
func (sp *space) states() int { return sp.stride[len(sp.classes)] }

// decode writes the class-state indices of state idx into ks.
func (sp *space) decode(idx int, ks []int) {
	for i, c := range sp.classes {
		ks[i] = idx / sp.stride[i] % len(c.hists)
	}
}

// count returns the locked cells of state idx.
func (sp *space) count(idx int) int {
	n := 0
	for i, c := range sp.classes {
		n += c.total[idx/sp.stride[i]%len(c.hists)]
	}
	return n
}

// index returns the state of per-reel locked counts.
func (sp *space) index(locked []int) int {
	hs := make([][]int, len(sp.classes))
	for i := range hs {
		hs[i] = make([]int, sp.rows+1)
	}
	for r, k := range locked {
		hs[sp.classOf[r]][k]++
	}
	idx := 0
	for i, c := range sp.classes {
		idx += c.index[c.code(hs[i])] * sp.stride[i]
	}
	return idx
}
