package reels

// TagJoint is the cheap, linear companion of Enumerate for additive tags: the
// joint distribution of the tag total T (the sum of the per-reel tags) and the
// scatter count, and the line pays summed by T. It is what a feature needs when
// its award depends on T and the scatter count and adds to the base win (an
// expanding symbol: T = reels showing it), for E[award], E[award²], E[award × K]
// and E[award × W] — but not for second moments of W within a tag class (use
// Enumerate for those).
type TagJoint struct {
	Cycle uint64 `json:"cycle"`
	// Weight[t][k] counts the stop combinations with tag total t and k scatters.
	Weight [][]uint64 `json:"weight"`
	// LineSum[t] is Σ line pays (× line bet, scatter pays excluded) over the stop
	// combinations with tag total t.
	LineSum []U128 `json:"line_sum"`
}

// TagJoint computes the joint of the tag total of tag with the scatter count and
// the line pays over every stop combination of set. Each line is walked alone
// over the reels with its state and the tag total so far, so the cost is a few
// milliseconds at most.
func (g *Game) TagJoint(set *ReelSet, tag Tagger) *TagJoint {
	nr := g.Reels
	tb := g.tab
	// Per reel: every stop's tag and scatter count, and the largest tag.
	tags := make([][]uint8, nr)
	scats := make([][]uint8, nr)
	maxT, maxK := 0, 0
	for r := range nr {
		mt, mk := 0, 0
		for k := range set.Strips[r] {
			col := set.cols[r][k]
			t := tag(r, col[:g.Rows])
			var sc uint8
			for row := range g.Rows {
				if col[row] == g.Scatter {
					sc++
				}
			}
			tags[r] = append(tags[r], t)
			scats[r] = append(scats[r], sc)
			mt, mk = max(mt, int(t)), max(mk, int(sc))
		}
		maxT += mt
		maxK += mk
	}
	out := &TagJoint{Cycle: set.cycle, Weight: make([][]uint64, maxT+1), LineSum: make([]U128, maxT+1)}

	// Tag total × scatter count.
	w := make([][]uint64, maxT+1)
	for t := range w {
		w[t] = make([]uint64, maxK+1)
	}
	w[0][0] = 1
	for r := range nr {
		nw := make([][]uint64, maxT+1)
		for t := range nw {
			nw[t] = make([]uint64, maxK+1)
		}
		for t := range w {
			for k, x := range w[t] {
				if x == 0 {
					continue
				}
				for i := range tags[r] {
					nw[t+int(tags[r][i])][k+int(scats[r][i])] += x
				}
			}
		}
		w = nw
	}
	out.Weight = w

	// Line pays by tag total: per line, state × tag total, carrying the weight and
	// the pay already settled (a line that has ended still collects tags).
	type cell struct {
		n   uint64
		pay U128
	}
	nst := 256
	width := maxT + 1
	cur, next := make([]cell, nst*width), make([]cell, nst*width)
	type trans struct {
		s, t uint8
		m    uint64
	}
	var ts []trans
	for _, ln := range g.Lines {
		clear(cur)
		cur[stateStart*width] = cell{n: 1}
		for r := range nr {
			clear(next)
			// (symbol on the line's row, tag) → stops
			ts = ts[:0]
			for k := range set.Strips[r] {
				s, t := uint8(set.cols[r][k][ln[r]&(MaxRows-1)]), tags[r][k]
				found := false
				for i := range ts {
					if ts[i].s == s && ts[i].t == t {
						ts[i].m++
						found = true
						break
					}
				}
				if !found {
					ts = append(ts, trans{s, t, 1})
				}
			}
			for st := range nst {
				row := cur[st*width : st*width+width]
				for t, c := range row {
					if c.n == 0 {
						continue
					}
					for _, x := range ts {
						var ns uint8
						var pay int64
						if r == nr-1 {
							pay = tb.pay[tb.last[st][x.s&(MaxSymbols-1)]]
						} else {
							y := tb.step[r][st][x.s&(MaxSymbols-1)]
							ns, pay = y.next, tb.pay[y.combo]
						}
						d := &next[int(ns)*width+t+int(x.t)]
						d.n += c.n * x.m
						d.pay = d.pay.Add(c.pay.Mul64(x.m)).Add(Mul64x64(c.n*x.m, uint64(pay)))
					}
				}
			}
			cur, next = next, cur
		}
		for t := 0; t <= maxT; t++ {
			out.LineSum[t] = out.LineSum[t].Add(cur[t].pay) // every line has ended: state 0
		}
	}
	return out
}
