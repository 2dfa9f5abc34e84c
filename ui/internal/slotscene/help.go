//go:build cgo && !noscreen

package slotscene

import (
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/games/slot"
	"egm/locale"
	"egm/reels"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
)

// Help is a title's rules on screen (R-HELP-1): the paytable, the lines on the
// reel window and every feature, all from Rules (generated from the math).
type Help struct {
	title *slot.Title
	back  scene.Scene
	Page  int
	t     int
}

// NewHelp opens t's rules; back is the scene to return to (nil: none).
func NewHelp(t *slot.Title, back scene.Scene) *Help {
	kit.RulesFor(t)
	return &Help{title: t, back: back}
}

// Update implements Scene.
func (h *Help) Update(m *scene.Manager) error {
	h.t++
	n := 1
	if r, ok := kit.RulesFor(h.title); ok {
		n = len(PageSpecs(r))
	}
	var back bool
	h.Page, back = TurnPage(h.Page, n)
	if back && h.back != nil {
		m.Go(h.back)
	}
	return nil
}

// TurnPage reads this frame's input on a rules page of n: the next or previous
// Page (arrows, space, page keys, a touch on the right or left half), or back
// (the BACK button at the bottom right, Escape; the deck's HELP, H and F1 in
// development mode: dev_keys.go).
func TurnPage(page, n int) (int, bool) {
	back := scene.Pressed(ebiten.KeyEscape) || scene.DevPressed(ebiten.KeyH, ebiten.KeyF1)
	if scene.Pressed(ebiten.KeyArrowRight, ebiten.KeySpace, ebiten.KeyPageDown) {
		page = (page + 1) % n
	}
	if scene.Pressed(ebiten.KeyArrowLeft, ebiten.KeyPageUp) {
		page = (page + n - 1) % n
	}
	if x, y, ok := scene.Pointer(); ok {
		switch {
		case y > 980 && x > 1500:
			back = true
		case x < paint.ScreenW/2:
			page = (page + n - 1) % n
		default:
			page = (page + 1) % n
		}
	}
	return page, back
}

// Draw implements Scene.
func (h *Help) Draw(screen *ebiten.Image) {
	a := ArtOf(h.title)
	screen.DrawImage(a.BackgroundImage(), nil)
	r, ok := kit.RulesFor(h.title)
	if !ok {
		paint.Label(screen, kit.Tr("rules.ui.preparing"), 48, true, paint.ScreenW/2, 500, paint.Center, paint.RGB(255, 255, 255), 3)
		return
	}
	n := len(PageSpecs(r))
	screen.DrawImage(HelpPage(h.title, h.Page%n), nil)
	nav := kit.Tr("rules.ui.page", "Page", h.Page%n+1, "Pages", n)
	paint.Label(screen, nav, 28, true, paint.ScreenW/2, 1020, paint.Center, paint.RGB(255, 255, 255), 2)
	paint.Fill(screen, paint.Polygon(paint.ScreenW/2-150, 1038, paint.ScreenW/2-120, 1020, paint.ScreenW/2-120, 1056), paint.Solid(paint.RGB(255, 220, 100)))
	paint.Fill(screen, paint.Polygon(paint.ScreenW/2+150, 1038, paint.ScreenW/2+120, 1020, paint.ScreenW/2+120, 1056), paint.Solid(paint.RGB(255, 220, 100)))
	if h.back != nil {
		b := Button{Name: kit.Tr("rules.ui.back_game"), X: 1560, Y: 990, W: 320, H: 76, C: paint.RGB(60, 120, 220)}
		DrawButton(screen, b, true, 0)
	}
}

