//go:build cgo && !noscreen

package slotscene

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/features/freegames"
	"egm/features/lockspin"
	"egm/games/slot"
	"egm/reels"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
)

// drawFreeIntro announces the free games and reveals the Special Expanding Symbol:
// the candidates flicker past, then the round's symbol settles and grows.
func (p *Play) drawFreeIntro(dst *ebiten.Image, r *freegames.Round, lt int) {
	g := p.G
	paint.Fill(dst, paint.RoundRect(g.X, g.Y, g.W(), g.H(), 10), paint.Solid(color.RGBA{0, 0, 0, uint8(min(lt*8, 150))}))
	title := TrCount("play.free.awarded", int64(r.Awarded))
	paint.Label(dst, title, paint.FitSize(title, 84, true, float64(g.W()-20)), true, float64(g.X+g.W()/2), float64(g.Y+30), paint.Center, paint.RGB(255, 230, 110), 5)
	if r.Multiplier > 1 {
		paint.Label(dst, TrX("play.free.multiplier", int64(r.Multiplier)), 40, true, float64(g.X+g.W()/2), float64(g.Y+130), paint.Center, paint.RGB(255, 255, 255), 3)
	}
	if r.Expanding == reels.NoSymbol || lt < 20 {
		return
	}
	id := r.Expanding
	cands, _ := p.Art.Title.Free.Expanding()
	const reveal = 90
	if lt < reveal && len(cands) > 0 {
		id = cands[(lt/5)%len(cands)]
	}
	cx, cy := g.X+g.W()/2, g.Y+g.H()/2+70
	paint.Fill(dst, paint.RoundRect(cx-150, cy-130, 300, 300, 30), paint.Solid(paint.Alpha(p.Art.Accent, 0.4)))
	paint.Panel(dst, cx-130, cy-110, 260, 260, 26, paint.RGB(60, 44, 14), paint.RGB(14, 10, 2), paint.RGB(255, 220, 100), 5)
	grow := 1.0
	if lt >= reveal {
		grow = 1 + 0.2*math.Max(0, 1-float64(lt-reveal)/20)
	}
	op := &kit.ImgOp
	*op = ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Translate(-symSize/2, -symSize/2)
	op.GeoM.Scale(1.0*grow, 1.0*grow)
	op.GeoM.Translate(float64(cx), float64(cy+20))
	dst.DrawImage(p.Art.Symbols[id], op)
	expanding := kit.Tr("play.free.expanding")
	paint.Label(dst, expanding, paint.FitSize(expanding, 26, true, 280), true, float64(cx), float64(cy-104), paint.Center, paint.RGB(255, 230, 120), 2)
}

// drawFreeCounter replaces the title banner during free games.
func (p *Play) drawFreeCounter(dst *ebiten.Image, r *freegames.Round, i int, won int64) {
	paint.Panel(dst, 560, 18, 800, 108, 26, paint.Lighten(p.Art.Accent, 0.1), paint.Darken(p.Art.Accent, 0.6), paint.RGB(255, 215, 90), 4)
	total := len(r.Games)
	counter := TrOf("play.free.game_of", int64(i+1), int64(total))
	paint.Label(dst, counter, paint.FitSize(counter, 46, true, 660), true, paint.ScreenW/2-60, 26, paint.Center, paint.RGB(255, 255, 255), 3)
	if !p.noMoney() {
		paint.Label(dst, TrMoney("play.free.won", max(won, 0)), 24, true, paint.ScreenW/2-60, 84, paint.Center, paint.RGB(255, 236, 140), 2)
	}
	if r.Expanding != reels.NoSymbol {
		op := &kit.ImgOp
		*op = ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
		op.GeoM.Scale(0.46, 0.46)
		op.GeoM.Translate(1250, 26)
		dst.DrawImage(p.Art.Symbols[r.Expanding], op)
	}
	if g := r.Games[i]; g.Retrigger > 0 {
		paint.Label(dst, TrCount("play.free.retrigger", int64(g.Retrigger)), 30, true, paint.ScreenW/2, 134, paint.Center, paint.RGB(120, 255, 120), 3)
	}
}

// drawFreeSpin draws free game i: its reels spinning and stopping, then its wins
// and the expanding symbol covering its reels.
func (p *Play) drawFreeSpin(dst *ebiten.Image, o *slot.Outcome, i, lt int, pulse float64) {
	g := o.FreeGames.Games[i]
	settled := ReelStopTick(p.G.Reels-1, freeLead) + BounceTicks
	if lt < settled {
		p.drawSpin(dst, p.Art.free, g.Stops[:], freeLead, lt)
		return
	}
	var cells [reels.MaxReels][reels.MaxRows]reels.SymbolID
	set := p.Art.Title.Free.Set
	for r := 0; r < p.G.Reels; r++ {
		cells[r] = set.Column(r, int(g.Stops[r]))
	}
	wt := lt - settled
	p.drawWins(dst, &cells, g.Lines, g.ScatterPay > 0, wt+60, pulse, func() {})
	if g.ExpandReels != 0 && wt > 10 {
		k := float32(math.Min(1, float64(wt-10)/20))
		for r := 0; r < p.G.Reels; r++ {
			if g.ExpandReels&(1<<r) == 0 {
				continue
			}
			x, _ := p.G.cell(r, 0)
			h := p.G.H() * k
			y := p.G.Y + (p.G.H()-h)/2
			paint.Panel(dst, x+4, y, p.G.cw-8, h, 16, paint.Lighten(p.Art.Accent, 0.5), paint.Darken(p.Art.Accent, 0.4), paint.RGB(255, 220, 100), 5)
			for row := 0; row < p.G.Rows; row++ {
				_, cy := p.G.cell(r, row)
				if cy >= y && cy+p.G.ch <= y+h+1 {
					drawSymbol(dst, p.G, p.Art.Symbols[o.FreeGames.Expanding], x, cy, 1, 1+0.05*pulse)
				}
			}
		}
		if k == 1 {
			msg := TrNameMoney("play.free.expanding_pays", o.FreeGames.Name, g.ExpandPay*o.FreeGames.Multiplier*o.Bet.LineCents)
			if p.noMoney() {
				msg = trName("play.free.expanding_name", o.FreeGames.Name)
			}
			y := p.G.Y + p.G.H() + 2
			paint.Panel(dst, paint.ScreenW/2-340, y, 680, 44, 14, paint.Darken(p.Art.Accent, 0.3), paint.Darken(p.Art.Accent, 0.8), paint.RGB(255, 220, 100), 2)
			paint.LabelMid(dst, msg, paint.FitSize(msg, 26, true, 660), true, paint.ScreenW/2, float64(y+22), paint.Center, paint.RGB(255, 240, 120), 1)
		}
	}
}

