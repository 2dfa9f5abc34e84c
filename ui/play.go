//go:build cgo && !noscreen

package ui

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/features/gamble"
	"egm/features/lockspin"
	"egm/games/slot"
	"egm/locale"
	"egm/reels"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
)

// Play is one title's play scene. It presents the Session's decided outcomes
// through a Timeline and sends the player's buttons to the Session; it decides
// nothing itself.
type Play struct {
	s      kit.Session
	titles []*slot.Title // for the lobby (nil: no lobby)
	snap   kit.Snapshot
	art    *titleArt
	g      geom
	game   uint64
	tl     *Timeline
	tick   int // presentation tick
	shown  int // the outcome's steps reported shown
	t      int // scene ticks
	// attract: driven by the attract mode; no buttons, no input.
	attract bool
	// credit, when set, is the player's own credit on a metered cabinet whose
	// attract mode this demo game is: the meters show it, and no demo amount is
	// shown that could be read as money in the machine (attract_money.go).
	credit func() int64
	// the gamble: cards seen so far and the tick the last one was drawn
	gambleSeen, gambleAt int
	cues                 playCues // what the play scene has sounded
	jpGame               uint64   // the game jpLine was made for
	jpLine               string
	jpLang               locale.Lang // the language jpLine is in
	maxAsk               maxBetAsk   // a MAX BET that raises the bet waits for a second press (play_maxbet.go)
}

// NewPlay makes the play scene of a session.
func NewPlay(s kit.Session, titles []*slot.Title) *Play {
	p := &Play{s: s, titles: titles}
	p.refresh()
	return p
}

// refresh reads the snapshot and, for a new game, lays out its presentation from
// the step already shown (resume after a restart).
func (p *Play) refresh() {
	p.snap = p.s.Snapshot()
	if t := p.snap.Title; t != nil {
		p.art = artOf(t) // every frame: art released while away is drawn again
		p.g = windowGeom(t.Spec.Reels.Reels, t.Spec.Reels.Rows)
	}
	if o := p.snap.Outcome; o != nil && p.snap.Game != p.game {
		p.game = p.snap.Game
		p.tl = NewTimeline(o)
		p.shown = min(p.snap.Step, p.tl.Units)
		p.tick = p.tl.StartOfUnit(p.shown)
	}
}

// Presenting reports whether a game is still being shown (its final celebration
// aside: by then every step is reported and the player may play on).
func (p *Play) Presenting() bool { return p.tl != nil && p.tl.UnitsShown(p.tick) < p.tl.Units }

// animating reports whether the timeline still moves.
func (p *Play) animating() bool { return p.tl != nil && !p.tl.Done(p.tick) }

// Update implements Scene.
func (p *Play) Update(m *Manager) error {
	p.t++
	p.refresh()
	from := p.cues.from(p)
	err := p.update(m)
	p.sound(m.sound, from)
	return err
}

func (p *Play) update(m *Manager) error {
	if p.animating() {
		p.tick++
		if err := p.report(); err != nil {
			return err
		}
	}
	if r := p.snap.Gamble; r == nil {
		p.gambleSeen = 0
	} else if len(r.Steps) != p.gambleSeen {
		p.gambleSeen, p.gambleAt = len(r.Steps), p.t
	}
	if p.attract || p.snap.Lockup != "" { // a lockup takes no player input
		return nil
	}
	in, help := p.input()
	switch {
	case p.art == nil:
		return nil
	case help:
		m.Go(NewHelp(p.art.title, p))
		return nil
	case in == 0 && pressed(ebiten.KeyEscape) && p.titles != nil:
		m.Go(NewLobby(p.titles, p.snap))
		return nil
	case in == 0:
		return nil
	case (in == kit.InputSpin || in == kit.InputMaxBet) && p.Presenting():
		p.skip() // the player's button ends the animation; the outcome is the same
		return nil
	case p.Presenting():
		return nil // the other buttons wait for the game to be shown
	case p.confirmMaxBet(in):
		p.cues.click = true
		return nil
	}
	if err := p.s.Send(kit.Event{Input: in, Game: p.game}); err != nil {
		p.snap.Message = err.Error()
	}
	p.cues.click = true
	p.refresh()
	return nil
}

