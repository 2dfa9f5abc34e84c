package checklist

import (
	"fmt"
	"image/color"
	"math"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The report's plots, drawn with gonum/plot and saved as PNG beside report.html.

var (
	plotBlue  = color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}
	plotRed   = color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff}
	plotGrey  = color.RGBA{R: 0x55, G: 0x55, B: 0x55, A: 0xff}
	plotGreen = color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff}
)

func newPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = x
	p.Y.Label.Text = y
	p.Add(plotter.NewGrid())
	return p
}

func line(xs, ys []float64, c color.Color, dashed bool) (*plotter.Line, error) {
	pts := make(plotter.XYs, len(xs))
	for i := range xs {
		pts[i].X, pts[i].Y = xs[i], ys[i]
	}
	l, err := plotter.NewLine(pts)
	if err != nil {
		return nil, err
	}
	l.Color = c
	l.Width = vg.Points(1.2)
	if dashed {
		l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	}
	return l, nil
}

func savePlot(p *plot.Plot, path string, w, h float64) error {
	if err := p.Save(vg.Length(w)*vg.Inch, vg.Length(h)*vg.Inch, path); err != nil {
		return fmt.Errorf("checklist: plot %s: %w", path, err)
	}
	return nil
}

// plotCounts draws counts per cell (cell i is the value lo+i) as bars, with the
// expected count and its 99% band (expected ± 2.576 √expected) as lines.
func plotCounts(path, title, xlabel string, counts []uint64, lo float64) error {
	p := newPlot(title, xlabel, "count")
	var bins []plotter.HistogramBin
	var total float64
	for i, c := range counts {
		x := lo + float64(i)
		bins = append(bins, plotter.HistogramBin{Min: x - 0.5, Max: x + 0.5, Weight: float64(c)})
		total += float64(c)
	}
	h := &plotter.Histogram{Bins: bins, Width: 1, FillColor: color.RGBA{R: 0x9e, G: 0xc6, B: 0xe8, A: 0xff},
		LineStyle: draw.LineStyle{Color: plotBlue, Width: vg.Points(0.5)}}
	p.Add(h)
	e := total / float64(len(counts))
	band := 2.576 * math.Sqrt(e)
	xs := []float64{lo - 0.5, lo + float64(len(counts)) - 0.5}
	for _, v := range []struct {
		y      float64
		dashed bool
		name   string
	}{{e, false, "expected"}, {e - band, true, "99% band"}, {e + band, true, ""}} {
		l, err := line(xs, []float64{v.y, v.y}, plotRed, v.dashed)
		if err != nil {
			return err
		}
		p.Add(l)
		if v.name != "" {
			p.Legend.Add(v.name, l)
		}
	}
	top := e + band
	for _, c := range counts {
		top = math.Max(top, float64(c))
	}
	p.Y.Min = math.Max(0, e-4*band-0.05*e)
	p.Y.Max = top + 1.5*band
	p.Legend.Top = true
	return savePlot(p, path, 6, 3.2)
}

// plotPValues draws the distribution of p-values in 20 bins against the uniform
// distribution they must follow.
func plotPValues(path, title string, ps []float64) error {
	p := newPlot(title, "p-value", "tests")
	const n = 20
	counts := make([]float64, n)
	for _, v := range ps {
		counts[min(int(v*n), n-1)]++
	}
	var bins []plotter.HistogramBin
	for i, c := range counts {
		bins = append(bins, plotter.HistogramBin{Min: float64(i) / n, Max: float64(i+1) / n, Weight: c})
	}
	p.Add(&plotter.Histogram{Bins: bins, Width: 1.0 / n, FillColor: color.RGBA{R: 0xb5, G: 0xdc, B: 0xb0, A: 0xff},
		LineStyle: draw.LineStyle{Color: plotGreen, Width: vg.Points(0.5)}})
	e := float64(len(ps)) / n
	l, err := line([]float64{0, 1}, []float64{e, e}, plotRed, false)
	if err != nil {
		return err
	}
	p.Add(l)
	p.Legend.Add("uniform", l)
	p.Legend.Top = true
	p.X.Min, p.X.Max, p.Y.Min = 0, 1, 0
	return savePlot(p, path, 6, 3.2)
}