// drawLockCounter replaces the title banner during Lock & Spin: the respins left
// as three lamps and the total on the grid.
func (p *Play) drawLockCounter(dst *ebiten.Image, counter int, total int64) {
	paint.Panel(dst, 560, 18, 800, 108, 26, paint.RGB(90, 60, 10), paint.RGB(30, 18, 2), paint.RGB(255, 215, 90), 4)
	paint.Label(dst, "LOCK & SPIN", 40, true, 780, 24, paint.Center, paint.RGB(255, 230, 120), 3)
	if !p.noMoney() {
		paint.Label(dst, TrMoney("play.lock.total", total), 28, true, 780, 78, paint.Center, paint.RGB(255, 255, 255), 2)
	}
	paint.Label(dst, kit.Tr("play.lock.respins"), 22, true, 1190, 24, paint.Center, paint.RGB(255, 230, 160), 1)
	for i := 0; i < lockspin.Respins; i++ { // the lamps, then their numbers: fewer draw commands
		c := paint.RGB(60, 40, 30)
		if i < counter {
			c = paint.RGB(255, 200, 40)
		}
		x := float32(1130 + 60*i)
		paint.Fill(dst, paint.Circle(x, 88, 24), paint.Radial(x-6, 82, 30, paint.Lighten(c, 0.5), paint.Darken(c, 0.3)))
	}
	for i := 0; i < lockspin.Respins; i++ {
		paint.LabelMid(dst, kit.Memo.FmtInt("%d", int64(i+1)), 26, true, float64(1130+60*i), 88, paint.Center, paint.RGB(40, 20, 0), 0)
	}
}

// drawLockGrid draws the Lock & Spin grid during respin i at tick lt: the locked
// symbols with their values, the empty cells spinning, then what landed.
func (p *Play) drawLockGrid(dst *ebiten.Image, o *slot.Outcome, i, lt int, pulse float64) {
	landed := lt >= RespinLand
	n := i
	if landed {
		n++
	}
	grid := p.TL.LockGrid(n)
	var locked [reels.MaxReels][reels.MaxRows]int // 1 + index into grid
	for k, c := range grid {
		locked[c.Reel][c.Row] = k + 1
	}
	// In passes: the cells' backings, the symbols, then the glows, so that the draws
	// of one kind follow each other and Ebiten merges them into few commands.
	for r := 0; r < p.G.Reels; r++ {
		for row := 0; row < p.G.Rows; row++ {
			x, y := p.G.cell(r, row)
			paint.Fill(dst, paint.RoundRect(x+6, y+6, p.G.cw-12, p.G.ch-12, 14), paint.Vertical(y, y+p.G.ch, paint.RGB(40, 26, 60), paint.RGB(12, 6, 20)))
		}
	}
	for r := 0; r < p.G.Reels; r++ {
		for row := 0; row < p.G.Rows; row++ {
			if k := locked[r][row]; k > 0 {
				x, y := p.G.cell(r, row)
				c := grid[k-1]
				drawSymbol(dst, p.G, p.lockImage(c.Symbol, c.Value, o), x, y, 1, 1)
			}
		}
	}
	for r := 0; r < p.G.Reels; r++ {
		for row := 0; row < p.G.Rows; row++ {
			x, y := p.G.cell(r, row)
			if k := locked[r][row]; k > 0 {
				if c := grid[k-1]; landed && i < len(o.LockSpin.Respins) && c.Respin == i+1 {
					drawGlow(dst, p.G, r, row, paint.RGB(255, 230, 80), pulse)
				}
				continue
			}
			if lt < RespinLand { // the empty cell spins: faint coins scroll through it
				cell := kit.SubImage(dst, paint.ImageRect(int(x+6), int(y+6), int(x+p.G.cw-6), int(y+p.G.ch-6)))
				ph := float32((lt*7+r*13+row*5)%20) / 20
				for k := float32(-1); k <= 0; k++ {
					drawSymbol(cell, p.G, coinImage(""), x, y+p.G.ch*(ph+k), 0.25, 0.8)
				}
			}
		}
	}
	if landed && i < len(o.LockSpin.Respins) {
		if f := o.LockSpin.Respins[i].ScaleUp; f > 1 {
			banner(dst, p.G, kit.Memo.FmtInt("SCALE UP ×%d", int64(f)), kit.Tr("play.banner.scale_line"), p.Art.Accent, lt-RespinLand)
		}
	}
}