// report tells the session every step of the outcome shown so far.
func (p *Play) report() error {
	for n := p.tl.UnitsShown(p.tick); p.shown < n; p.shown++ {
		if err := p.s.Send(kit.Event{Input: kit.InputPresented, Game: p.game, Step: p.shown}); err != nil {
			return err
		}
	}
	return nil
}

// skip jumps to the presentation's final step (the result at once).
func (p *Play) skip() {
	p.tick = p.tl.Steps[len(p.tl.Steps)-1].Start
	if err := p.report(); err != nil {
		p.snap.Message = err.Error()
	}
}

// keyInput is the keys of one input.
type keyInput struct {
	k  []ebiten.Key
	in kit.Input
}

// The keys of play, and of the gamble while a round is in play: the deck's
// buttons on a development keyboard (development mode only: dev_keys.go).
var (
	playKeys = []keyInput{
		{[]ebiten.Key{ebiten.KeySpace, ebiten.KeyEnter}, kit.InputSpin},
		{[]ebiten.Key{ebiten.KeyM}, kit.InputMaxBet},
		{[]ebiten.Key{ebiten.KeyArrowUp, ebiten.KeyEqual}, kit.InputBetUp},
		{[]ebiten.Key{ebiten.KeyArrowDown, ebiten.KeyMinus}, kit.InputBetDown},
		{[]ebiten.Key{ebiten.KeyD}, kit.InputDenom},
		{[]ebiten.Key{ebiten.KeyT}, kit.InputTakeWin},
		{[]ebiten.Key{ebiten.KeyG}, kit.InputGamble},
		{[]ebiten.Key{ebiten.KeyC}, kit.InputCashOut},
	}
	gambleKeys = []keyInput{
		{[]ebiten.Key{ebiten.KeyR}, kit.InputGambleRed},
		{[]ebiten.Key{ebiten.KeyB}, kit.InputGambleBlack},
		{[]ebiten.Key{ebiten.KeyT, ebiten.KeySpace, ebiten.KeyEnter}, kit.InputCollect},
	}
)

// input maps keys, clicks and touches to an input (or HELP); the keys stand in
// for the deck's buttons (devPressed).
func (p *Play) input() (kit.Input, bool) {
	keys := playKeys
	if p.snap.Gamble != nil {
		keys = gambleKeys
	}
	for _, k := range keys {
		if devPressed(k.k...) {
			return k.in, false
		}
	}
	if devPressed(ebiten.KeyH, ebiten.KeyF1) {
		return 0, true
	}
	if x, y, ok := pointer(); ok {
		if !p.attract && kit.PlayLangButton.Update(x, y, ok) {
			return 0, false
		}
		for _, b := range p.deck() {
			if b.hit(x, y) {
				return b.input, b.help
			}
		}
	}
	return 0, false
}

// deck is the buttons on screen: the gamble's while a round is in play.
func (p *Play) deck() []button {
	if p.snap.Gamble != nil {
		return gambleButtons
	}
	return buttons
}

func (p *Play) enabled(b button) bool {
	s := p.snap
	if p.Presenting() && b.input != kit.InputSpin && b.input != kit.InputMaxBet && !b.help {
		return false
	}
	switch b.input {
	case kit.InputGambleRed, kit.InputGambleBlack:
		return s.Gamble != nil && s.Gamble.Offered(gamble.OnColour)
	case kit.InputCollect:
		return s.Gamble != nil
	case kit.InputSpin, kit.InputMaxBet:
		return s.CanSpin
	case kit.InputTakeWin:
		return s.CanTakeWin
	case kit.InputGamble:
		return s.CanGamble
	case kit.InputCashOut:
		return s.CanCashOut
	}
	return !p.Presenting()
}

