//go:build cgo && !noscreen

package ui

import (
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/tables/play"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
	"egm/ui/internal/tablescene"
)

// The attract mode's table highlights: between the titles, each table game's
// scene plays a hand by itself in demo play (its own seeded rng and demo balance,
// never metered) under a caption naming the game. The scene is the lobby's own
// (NewRouletteTable …), left idle so that it plays by itself; the highlight starts
// it a little ahead so that the first bets are already placed.
//
// On a metered cabinet no demo amount shows: the scene's meters and buttons are
// covered by the attract mode's own bar (the player's credit, TOUCH TO PLAY, the
// demo's notice), and when the hand settles the scene stops: its last frame
// before the settlement (every card on the table, no amount returned) stays for
// a moment and the highlight ends. In `egm demo` the scene goes on and shows
// the settled hand for that moment.

// attractTables are the table games in the attract mode's rotation, with their
// captions.
// lead is how long the scene runs before the highlight shows: just under its
// idle wait before it plays by itself, so that it deals as the highlight starts.
var attractTables = []struct {
	game    string
	caption func() string // in the player's language, printed when drawn
	lead    int
	scene   func(seed uint64) scene.Scene
}{
	{play.Roulette, func() string { return kit.Tr("tables.attract.roulette") }, 230, func(s uint64) scene.Scene { return tablescene.NewRouletteTable(s) }},
	{play.ThreeCard, func() string { return kit.Tr("tables.attract.threecard") }, 140, func(s uint64) scene.Scene { return tablescene.NewThreeCardTable(s) }},
	{play.PuntoBanco, func() string { return kit.Tr("tables.attract.puntobanco") }, 140, func(s uint64) scene.Scene { return tablescene.NewPuntoBancoTable(s) }},
	{play.Blackjack, func() string { return kit.Tr("tables.attract.blackjack") }, 140, func(s uint64) scene.Scene { return tablescene.NewBlackjackTable(s) }},
	{play.Holdem, func() string { return kit.Tr("tables.attract.holdem") }, 140, func(s uint64) scene.Scene { return tablescene.NewHoldemTable(s) }},
}

// Table highlight timing, in ticks.
const (
	tableLeadTicks   = 250               // the longest lead
	tableHoldTicks   = 3 * slotscene.TPS // the settled hand shown (metered: its last frame before the settlement)
	tableMaxTicks    = 30 * slotscene.TPS
	tableBarY        = 950 // the attract mode's bar covers the scene from here down
	tableCaptionH    = 94
	tableLeadChunk   = 50 // lead ticks run per frame (the first frames of a highlight)
	tableSettledNone = -1
)

// tableHighlight is one table game's highlight.
type tableHighlight struct {
	game      string
	caption   func() string
	scene     scene.Scene
	lead      int  // lead ticks still to run
	t         int  // ticks shown
	settledAt int  // the tick a hand settled (tableSettledNone: not yet)
	was       bool // the scene's hand was settled at the last tick
	metered   bool
	frame     *ebiten.Image // metered: the scene's last frame drawn
	after     int           // scene updates after the settlement
}

// settler is what the highlight asks a table scene, when the scene can say it:
// the hand is settled (its returns about to show).
type settler interface{ settled() bool }

func newTableHighlight(i int, seed uint64) *tableHighlight {
	at := attractTables[i]
	return &tableHighlight{game: at.game, caption: at.caption, scene: at.scene(seed),
		lead: at.lead, settledAt: tableSettledNone}
}

// settled reports whether the scene's hand is settled (false when it cannot say).
func (h *tableHighlight) settled() bool {
	s, ok := h.scene.(settler)
	return ok && s.settled()
}