// HelpPage returns page i of t's rules in the player's language, drawn on first
// use and kept with the title's art (one entry per language and page); nil while
// the rules are being built.
func HelpPage(t *slot.Title, i int) *ebiten.Image {
	r, ok := kit.RulesFor(t)
	if !ok {
		return nil
	}
	a := ArtOf(t)
	specs := PageSpecs(r)
	i %= len(specs)
	if a.help == nil {
		a.help = map[int]*ebiten.Image{}
	}
	key := helpPageKey(r.Lang, i)
	if img := a.help[key]; img != nil {
		return img
	}
	paint.AA = true
	defer func() { paint.AA = false }()
	var img *ebiten.Image
	switch sp := specs[i]; {
	case sp.paytable:
		img = paytablePage(r, a)
	case sp.lines:
		img = linesPage(r, a)
	default:
		img = featurePage(r, a, sp.Features)
	}
	a.help[key] = img
	return img
}

// helpPageKey is the art's cache key of page i in lang: the language's place
// among the machine's languages, then the page.
func helpPageKey(lang locale.Lang, i int) int {
	return (slices.Index(locale.All(), lang)+1)*1000 + i
}

// pageSpec is what one rules page shows.
type pageSpec struct {
	paytable, lines bool
	Features        []kit.Feature
}

// PageSpecs lays the rules out in pages: the paytable, the lines, then the
// features, as many per page as fit.
func PageSpecs(r *kit.Rules) []pageSpec {
	specs := []pageSpec{{paytable: true}, {lines: true}}
	var cur []kit.Feature
	lines := 0
	for _, f := range r.Features {
		n := 2 // the heading
		for _, t := range f.Text {
			n += len(Wrap(t, 26, false, 1660))
		}
		if lines+n > 20 && len(cur) > 0 {
			specs = append(specs, pageSpec{Features: cur})
			cur, lines = nil, 0
		}
		cur = append(cur, f)
		lines += n
	}
	if len(cur) > 0 {
		specs = append(specs, pageSpec{Features: cur})
	}
	return specs
}

func pageBase(r *kit.Rules, a *titleArt, heading string) *ebiten.Image {
	img := ebiten.NewImage(paint.ScreenW, paint.ScreenH)
	paint.Panel(img, 30, 20, paint.ScreenW-60, 950, 30, paint.Alpha(paint.Darken(a.BG, 0.4), 0.92), paint.Alpha(paint.Darken(a.BG, 0.8), 0.95), a.Accent, 4)
	name := strings.ToUpper(r.Name)
	paint.Label(img, name, 50, true, paint.ScreenW/2, 34, paint.Center, paint.Lighten(a.Accent, 0.3), 3)
	paint.Label(img, heading, 30, true, paint.ScreenW/2, 96, paint.Center, paint.RGB(255, 236, 150), 2)
	p := r.Printer() // the rules' own language: the page is cached with it
	foot := p.N("rules.ui.foot", int64(len(r.Lines)), "Family", r.Family, "Min", p.Money(r.MinBetCents), "Max", p.Money(r.MaxBetCents), "RTP", r.RTPText())
	paint.Label(img, foot, 24, false, paint.ScreenW/2, 930, paint.Center, paint.RGB(230, 230, 240), 0)
	return img
}

// paytablePage shows every symbol with its pays.
func paytablePage(r *kit.Rules, a *titleArt) *ebiten.Image {
	img := pageBase(r, a, r.Printer().T("rules.ui.paytable"))
	cols := 4
	cw, ch := float32(440), float32(180)
	x0, y0 := float32(paint.ScreenW/2)-cw*float32(cols)/2, float32(150)
	for i, p := range r.Paytable {
		x := x0 + cw*float32(i%cols)
		y := y0 + ch*float32(i/cols)
		paint.Panel(img, x+8, y+6, cw-16, ch-12, 18, paint.Alpha(a.BG, 0.9), paint.Alpha(paint.Darken(a.BG, 0.6), 0.9), paint.Darken(a.Accent, 0.2), 2)
		id, _ := a.Title.Game.Symbol(p.Symbol)
		op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
		op.GeoM.Scale(0.74, 0.74)
		op.GeoM.Translate(float64(x+16), float64(y+14))
		if int(id) < len(a.Symbols) {
			img.DrawImage(a.Symbols[id], op)
		}
		tx := float64(x + 186)
		paint.Label(img, p.Symbol, paint.FitSize(p.Symbol, 26, true, 240), true, tx, float64(y+16), paint.Left, paint.RGB(255, 236, 150), 0)
		for k, n := range p.Counts {
			row := r.Printer().T("rules.ui.pay_line", "Count", n, "X", r.Printer().Count(p.X[k]))
			if p.Kind == reels.Scatter.String() {
				row = r.Printer().T("rules.ui.pay_total", "Count", n, "X", r.Printer().Count(p.X[k]))
			}
			paint.Label(img, row, paint.FitSize(row, 22, false, 246), false, tx, float64(y+52+float32(k)*28), paint.Left, paint.RGB(255, 255, 255), 0)
		}
		if room := NoteRoom(len(p.Counts)); p.Note != "" && room > 0 {
			note := Wrap(p.Note, 18, false, 236)
			for k, ln := range note[:min(len(note), room)] {
				paint.Label(img, ln, 18, false, tx, float64(y+52+float32(len(p.Counts))*28+float32(k)*22), paint.Left, paint.RGB(200, 220, 255), 0)
			}
		}
	}
	return img
}