// Draw implements Scene.
func (p *Play) Draw(screen *ebiten.Image) {
	a := p.art
	if a == nil { // the session has no title yet
		screen.Fill(paint.RGB(10, 8, 16))
		paint.Label(screen, kit.Tr("play.please_wait"), 60, true, paint.ScreenW/2, 480, paint.Center, paint.RGB(255, 230, 140), 3)
		return
	}
	screen.DrawImage(a.chromeImage(), nil)
	drawJackpots(screen, p.snap, p.t)
	pulse := 0.5 + 0.5*math.Sin(float64(p.t)/6)
	win := p.snap.Win
	if p.tl == nil {
		p.drawIdle(screen)
		p.drawTitleBanner(screen)
	} else {
		step, lt := p.tl.At(p.tick)
		p.drawStep(screen, p.tl.Steps[step], lt, pulse)
		if p.animating() {
			win = p.tl.WinAt(p.tick)
		}
	}
	if r := p.snap.Gamble; r != nil && !p.Presenting() {
		win = r.Amount // the win at stake in the gamble
	}
	if p.noMoney() {
		drawAttractMeters(screen, a, p.credit())
	} else {
		drawMeters(screen, a, p.snap, win)
	}
	if r := p.snap.Gamble; r != nil && !p.Presenting() {
		p.drawGamble(screen, r, p.snap.GambleHistory)
	}
	if !p.attract {
		for _, b := range p.deck() {
			drawWordedButton(screen, b, p.enabled(b), pulse)
		}
		kit.PlayLangButton.Draw(screen)
	}
	msg := p.snap.Message
	if ask := p.maxBetMsg(); ask != "" {
		msg = ask
	}
	if p.snap.Demo && msg == "" && !p.noMoney() {
		msg = demoText()
	}
	drawStatusLine(screen, playStatus(p.g), msg)
	if p.snap.Lockup != "" {
		drawLockup(screen, p.snap.Lockup, p.snap.LockupDetail, p.t)
	}
}

// drawLockup covers the game with a lockup's message, flashing, over everything.
func drawLockup(dst *ebiten.Image, title, detail string, t int) {
	paint.Fill(dst, paint.RoundRect(0, 0, paint.ScreenW, paint.ScreenH, 0), paint.Solid(color.RGBA{0, 0, 0, 170}))
	c := paint.RGB(210, 20, 30)
	if (t/30)%2 == 1 {
		c = paint.RGB(240, 150, 0)
	}
	paint.Panel(dst, 260, 320, paint.ScreenW-520, 400, 40, paint.Lighten(c, 0.2), paint.Darken(c, 0.5), paint.RGB(255, 255, 255), 8)
	paint.Label(dst, title, paint.FitSize(title, 110, true, paint.ScreenW-620), true, paint.ScreenW/2, 380, paint.Center, paint.RGB(255, 255, 255), 5)
	if detail != "" {
		paint.Label(dst, detail, paint.FitSize(detail, 56, true, paint.ScreenW-620), true, paint.ScreenW/2, 560, paint.Center, paint.RGB(255, 240, 160), 3)
	}
}

// drawIdle shows the reels at rest before the first game: the strips' first stops.
func (p *Play) drawIdle(dst *ebiten.Image) {
	for r := 0; r < p.g.reels; r++ {
		drawReel(dst, p.g, p.art, p.art.base[r], r, 0, 0)
	}
}

func (p *Play) drawTitleBanner(dst *ebiten.Image) {
	name, sub := p.art.banner()
	paint.Label(dst, name, paint.FitSize(name, 52, true, 760), true, paint.ScreenW/2, 24, paint.Center, paint.Lighten(p.art.accent, 0.3), 3)
	paint.Label(dst, sub, paint.FitSize(sub, 20, false, 760), false, paint.ScreenW/2, 92, paint.Center, paint.RGB(240, 230, 210), 0)
}

