//go:build cgo && !noscreen

package ui

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/games/slot"
	"egm/locale"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// Attract is the attract mode: it cycles the titles, each with a demo spin, a
// feature highlight (Lock & Spin filling up, or free games with the expanding
// symbol) and a paytable page, under the jackpot meters and TOUCH TO PLAY, and
// between them the table games' highlights (attract_tables.go). It runs by itself
// indefinitely; its games are demo games, never metered. A touch or a key, or the
// player's credit going up on a metered cabinet, opens the lobby.
type Attract struct {
	titles   []*slot.Title
	seed     uint64
	rot      []attractItem // the rotation: titles with the table games between them
	at       int           // the item shown
	tbl      *tableHighlight
	credit   int64 // the player's credit last seen (metered cabinet)
	i        int   // title
	phase    int
	t        int // ticks in the phase
	clock    int
	sess     *DemoSession
	play     *slotscene.Play
	page     *ebiten.Image
	pageLang locale.Lang // the language page is worded in
	// Credit, when set, is the player's credit on a metered cabinet: the demo
	// games show it and no demo amounts (attract_money.go).
	Credit func() int64
}

// Attract phases per title.
const (
	phaseSpin = iota
	phaseFeature
	phaseBase // Magic Clover or Super Colors, for the titles that have them
	phasePaytable
	phases
)

// Phase limits in ticks.
const (
	holdTicks     = 90
	maxPhaseTicks = 60 * slotscene.TPS
	pageTicks     = 7 * slotscene.TPS
)

// attractItem is one item of the rotation: a title (table < 0) or a table game's
// highlight (attractTables[table]).
type attractItem struct{ title, table int }

// attractRotation interleaves the table games evenly between the titles: one
// after every len(titles)/len(tables) titles, the rest at the end.
func attractRotation(titles, tables int) []attractItem {
	every := max(titles/max(tables, 1), 1)
	var out []attractItem
	next := 0
	for i := 0; i < titles; i++ {
		out = append(out, attractItem{title: i, table: -1})
		if (i+1)%every == 0 && next < tables {
			out = append(out, attractItem{title: -1, table: next})
			next++
		}
	}
	for ; next < tables; next++ {
		out = append(out, attractItem{title: -1, table: next})
	}
	return out
}

// NewAttract starts the attract mode at the first title.
func NewAttract(titles []*slot.Title, seed uint64) *Attract {
	a := &Attract{titles: titles, seed: seed, rot: attractRotation(len(titles), len(attractTables))}
	a.start(0, phaseSpin)
	return a
}

// StartAt jumps to title i's phase: 0 demo spin, 1 feature highlight, 2 base-game
// feature, 3 paytable.
func (a *Attract) StartAt(i, phase int) { a.start(i%len(a.titles), phase%phases) }

// StartTable jumps to table game i's highlight (attractTables order). On a
// metered cabinet a scene that cannot say when its hand settles is not shown
// (its returns would show): the next title starts instead.
func (a *Attract) StartTable(i int) {
	i %= len(attractTables)
	for k, it := range a.rot {
		if it.table == i {
			a.at = k
		}
	}
	a.tbl, a.play, a.page = newTableHighlight(i, a.seed+uint64(100+i)), nil, nil
	if _, ok := a.tbl.scene.(settler); ok || a.Credit == nil {
		return
	}
	// a metered cabinet shows no table that cannot say when its hand settles: the
	// next title instead
	a.tbl = nil
	for k := 1; k <= len(a.rot); k++ {
		if it := a.rot[(a.at+k)%len(a.rot)]; it.title >= 0 {
			a.start(it.title, phaseSpin)
			return
		}
	}
}

func (a *Attract) start(i, phase int) {
	for k, it := range a.rot {
		if it.title == i {
			a.at = k
		}
	}
	a.tbl = nil
	a.i, a.phase, a.t, a.page = i, phase, 0, nil
	t := a.titles[i]
	kit.RulesFor(t) // built in the background for the paytable page, this title's and the next
	kit.RulesFor(a.titles[(i+1)%len(a.titles)])
	if phase == phasePaytable {
		return
	}
	if a.sess == nil || a.sess.Title() != t {
		a.sess = NewDemoSession(t, a.seed+uint64(i))
	}
	h := LineWin
	switch phase {
	case phaseFeature:
		h = LockSpin
		if t.Free != nil && i%2 == 0 {
			h = FreeGames
		}
	case phaseBase:
		h = BaseFeature
	}
	a.sess.Want(h)
	_ = a.sess.Send(kit.Event{Input: kit.InputSpin})
	a.play = slotscene.NewPlay(kit.LinkedSession{Session: a.sess}, nil) // the floor's levels, as on the lobby
	a.play.Attract = true
}