// update runs the scene one tick (and, in the first frames, its lead) and reports
// whether the highlight is over. metered: no amount may show.
func (h *tableHighlight) update(m *scene.Manager, metered bool) (bool, error) {
	h.metered = metered
	if h.frozen() { // metered, settled: the last frame stays
		h.t++
		return h.t-h.settledAt > tableHoldTicks, nil
	}
	for n := 0; h.lead > 0 && n < tableLeadChunk; n++ {
		h.lead--
		if err := h.scene.Update(m); err != nil {
			return true, err
		}
		h.was = h.settled() // a hand settled during the lead is not this highlight's
	}
	h.t++
	if err := h.scene.Update(m); err != nil {
		return true, err
	}
	if h.settledAt != tableSettledNone {
		h.after++
	}
	now := h.settled()
	if h.settledAt == tableSettledNone && now && !h.was {
		h.settledAt = h.t
	}
	h.was = now
	return h.t > tableMaxTicks || h.settledAt != tableSettledNone && h.t-h.settledAt > tableHoldTicks, nil
}

// frozen: a metered cabinet's hand has settled, the scene is no longer run or drawn.
func (h *tableHighlight) frozen() bool { return h.metered && h.settledAt != tableSettledNone }

// close releases the frozen frame.
func (h *tableHighlight) close() {
	if h.frame != nil {
		h.frame.Deallocate()
		h.frame = nil
	}
}

// draw draws the scene under the caption and the attract mode's bar.
func (h *tableHighlight) draw(dst *ebiten.Image, credit func() int64, clock int) {
	switch {
	case !h.metered:
		h.scene.Draw(dst)
	default: // drawn into the frame that stays once the hand settles
		if h.frame == nil {
			h.frame = ebiten.NewImage(paint.ScreenW, paint.ScreenH)
		}
		if !h.frozen() {
			h.frame.Clear()
			h.scene.Draw(h.frame)
		}
		dst.DrawImage(h.frame, nil)
	}
	acc := paint.RGB(240, 200, 90)
	paint.Antialiased(func() {
		paint.GradRect(dst, 0, 0, paint.ScreenW, tableCaptionH, paint.RGB(30, 20, 60), paint.RGB(10, 8, 24))
		paint.Line(dst, 0, tableCaptionH, paint.ScreenW, tableCaptionH, 3, acc)
		paint.GradRect(dst, 0, tableBarY, paint.ScreenW, paint.ScreenH-tableBarY, paint.RGB(24, 20, 44), paint.RGB(6, 6, 14))
		paint.Line(dst, 0, tableBarY, paint.ScreenW, tableBarY, 3, acc)
	})
	paint.Label(dst, kit.Tr("tables.attract.tablegames"), 24, true, 40, 12, paint.Left, paint.Lighten(acc, 0.3), 0)
	name := strings.ToUpper(tablescene.TableGameName(h.game))
	paint.Label(dst, name, paint.FitSize(name, 40, true, 700), true, 40, 38, paint.Left, paint.RGB(255, 255, 255), 2)
	caption := h.caption()
	paint.Label(dst, caption, paint.FitSize(caption, 30, true, 1100), true, paint.ScreenW-40, 30, paint.Right, acc, 2)
	if credit != nil {
		if c := credit(); c > 0 {
			slotscene.MeterBox(dst, 20, 960, 420, kit.Tr("tables.attract.yourcredit"), kit.Memo.Euros(c), "", acc)
		}
		slotscene.MeterBox(dst, 1480, 960, 420, kit.Tr("tables.attract.demogame"), kit.Tr("tables.attract.notformoney"), "", acc)
	} else {
		slotscene.MeterBox(dst, 1480, 960, 420, kit.Tr("tables.attract.demogame"), kit.Tr("tables.meter.demo"), "", acc)
	}
	k := 0.5 + 0.5*math.Sin(float64(clock)/14)
	paint.Panel(dst, 460, 966, 1000, 100, 40, paint.Lighten(acc, 0.2*k), paint.Darken(acc, 0.5), paint.RGB(255, 230, 120), 4)
	touch := kit.Tr("tables.attract.touch")
	paint.LabelMid(dst, touch, paint.FitSize(touch, 64+6*k, true, 1000-40), true, paint.ScreenW/2, 1016, paint.Center, paint.RGB(255, 255, 255), 4)
}