// drawStep draws the reel window for one presentation step at its local tick.
func (p *Play) drawStep(dst *ebiten.Image, st Step, lt int, pulse float64) {
	o := p.tl.Outcome
	switch st.Kind {
	case StepSpin:
		p.drawTitleBanner(dst)
		p.drawSpin(dst, p.art.base, o.Window.Stops[:], spinLead, lt)
		for r := 0; r < p.g.reels; r++ {
			if _, spinning := ReelPos(r, spinLead, lt); !spinning {
				p.drawCoins(dst, o, r)
			}
		}
	case StepClover:
		p.drawTitleBanner(dst)
		p.drawBase(dst, o, nil, pulse)
		banner(dst, p.g, kit.Memo.FmtInt("MAGIC CLOVER ×%d", int64(o.Clover)), kit.Tr("play.banner.clover_line"), p.art.accent, lt)
	case StepWins:
		p.drawTitleBanner(dst)
		p.drawWins(dst, &o.Window.Cells, o.Lines, o.Scatters > 0 && o.ScatterPay > 0, lt, pulse, func() { p.drawAllCoins(dst, o) })
	case StepColors:
		p.drawTitleBanner(dst)
		p.drawBase(dst, o, p.isCoin, pulse)
		c := o.Colors
		banner(dst, p.g, trNameX("play.banner.colors", colourWord(c.Colour), int64(c.Factor)), trX("play.banner.colors_line", int64(c.Factor)), p.art.accent, lt)
	case StepFreeIntro:
		p.drawTitleBanner(dst)
		p.drawBase(dst, o, p.isScatter, pulse)
		p.drawFreeIntro(dst, o.FreeGames, lt)
	case StepFreeSpin:
		p.drawFreeCounter(dst, o.FreeGames, st.Index, p.tl.WinAt(p.tick)-p.firstFree().WinFrom)
		p.drawFreeSpin(dst, o, st.Index, lt, pulse)
	case StepFreeEnd:
		p.drawFreeCounter(dst, o.FreeGames, len(o.FreeGames.Games)-1, o.FreeGamesWin)
		p.drawFreeSpin(dst, o, len(o.FreeGames.Games)-1, 1000, pulse)
		banner(dst, p.g, kit.Tr("play.banner.free_games_win"), p.money(o.FreeGamesWin), p.art.accent, lt)
	case StepLockIntro:
		p.drawTitleBanner(dst)
		p.drawBase(dst, o, p.isCoin, pulse)
		banner(dst, p.g, "LOCK & SPIN", trOf("play.banner.lock_line", int64(len(o.LockSpin.Initial)), lockspin.Respins), p.art.accent, lt)
	case StepRespin:
		n, counter := st.Index, p.tl.Counter(st.Index, lt)
		if lt >= RespinLand {
			n++
		}
		p.drawLockCounter(dst, counter, p.tl.LockTotal(n)*o.Bet.TotalCents())
		p.drawLockGrid(dst, o, st.Index, lt, pulse)
	case StepLockEnd:
		p.drawLockCounter(dst, 0, o.LockSpinWin)
		p.drawLockGrid(dst, o, len(o.LockSpin.Respins), 1000, pulse)
		banner(dst, p.g, kit.Tr("play.banner.lock_win"), p.money(p.tl.WinAt(p.tick)-st.WinFrom), p.art.accent, lt)
	case StepDone:
		p.drawTitleBanner(dst)
		switch {
		case o.LockSpin != nil:
			p.drawLockGrid(dst, o, len(o.LockSpin.Respins), 1000, pulse)
		case o.FreeGames != nil:
			p.drawFreeSpin(dst, o, len(o.FreeGames.Games)-1, 1000, pulse)
		case len(o.Lines) > 0:
			p.drawWins(dst, &o.Window.Cells, o.Lines, o.ScatterPay > 0, lt+60, pulse, func() { p.drawAllCoins(dst, o) })
		default:
			p.drawBase(dst, o, nil, pulse)
		}
		if o.Win > 0 || len(o.Jackpots) > 0 {
			sub := p.money(o.Win)
			if len(o.Jackpots) > 0 {
				sub = p.jackpotLine(o)
			}
			banner(dst, p.g, winWord(o), sub, p.art.accent, lt)
		}
	}
}

func (p *Play) firstFree() Step {
	for _, s := range p.tl.Steps {
		if s.Kind == StepFreeSpin {
			return s
		}
	}
	return Step{}
}

func winWord(o *slot.Outcome) string {
	x := o.Win / max(o.Bet.TotalCents(), 1)
	switch {
	case x >= 50:
		return kit.Tr("play.banner.mega_win")
	case x >= 15:
		return kit.Tr("play.banner.big_win")
	}
	return kit.Tr("play.banner.win")
}

// colourWord is a field of the Super Colors wheel in the player's language, in
// capitals.
func colourWord(c string) string {
	switch c {
	case "green":
		return kit.Tr("play.colour.green")
	case "red":
		return kit.Tr("play.colour.red")
	case "gold":
		return kit.Tr("play.colour.gold")
	}
	return strings.ToUpper(c)
}

func (p *Play) isCoin(r, row int) bool {
	return p.tl.Outcome.Window.Cells[r][row] == p.coinID()
}