// NoteRoom is how many lines of a paytable cell's note fit under its counts
// rows of pays.
func NoteRoom(counts int) int { return int((180 - 12 - 52 - float32(counts)*28) / 22) }

// linesPage draws every line on a small reel window.
func linesPage(r *kit.Rules, a *titleArt) *ebiten.Image {
	img := pageBase(r, a, r.Printer().N("rules.ui.lines", int64(len(r.Lines))))
	cols := 5
	if len(r.Lines) > 10 {
		cols = 8
	}
	rowsOfMinis := (len(r.Lines) + cols - 1) / cols
	mw := float32(1760) / float32(cols)
	mh := min(float32(760)/float32(rowsOfMinis), mw*0.62)
	x0, y0 := float32(80), float32(150)
	for i, ln := range r.Lines {
		x := x0 + mw*float32(i%cols)
		y := y0 + mh*float32(i/cols)
		cw := (mw - 30) / float32(r.Reels)
		chh := (mh - 40) / float32(r.Rows)
		c := linePalette[i%len(linePalette)]
		paint.Label(img, r.Printer().T("rules.ui.line", "Number", i+1), 18, true, float64(x+(mw-20)/2), float64(y), paint.Center, c, 0)
		for reel := 0; reel < r.Reels; reel++ {
			for row := 0; row < r.Rows; row++ {
				cx, cy := x+float32(reel)*cw, y+24+float32(row)*chh
				col := paint.RGB(40, 40, 50)
				if reel < len(ln) && ln[reel] == row {
					col = c
				}
				paint.Fill(img, paint.RoundRect(cx+2, cy+2, cw-4, chh-4, 4), paint.Solid(col))
			}
		}
	}
	return img
}

// featurePage explains some features in wrapped text.
func featurePage(r *kit.Rules, a *titleArt, fs []kit.Feature) *ebiten.Image {
	img := pageBase(r, a, r.Printer().T("rules.ui.features"))
	y := float64(160)
	for _, f := range fs {
		paint.Label(img, strings.ToUpper(f.Name), 34, true, 120, y, paint.Left, paint.Lighten(a.Accent, 0.3), 2)
		y += 48
		for _, t := range f.Text {
			for _, ln := range Wrap(t, 26, false, 1660) {
				paint.Label(img, ln, 26, false, 140, y, paint.Left, paint.RGB(245, 245, 250), 0)
				y += 34
			}
		}
		y += 18
	}
	return img
}

// Wrap breaks s into lines that fit width at size. It breaks at ASCII
// spaces only: a no-break space (an amount's "1 234,50 €", money's CLDR
// formats) keeps its two sides on one line.
func Wrap(s string, size float64, bold bool, width float64) []string {
	var out []string
	cur := ""
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' }) {
		try := w
		if cur != "" {
			try = cur + " " + w
		}
		if cur != "" && paint.TextWidth(try, size, bold) > width {
			out = append(out, cur)
			cur = w
			continue
		}
		cur = try
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}
