//go:build cgo && !noscreen

package slotscene

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
	"egm/ui/internal/scene"
)

// Play is one title's play scene. It presents the Session's decided outcomes
// through a Timeline and sends the player's buttons to the Session; it decides
// nothing itself.
type Play struct {
	s      kit.Session
	titles []*slot.Title // for the lobby (nil: no lobby)
	Snap   kit.Snapshot
	Art    *titleArt
	G      geom
	Game   uint64
	TL     *Timeline
	Tick   int // presentation tick
	Shown  int // the outcome's steps reported shown
	T      int // scene ticks
	// Attract: driven by the attract mode; no buttons, no input.
	Attract bool
	// Credit, when set, is the player's own credit on a metered cabinet whose
	// Attract mode this demo game is: the meters show it, and no demo amount is
	// Shown that could be read as money in the machine (attract_money.go).
	Credit func() int64
	// the gamble: cards seen so far and the tick the last one was drawn
	GambleSeen, GambleAt int
	cues                 playCues // what the play scene has sounded
	jpGame               uint64   // the game jpLine was made for
	jpLine               string
	jpLang               locale.Lang // the language jpLine is in
	MaxAsk               maxBetAsk   // a MAX BET that raises the bet waits for a second press (play_maxbet.go)
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
	p.Snap = p.s.Snapshot()
	if t := p.Snap.Title; t != nil {
		p.Art = ArtOf(t) // every frame: art released while away is drawn again
		p.G = WindowGeom(t.Spec.Reels.Reels, t.Spec.Reels.Rows)
	}
	if o := p.Snap.Outcome; o != nil && p.Snap.Game != p.Game {
		p.Game = p.Snap.Game
		p.TL = NewTimeline(o)
		p.Shown = min(p.Snap.Step, p.TL.Units)
		p.Tick = p.TL.StartOfUnit(p.Shown)
	}
}

// Presenting reports whether a game is still being shown (its final celebration
// aside: by then every step is reported and the player may play on).
func (p *Play) Presenting() bool { return p.TL != nil && p.TL.UnitsShown(p.Tick) < p.TL.Units }

// Animating reports whether the timeline still moves.
func (p *Play) Animating() bool { return p.TL != nil && !p.TL.Done(p.Tick) }

// Update implements Scene.
func (p *Play) Update(m *scene.Manager) error {
	p.T++
	p.refresh()
	from := p.cues.from(p)
	err := p.update(m)
	p.sound(m.Sound, from)
	return err
}

func (p *Play) update(m *scene.Manager) error {
	if p.Animating() {
		p.Tick++
		if err := p.report(); err != nil {
			return err
		}
	}
	if r := p.Snap.Gamble; r == nil {
		p.GambleSeen = 0
	} else if len(r.Steps) != p.GambleSeen {
		p.GambleSeen, p.GambleAt = len(r.Steps), p.T
	}
	if p.Attract || p.Snap.Lockup != "" { // a lockup takes no player input
		return nil
	}
	in, help := p.input()
	switch {
	case p.Art == nil:
		return nil
	case help:
		m.Go(NewHelp(p.Art.Title, p))
		return nil
	case in == 0 && scene.Pressed(ebiten.KeyEscape) && p.titles != nil:
		if l := lobbyScene(p.titles, p.Snap); l != nil {
			m.Go(l)
		}
		return nil
	case in == 0:
		return nil
	case (in == kit.InputSpin || in == kit.InputMaxBet) && p.Presenting():
		p.Skip() // the player's button ends the animation; the outcome is the same
		return nil
	case p.Presenting():
		return nil // the other buttons wait for the game to be shown
	case p.confirmMaxBet(in):
		p.cues.click = true
		return nil
	}
	if err := p.s.Send(kit.Event{Input: in, Game: p.Game}); err != nil {
		p.Snap.Message = err.Error()
	}
	p.cues.click = true
	p.refresh()
	return nil
}