func (p *Play) coinID() reels.SymbolID {
	id, _ := p.art.title.Game.Symbol(p.art.title.Spec.Coin)
	return id
}

func (p *Play) isScatter(r, row int) bool {
	return p.tl.Outcome.Window.Cells[r][row] == p.art.title.Game.Scatter
}

// drawSpin draws spinning reels stopping on stops.
func (p *Play) drawSpin(dst *ebiten.Image, strips [][]reels.SymbolID, stops []int32, lead, lt int) {
	for r := 0; r < p.g.reels; r++ {
		pos, _ := ReelPos(r, lead, lt)
		drawReel(dst, p.g, p.art, strips[r], r, int(stops[r]), pos)
	}
}

// drawBase draws the base window at rest, lighting the cells lit selects.
func (p *Play) drawBase(dst *ebiten.Image, o *slot.Outcome, lit func(r, row int) bool, pulse float64) {
	drawCells(dst, p.g, p.art, &o.Window.Cells, lit, pulse)
	p.drawAllCoins(dst, o)
	if lit != nil {
		for r := 0; r < p.g.reels; r++ {
			for row := 0; row < p.g.rows; row++ {
				if lit(r, row) {
					drawGlow(dst, p.g, r, row, paint.Lighten(p.art.accent, 0.3), pulse)
				}
			}
		}
	}
}

// drawCoins prints the values of the coins on reel r of the base window.
func (p *Play) drawCoins(dst *ebiten.Image, o *slot.Outcome, r int) {
	for _, c := range o.Coins {
		if c.Reel == r {
			x, y := p.g.cell(c.Reel, c.Row)
			drawSymbol(dst, p.g, p.lockImage(c.Symbol, c.Symbol.Value, o), x, y, 1, 1)
		}
	}
}

func (p *Play) drawAllCoins(dst *ebiten.Image, o *slot.Outcome) {
	for r := 0; r < p.g.reels; r++ {
		p.drawCoins(dst, o, r)
	}
}

// lockImage is the art of a Lock & Spin symbol with its value in euros.
func (p *Play) lockImage(s lockspin.Symbol, value int64, o *slot.Outcome) *ebiten.Image {
	switch s.Kind {
	case lockspin.Jackpot:
		return jackpotImage(s.Level)
	case lockspin.ScaleUp:
		return scaleImage(kit.Memo.FmtInt("×%d", int64(s.Factor)))
	}
	return coinImage(kit.Memo.EurosNum(value * o.Bet.TotalCents()))
}

// drawWins shows the paying lines: all of them first, then one by one with their
// symbols lit.
func (p *Play) drawWins(dst *ebiten.Image, cells *[reels.MaxReels][reels.MaxRows]reels.SymbolID, lines []reels.LineWin, scatter bool, lt int, pulse float64, extra func()) {
	g := p.art.title.Game
	if len(lines) == 0 {
		var lit func(r, row int) bool
		if scatter {
			lit = func(r, row int) bool { return cells[r][row] == g.Scatter }
		}
		drawCells(dst, p.g, p.art, cells, lit, pulse)
		extra()
		return
	}
	if lt < 60 {
		drawCells(dst, p.g, p.art, cells, nil, pulse)
		extra()
		for _, lw := range lines {
			drawLine(dst, p.g, p.art.title.Spec.Reels.Lines[lw.Line], linePalette[int(lw.Line)%len(linePalette)], 6)
		}
		return
	}
	lw := lines[((lt-60)/50)%len(lines)]
	rows := p.art.title.Spec.Reels.Lines[lw.Line]
	lit := func(r, row int) bool {
		return r < int(lw.Count) && rows[r] == row || scatter && cells[r][row] == g.Scatter
	}
	drawCells(dst, p.g, p.art, cells, lit, pulse)
	extra()
	c := linePalette[int(lw.Line)%len(linePalette)]
	drawLine(dst, p.g, rows, c, 7)
	for r := 0; r < int(lw.Count); r++ {
		drawGlow(dst, p.g, r, rows[r], c, pulse)
	}
	name := g.Symbols[lw.Symbol].Name
	msg := p.lineMsg(lw, name)
	paint.Panel(dst, paint.ScreenW/2-340, p.g.y+p.g.h()+2, 680, 44, 14, paint.Darken(c, 0.5), paint.Darken(c, 0.8), c, 2)
	paint.LabelMid(dst, msg, 26, true, paint.ScreenW/2, float64(p.g.y+p.g.h()+24), paint.Center, paint.RGB(255, 255, 255), 1)
}