func (a *Attract) next() {
	p := a.phase + 1
	if t := a.titles[a.i]; p == phaseBase && t.Spec.Clover == nil && t.Spec.Colors == nil {
		p++
	}
	if p < phases && a.tbl == nil {
		a.start(a.i, p)
		return
	}
	if a.tbl != nil {
		a.tbl.close()
	}
	a.at = (a.at + 1) % len(a.rot)
	if it := a.rot[a.at]; it.table >= 0 {
		a.StartTable(it.table)
		return
	}
	a.start(a.rot[a.at].title, phaseSpin)
}

// Update implements Scene.
func (a *Attract) Update(m *scene.Manager) error {
	a.t++
	a.clock++
	if _, _, ok := scene.Pointer(); ok || scene.AnyKey() || a.creditUp() {
		snap := a.sess.Snapshot()
		snap.Grand, snap.Major = kit.GrandReset(), kit.MajorReset()
		m.Go(NewLobby(a.titles, kit.WithLinkedLevels(snap)))
		return nil
	}
	if a.tbl != nil {
		over, err := a.tbl.update(m, a.Credit != nil)
		if over {
			a.next()
		}
		return err
	}
	switch a.phase {
	case phasePaytable:
		if a.page != nil && a.pageLang != kit.PlayerLang() { // worded in another language: drawn again
			a.page = nil
		}
		if a.page == nil {
			a.page, a.pageLang = slotscene.HelpPage(a.titles[a.i], 0), kit.PlayerLang()
			if a.page == nil && a.t > 2*slotscene.TPS { // rules not ready yet: go on
				a.next()
			}
			return nil
		}
		if a.t > pageTicks {
			a.next()
		}
	default:
		a.play.Credit = a.Credit
		if err := a.play.Update(m); err != nil {
			return err
		}
		if a.t > a.play.TL.Total+holdTicks || a.t > maxPhaseTicks {
			a.next()
		}
	}
	return nil
}

// Draw implements Scene.
func (a *Attract) Draw(screen *ebiten.Image) {
	if a.tbl != nil {
		a.tbl.draw(screen, a.Credit, a.clock)
		return
	}
	if a.phase == phasePaytable && a.page != nil {
		screen.DrawImage(slotscene.ArtOf(a.titles[a.i]).BackgroundImage(), nil)
		screen.DrawImage(a.page, nil)
	} else if a.play != nil {
		a.play.Credit = a.Credit
		a.play.Draw(screen)
	}
	// TOUCH TO PLAY over the button deck.
	k := 0.5 + 0.5*math.Sin(float64(a.clock)/14)
	acc := paint.RGB(255, 200, 60)
	if a.play != nil && a.play.Art != nil {
		acc = a.play.Art.Accent
	}
	paint.Panel(screen, 460, 966, 1000, 100, 40, paint.Lighten(acc, 0.2*k), paint.Darken(acc, 0.5), paint.RGB(255, 230, 120), 4)
	touch := kit.Tr("play.attract.touch")
	paint.LabelMid(screen, touch, paint.FitSize(touch, 64+6*k, true, 1000-40), true, paint.ScreenW/2, 1016, paint.Center, paint.RGB(255, 255, 255), 4)
	paint.Label(screen, kit.Tr("play.attract.demo"), 28, true, 60, 990, paint.Left, paint.RGB(255, 255, 255), 2)
}

// creditUp reports the player's credit going up on a metered cabinet (money in
// during the attract mode: the lobby opens).
func (a *Attract) creditUp() bool {
	if a.Credit == nil {
		return false
	}
	c := a.Credit()
	up := c > a.credit && a.clock > 1 // the first look only notes it
	a.credit = c
	return up
}