// plotConvergence draws a title's measured RTP after n games against its exact
// RTP and the 99% band exact ± 2.576 σ/√n, on a log scale of games.
func plotConvergence(path, title string, ns, rtp []float64, exact, sigma float64) error {
	p := newPlot(title, "games", "RTP %")
	lo, hi := make([]float64, len(ns)), make([]float64, len(ns))
	ex := make([]float64, len(ns))
	pct := make([]float64, len(ns))
	for i, n := range ns {
		h := 2.576 * sigma / math.Sqrt(n)
		lo[i], hi[i], ex[i], pct[i] = 100*(exact-h), 100*(exact+h), 100*exact, 100*rtp[i]
	}
	for _, s := range []struct {
		ys     []float64
		c      color.Color
		dashed bool
		name   string
	}{{hi, plotGrey, true, "99% band"}, {lo, plotGrey, true, ""}, {ex, plotRed, false, "exact"}, {pct, plotBlue, false, "measured"}} {
		l, err := line(ns, s.ys, s.c, s.dashed)
		if err != nil {
			return err
		}
		p.Add(l)
		if s.name != "" {
			p.Legend.Add(s.name, l)
		}
	}
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	// Show the band from the tenth checkpoint on: the first games' band is wide.
	k := min(len(ns)-1, len(ns)/8)
	p.Y.Min, p.Y.Max = lo[k], hi[k]
	for _, v := range pct[k:] {
		p.Y.Min, p.Y.Max = math.Min(p.Y.Min, v), math.Max(p.Y.Max, v)
	}
	p.Legend.Top = true
	return savePlot(p, path, 4.6, 3)
}

// plotTimeline draws a kill campaign's progress: kills done against seconds.
func plotTimeline(path, title, what string, secs, done []float64) error {
	p := newPlot(title, "seconds", what)
	l, err := line(secs, done, plotBlue, false)
	if err != nil {
		return err
	}
	l.StepStyle = plotter.PreStep
	p.Add(l)
	p.Y.Min = 0
	return savePlot(p, path, 4.6, 3)
}

// timeline records a campaign's progress calls with their instants.
type timeline struct {
	start      float64
	secs, done []float64
	now        func() float64
}

func newTimeline(now func() float64) *timeline {
	return &timeline{start: now(), now: now, secs: []float64{0}, done: []float64{0}}
}

func (t *timeline) add(done int) {
	t.secs = append(t.secs, t.now()-t.start)
	t.done = append(t.done, float64(done))
}

// hline is a horizontal reference line of plotLines (an empty name: no legend).
type hline struct {
	y    float64
	name string
}

// plotLines draws named series over xs, with reference lines.
func plotLines(path, title, x, y string, xs []float64, series map[string][]float64, refs ...hline) error {
	p := newPlot(title, x, y)
	names := make([]string, 0, len(series))
	for n := range series {
		names = append(names, n)
	}
	sort.Strings(names)
	colors := []color.Color{plotBlue, plotGreen, plotGrey}
	for i, n := range names {
		l, err := line(xs, series[n], colors[i%len(colors)], false)
		if err != nil {
			return err
		}
		p.Add(l)
		p.Legend.Add(n, l)
	}
	if len(xs) > 0 {
		for _, h := range refs {
			l, err := line([]float64{xs[0], xs[len(xs)-1]}, []float64{h.y, h.y}, plotRed, true)
			if err != nil {
				return err
			}
			p.Add(l)
			if h.name != "" {
				p.Legend.Add(h.name, l)
			}
		}
	}
	p.Legend.Top = true
	p.Legend.Left = true
	return savePlot(p, path, 6, 3.2)
}