// bannerFade is how many ticks a banner takes to fade in.
const bannerFade = 12

// bannerOpacity is a banner's opacity lt ticks after it begins: 0 before, then
// fading in. The banner is drawn whole, its words with it, from its first tick: a
// panel growing in without its words is a blank pill over the symbols.
func bannerOpacity(lt int) float64 { return math.Max(0, math.Min(1, float64(lt)/bannerFade)) }

// faded is c at opacity k (premultiplied, as Ebiten's colours are).
func faded(c color.RGBA, k float64) color.RGBA {
	return color.RGBA{uint8(float64(c.R) * k), uint8(float64(c.G) * k), uint8(float64(c.B) * k), uint8(float64(c.A) * k)}
}

// banner draws a centred message over the reels, fading in.
func banner(dst *ebiten.Image, g geom, title, sub string, accent color.RGBA, lt int) {
	k := bannerOpacity(lt)
	if k <= 0 {
		return
	}
	const w, h = 900, 220
	cx, cy := g.x+g.w()/2, g.y+g.h()/2
	paint.Fill(dst, paint.RoundRect(cx-w/2-12, cy-h/2-12, w+24, h+24, 40), paint.Solid(faded(paint.Alpha(accent, 0.35), k)))
	paint.Panel(dst, cx-w/2, cy-h/2, w, h, 34, faded(paint.Darken(accent, 0.1), k), faded(paint.Darken(accent, 0.75), k), faded(paint.RGB(255, 220, 100), k), 5)
	paint.Label(dst, title, paint.FitSize(title, 76, true, 860), true, float64(cx), float64(cy-100), paint.Center, faded(paint.RGB(255, 230, 110), k), 4)
	if sub != "" {
		paint.Label(dst, sub, paint.FitSize(sub, 54, true, 860), true, float64(cx), float64(cy+10), paint.Center, faded(paint.RGB(255, 255, 255), k), 3)
	}
}

// jackpotLine is the final banner's line of a game with jackpots (made once per
// game and language; the levels' names are their own in every language).
func (p *Play) jackpotLine(o *slot.Outcome) string {
	if p.jpGame != p.game || p.jpLine == "" || p.jpLang != kit.PlayerLang() {
		p.jpGame, p.jpLang = p.game, kit.PlayerLang()
		p.jpLine = jackpotBannerLine(o.Win, o.Jackpots, !p.noMoney())
	}
	return p.jpLine
}

// jackpotBannerLine is the banner's line of a win of cents with jackpot levels:
// the amount first when money shows.
func jackpotBannerLine(cents int64, levels []string, money bool) string {
	names := strings.ToUpper(strings.Join(levels, " + "))
	if !money {
		return kit.Tr("play.banner.jackpots", "Levels", names)
	}
	return kit.Tr("play.banner.win_jackpots", "Amount", kit.PlayerMoney(cents), "Levels", names)
}

// lineMsg is the caption of a paying line (kept by value: the lines of a game
// take turns for seconds).
func (p *Play) lineMsg(lw reels.LineWin, name string) string {
	k := lineKey{p.game, lw, kit.PlayerLang()}
	if s, ok := lineMsgs[k]; ok {
		return s
	}
	if len(lineMsgs) >= kit.MemoLimit {
		clear(lineMsgs)
	}
	line := kit.Tr("play.line", "Line", kit.Grouped(int64(lw.Line+1)))
	s := fmt.Sprintf("%s  ·  %d × %s  ·  %s", line, lw.Count, name, kit.PlayerMoney(lw.Pay*p.tl.Outcome.Bet.LineCents))
	if p.noMoney() {
		s = fmt.Sprintf("%s  ·  %d × %s", line, lw.Count, name)
	}
	lineMsgs[k] = s
	return s
}

type lineKey struct {
	game uint64
	lw   reels.LineWin
	lang locale.Lang
}

var lineMsgs = map[lineKey]string{}