// report tells the session every step of the outcome shown so far.
func (p *Play) report() error {
	for n := p.TL.UnitsShown(p.Tick); p.Shown < n; p.Shown++ {
		if err := p.s.Send(kit.Event{Input: kit.InputPresented, Game: p.Game, Step: p.Shown}); err != nil {
			return err
		}
	}
	return nil
}

// Skip jumps to the presentation's final step (the result at once).
func (p *Play) Skip() {
	p.Tick = p.TL.Steps[len(p.TL.Steps)-1].Start
	if err := p.report(); err != nil {
		p.Snap.Message = err.Error()
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
	if p.Snap.Gamble != nil {
		keys = gambleKeys
	}
	for _, k := range keys {
		if scene.DevPressed(k.k...) {
			return k.in, false
		}
	}
	if scene.DevPressed(ebiten.KeyH, ebiten.KeyF1) {
		return 0, true
	}
	if x, y, ok := scene.Pointer(); ok {
		if !p.Attract && kit.PlayLangButton.Update(x, y, ok) {
			return 0, false
		}
		for _, b := range p.deck() {
			if b.Hit(x, y) {
				return b.Input, b.Help
			}
		}
	}
	return 0, false
}

// deck is the buttons on screen: the gamble's while a round is in play.
func (p *Play) deck() []Button {
	if p.Snap.Gamble != nil {
		return GambleButtons
	}
	return Buttons
}

func (p *Play) enabled(b Button) bool {
	s := p.Snap
	if p.Presenting() && b.Input != kit.InputSpin && b.Input != kit.InputMaxBet && !b.Help {
		return false
	}
	switch b.Input {
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
	a := p.Art
	if a == nil { // the session has no title yet
		screen.Fill(paint.RGB(10, 8, 16))
		paint.Label(screen, kit.Tr("play.please_wait"), 60, true, paint.ScreenW/2, 480, paint.Center, paint.RGB(255, 230, 140), 3)
		return
	}
	screen.DrawImage(a.chromeImage(), nil)
	DrawJackpots(screen, p.Snap, p.T)
	pulse := 0.5 + 0.5*math.Sin(float64(p.T)/6)
	win := p.Snap.Win
	if p.TL == nil {
		p.drawIdle(screen)
		p.drawTitleBanner(screen)
	} else {
		step, lt := p.TL.At(p.Tick)
		p.drawStep(screen, p.TL.Steps[step], lt, pulse)
		if p.Animating() {
			win = p.TL.WinAt(p.Tick)
		}
	}
	if r := p.Snap.Gamble; r != nil && !p.Presenting() {
		win = r.Amount // the win at stake in the gamble
	}
	if p.noMoney() {
		drawAttractMeters(screen, a, p.Credit())
	} else {
		drawMeters(screen, a, p.Snap, win)
	}
	if r := p.Snap.Gamble; r != nil && !p.Presenting() {
		p.drawGamble(screen, r, p.Snap.GambleHistory)
	}
	if !p.Attract {
		for _, b := range p.deck() {
			DrawWordedButton(screen, b, p.enabled(b), pulse)
		}
		kit.PlayLangButton.Draw(screen)
	}
	msg := p.Snap.Message
	if ask := p.MaxBetMsg(); ask != "" {
		msg = ask
	}
	if p.Snap.Demo && msg == "" && !p.noMoney() {
		msg = DemoText()
	}
	DrawStatusLine(screen, PlayStatus(p.G), msg)
	if p.Snap.Lockup != "" {
		DrawLockup(screen, p.Snap.Lockup, p.Snap.LockupDetail, p.T)
	}
}

// DrawLockup covers the game with a lockup's message, flashing, over everything.
func DrawLockup(dst *ebiten.Image, title, detail string, t int) {
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
	for r := 0; r < p.G.Reels; r++ {
		drawReel(dst, p.G, p.Art, p.Art.base[r], r, 0, 0)
	}
}

func (p *Play) drawTitleBanner(dst *ebiten.Image) {
	name, sub := p.Art.banner()
	paint.Label(dst, name, paint.FitSize(name, 52, true, 760), true, paint.ScreenW/2, 24, paint.Center, paint.Lighten(p.Art.Accent, 0.3), 3)
	paint.Label(dst, sub, paint.FitSize(sub, 20, false, 760), false, paint.ScreenW/2, 92, paint.Center, paint.RGB(240, 230, 210), 0)
}

// drawStep draws the reel window for one presentation step at its local tick.
func (p *Play) drawStep(dst *ebiten.Image, st Step, lt int, pulse float64) {
	o := p.TL.Outcome
	switch st.Kind {
	case StepSpin:
		p.drawTitleBanner(dst)
		p.drawSpin(dst, p.Art.base, o.Window.Stops[:], SpinLead, lt)
		for r := 0; r < p.G.Reels; r++ {
			if _, spinning := ReelPos(r, SpinLead, lt); !spinning {
				p.drawCoins(dst, o, r)
			}
		}
	case StepClover:
		p.drawTitleBanner(dst)
		p.drawBase(dst, o, nil, pulse)
		banner(dst, p.G, kit.Memo.FmtInt("MAGIC CLOVER ×%d", int64(o.Clover)), kit.Tr("play.banner.clover_line"), p.Art.Accent, lt)
	case StepWins:
		p.drawTitleBanner(dst)
		p.drawWins(dst, &o.Window.Cells, o.Lines, o.Scatters > 0 && o.ScatterPay > 0, lt, pulse, func() { p.drawAllCoins(dst, o) })
	case StepColors:
		p.drawTitleBanner(dst)
		p.drawBase(dst, o, p.isCoin, pulse)
		c := o.Colors
		banner(dst, p.G, TrNameX("play.banner.colors", ColourWord(c.Colour), int64(c.Factor)), TrX("play.banner.colors_line", int64(c.Factor)), p.Art.Accent, lt)
	case StepFreeIntro:
		p.drawTitleBanner(dst)
		p.drawBase(dst, o, p.isScatter, pulse)
		p.drawFreeIntro(dst, o.FreeGames, lt)
	case StepFreeSpin:
		p.drawFreeCounter(dst, o.FreeGames, st.Index, p.TL.WinAt(p.Tick)-p.firstFree().WinFrom)
		p.drawFreeSpin(dst, o, st.Index, lt, pulse)
	case StepFreeEnd:
		p.drawFreeCounter(dst, o.FreeGames, len(o.FreeGames.Games)-1, o.FreeGamesWin)
		p.drawFreeSpin(dst, o, len(o.FreeGames.Games)-1, 1000, pulse)
		banner(dst, p.G, kit.Tr("play.banner.free_games_win"), p.money(o.FreeGamesWin), p.Art.Accent, lt)
	case StepLockIntro:
		p.drawTitleBanner(dst)
		p.drawBase(dst, o, p.isCoin, pulse)
		banner(dst, p.G, "LOCK & SPIN", TrOf("play.banner.lock_line", int64(len(o.LockSpin.Initial)), lockspin.Respins), p.Art.Accent, lt)
	case StepRespin:
		n, counter := st.Index, p.TL.Counter(st.Index, lt)
		if lt >= RespinLand {
			n++
		}
		p.drawLockCounter(dst, counter, p.TL.LockTotal(n)*o.Bet.TotalCents())
		p.drawLockGrid(dst, o, st.Index, lt, pulse)
	case StepLockEnd:
		p.drawLockCounter(dst, 0, o.LockSpinWin)
		p.drawLockGrid(dst, o, len(o.LockSpin.Respins), 1000, pulse)
		banner(dst, p.G, kit.Tr("play.banner.lock_win"), p.money(p.TL.WinAt(p.Tick)-st.WinFrom), p.Art.Accent, lt)
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
			banner(dst, p.G, winWord(o), sub, p.Art.Accent, lt)
		}
	}
}

func (p *Play) firstFree() Step {
	for _, s := range p.TL.Steps {
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

// ColourWord is a field of the Super Colors wheel in the player's language, in
// capitals.
func ColourWord(c string) string {
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
	return p.TL.Outcome.Window.Cells[r][row] == p.coinID()
}

func (p *Play) coinID() reels.SymbolID {
	id, _ := p.Art.Title.Game.Symbol(p.Art.Title.Spec.Coin)
	return id
}

func (p *Play) isScatter(r, row int) bool {
	return p.TL.Outcome.Window.Cells[r][row] == p.Art.Title.Game.Scatter
}

// drawSpin draws spinning reels stopping on stops.
func (p *Play) drawSpin(dst *ebiten.Image, strips [][]reels.SymbolID, stops []int32, lead, lt int) {
	for r := 0; r < p.G.Reels; r++ {
		pos, _ := ReelPos(r, lead, lt)
		drawReel(dst, p.G, p.Art, strips[r], r, int(stops[r]), pos)
	}
}

// drawBase draws the base window at rest, lighting the cells lit selects.
func (p *Play) drawBase(dst *ebiten.Image, o *slot.Outcome, lit func(r, row int) bool, pulse float64) {
	drawCells(dst, p.G, p.Art, &o.Window.Cells, lit, pulse)
	p.drawAllCoins(dst, o)
	if lit != nil {
		for r := 0; r < p.G.Reels; r++ {
			for row := 0; row < p.G.Rows; row++ {
				if lit(r, row) {
					drawGlow(dst, p.G, r, row, paint.Lighten(p.Art.Accent, 0.3), pulse)
				}
			}
		}
	}
}

// drawCoins prints the values of the coins on reel r of the base window.
func (p *Play) drawCoins(dst *ebiten.Image, o *slot.Outcome, r int) {
	for _, c := range o.Coins {
		if c.Reel == r {
			x, y := p.G.cell(c.Reel, c.Row)
			drawSymbol(dst, p.G, p.lockImage(c.Symbol, c.Symbol.Value, o), x, y, 1, 1)
		}
	}
}

func (p *Play) drawAllCoins(dst *ebiten.Image, o *slot.Outcome) {
	for r := 0; r < p.G.Reels; r++ {
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
	g := p.Art.Title.Game
	if len(lines) == 0 {
		var lit func(r, row int) bool
		if scatter {
			lit = func(r, row int) bool { return cells[r][row] == g.Scatter }
		}
		drawCells(dst, p.G, p.Art, cells, lit, pulse)
		extra()
		return
	}
	if lt < 60 {
		drawCells(dst, p.G, p.Art, cells, nil, pulse)
		extra()
		for _, lw := range lines {
			drawLine(dst, p.G, p.Art.Title.Spec.Reels.Lines[lw.Line], linePalette[int(lw.Line)%len(linePalette)], 6)
		}
		return
	}
	lw := lines[((lt-60)/50)%len(lines)]
	rows := p.Art.Title.Spec.Reels.Lines[lw.Line]
	lit := func(r, row int) bool {
		return r < int(lw.Count) && rows[r] == row || scatter && cells[r][row] == g.Scatter
	}
	drawCells(dst, p.G, p.Art, cells, lit, pulse)
	extra()
	c := linePalette[int(lw.Line)%len(linePalette)]
	drawLine(dst, p.G, rows, c, 7)
	for r := 0; r < int(lw.Count); r++ {
		drawGlow(dst, p.G, r, rows[r], c, pulse)
	}
	name := g.Symbols[lw.Symbol].Name
	msg := p.lineMsg(lw, name)
	paint.Panel(dst, paint.ScreenW/2-340, p.G.Y+p.G.H()+2, 680, 44, 14, paint.Darken(c, 0.5), paint.Darken(c, 0.8), c, 2)
	paint.LabelMid(dst, msg, 26, true, paint.ScreenW/2, float64(p.G.Y+p.G.H()+24), paint.Center, paint.RGB(255, 255, 255), 1)
}

// BannerFade is how many ticks a banner takes to fade in.
const BannerFade = 12

// BannerOpacity is a banner's opacity lt ticks after it begins: 0 before, then
// fading in. The banner is drawn whole, its words with it, from its first tick: a
// panel growing in without its words is a blank pill over the symbols.
func BannerOpacity(lt int) float64 { return math.Max(0, math.Min(1, float64(lt)/BannerFade)) }

// Faded is c at opacity k (premultiplied, as Ebiten's colours are).
func Faded(c color.RGBA, k float64) color.RGBA {
	return color.RGBA{uint8(float64(c.R) * k), uint8(float64(c.G) * k), uint8(float64(c.B) * k), uint8(float64(c.A) * k)}
}

// banner draws a centred message over the reels, fading in.
func banner(dst *ebiten.Image, g geom, title, sub string, accent color.RGBA, lt int) {
	k := BannerOpacity(lt)
	if k <= 0 {
		return
	}
	const w, h = 900, 220
	cx, cy := g.X+g.W()/2, g.Y+g.H()/2
	paint.Fill(dst, paint.RoundRect(cx-w/2-12, cy-h/2-12, w+24, h+24, 40), paint.Solid(Faded(paint.Alpha(accent, 0.35), k)))
	paint.Panel(dst, cx-w/2, cy-h/2, w, h, 34, Faded(paint.Darken(accent, 0.1), k), Faded(paint.Darken(accent, 0.75), k), Faded(paint.RGB(255, 220, 100), k), 5)
	paint.Label(dst, title, paint.FitSize(title, 76, true, 860), true, float64(cx), float64(cy-100), paint.Center, Faded(paint.RGB(255, 230, 110), k), 4)
	if sub != "" {
		paint.Label(dst, sub, paint.FitSize(sub, 54, true, 860), true, float64(cx), float64(cy+10), paint.Center, Faded(paint.RGB(255, 255, 255), k), 3)
	}
}

// jackpotLine is the final banner's line of a game with jackpots (made once per
// Game and language; the levels' names are their own in every language).
func (p *Play) jackpotLine(o *slot.Outcome) string {
	if p.jpGame != p.Game || p.jpLine == "" || p.jpLang != kit.PlayerLang() {
		p.jpGame, p.jpLang = p.Game, kit.PlayerLang()
		p.jpLine = JackpotBannerLine(o.Win, o.Jackpots, !p.noMoney())
	}
	return p.jpLine
}

// JackpotBannerLine is the banner's line of a win of cents with jackpot levels:
// the amount first when money shows.
func JackpotBannerLine(cents int64, levels []string, money bool) string {
	names := strings.ToUpper(strings.Join(levels, " + "))
	if !money {
		return kit.Tr("play.banner.jackpots", "Levels", names)
	}
	return kit.Tr("play.banner.win_jackpots", "Amount", kit.PlayerMoney(cents), "Levels", names)
}

// lineMsg is the caption of a paying line (kept by value: the lines of a game
// take turns for seconds).
func (p *Play) lineMsg(lw reels.LineWin, name string) string {
	k := lineKey{p.Game, lw, kit.PlayerLang()}
	if s, ok := lineMsgs[k]; ok {
		return s
	}
	if len(lineMsgs) >= kit.MemoLimit {
		clear(lineMsgs)
	}
	line := kit.Tr("play.line", "Line", kit.Grouped(int64(lw.Line+1)))
	s := fmt.Sprintf("%s  ·  %d × %s  ·  %s", line, lw.Count, name, kit.PlayerMoney(lw.Pay*p.TL.Outcome.Bet.LineCents))
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
