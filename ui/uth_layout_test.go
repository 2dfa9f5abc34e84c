//go:build cgo && !noscreen

package ui

import (
	"math"
	"testing"

	"egm/locale"
	"egm/tables/uth"
	"egm/ui/internal/paint"
	"egm/ui/internal/slotscene"
	"egm/ui/internal/tablescene"
)

// crossesEllipse reports whether the boundary of the ellipse (centre cx, cy; radii
// rx, ry), drawn margin wide either side, passes through the rectangle x0..x1 ×
// y0..y1: the rectangle is neither wholly inside nor wholly outside it.
func crossesEllipse(cx, cy, rx, ry, margin, x0, y0, x1, y1 float64) bool {
	// wholly outside: the rectangle's point nearest the centre lies outside
	nx, ny := math.Max(x0, math.Min(cx, x1)), math.Max(y0, math.Min(cy, y1))
	dx, dy := (nx-cx)/(rx+margin), (ny-cy)/(ry+margin)
	if dx*dx+dy*dy > 1 {
		return false
	}
	// wholly inside: its corner farthest from the centre lies inside
	fx, fy := x0, y0
	if math.Abs(x1-cx) > math.Abs(x0-cx) {
		fx = x1
	}
	if math.Abs(y1-cy) > math.Abs(y0-cy) {
		fy = y1
	}
	dx, dy = (fx-cx)/(rx-margin), (fy-cy)/(ry-margin)
	return dx*dx+dy*dy >= 1
}

func TestCrossesEllipse(t *testing.T) {
	for _, c := range []struct {
		x0, y0, x1, y1 float64
		want           bool
	}{
		{-10, -10, 10, 10, false}, // inside, round the centre
		{90, -5, 110, 5, true},    // across the right edge
		{-5, 45, 5, 55, true},     // the lowest point dips into it
		{-5, 60, 5, 70, false},    // below
		{80, 40, 120, 60, false},  // beyond the curve, off the corner
	} {
		if got := crossesEllipse(0, 0, 100, 50, 2, c.x0, c.y0, c.x1, c.y1); got != c.want {
			t.Errorf("crossesEllipse(%v,%v %v,%v) = %v, want %v", c.x0, c.y0, c.x1, c.y1, got, c.want)
		}
	}
}

// Hold'em's words and cards never cross the table's edge: the dealer's hand
// named beside the dealer's cards, the question of each street and every outcome
// under the player's cards, for every hand and the largest amounts.
func TestHoldemWordsClearOfTheEdge(t *testing.T) {
	const margin = 2 + 4 // half the edge's stroke and some felt
	edge := func(what string, x0, y0, x1, y1 float64) {
		t.Helper()
		if crossesEllipse(tablescene.UthEdgeX, tablescene.UthEdgeY, tablescene.UthEdgeRX, tablescene.UthEdgeRY, margin, x0, y0, x1, y1) {
			t.Errorf("%s (%.0f,%.0f to %.0f,%.0f) is crossed by the table's edge", what, x0, y0, x1, y1)
		}
		if x0 < 0 || x1 > tablescene.UthPanelX || y0 < 0 || y1 > paint.ScreenH {
			t.Errorf("%s (%.0f,%.0f to %.0f,%.0f) runs off the table into the pay tables or off the screen", what, x0, y0, x1, y1)
		}
	}
	cw, ch := slotscene.CardW*tablescene.TcCardScale, slotscene.CardH*tablescene.TcCardScale
	for i := range 2 {
		x := 690 + float64(i)*140
		edge("a dealer's card", x-cw/2, tablescene.UthDealerY-ch/2, x+cw/2, tablescene.UthDealerY+ch/2)
		edge("a player's card", x-cw/2, tablescene.UthPlayerY-ch/2, x+cw/2, tablescene.UthPlayerY+ch/2)
	}
	for i := range 5 {
		x := 440 + float64(i)*160
		edge("a community card", x-cw/2, tablescene.UthBoardY-ch/2, x+cw/2, tablescene.UthBoardY+ch/2)
	}
	const most = 1_000_000_00
	eachPlayerLang(t, func(lang locale.Lang) {
		var words []string
		for _, st := range tablescene.UthStreets {
			words = append(words, tablescene.UthQuestion(st))
		}
		for c := uth.Category(0); c < uth.NumCategories; c++ {
			for _, q := range []bool{true, false} {
				d := tablescene.UthDealerWords(c, q)
				x0, y0, x1, y1 := paint.LabelBounds(d, tablescene.UthDealerWordsSize(d), true, tablescene.UthDealerX, tablescene.UthDealerWordsY, paint.Left, 3)
				edge(string(lang)+": "+d, x0, y0, x1, y1)
			}
			// a winning hand of category c (the dealer's the lowest)
			words = append(words, tablescene.UthOutcomeWords(uth.Result{Player: uth.Value(c) << 26, Dealer: -1, Returned: most}))
		}
		words = append(words, tablescene.UthOutcomeWords(uth.Result{Folded: true}), tablescene.UthOutcomeWords(uth.Result{Folded: true, Returned: most}),
			tablescene.UthOutcomeWords(uth.Result{Returned: most}), tablescene.UthOutcomeWords(uth.Result{Player: 1, Dealer: 2, Returned: most}))
		for _, w := range words {
			x0, y0, x1, y1 := paint.LabelBounds(w, tablescene.UthWordsFit(w), true, tablescene.UthEdgeX, tablescene.UthWordsY, paint.Center, 3)
			edge(string(lang)+": "+w, x0, y0, x1, y1)
		}
	})
}
