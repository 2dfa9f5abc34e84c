//go:build cgo && !noscreen

package ui

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/games/slot"
)

// Attract is the attract mode: it cycles the titles, each with a demo spin, a
// feature highlight (Lock & Spin filling up, or free games with the expanding
// symbol) and a paytable page, under the jackpot meters and TOUCH TO PLAY. It runs
// by itself indefinitely; its games are demo games, never metered.
type Attract struct {
	titles []*slot.Title
	seed   uint64
	i      int // title
	phase  int
	t      int // ticks in the phase
	clock  int
	sess   *DemoSession
	play   *Play
	page   *ebiten.Image
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
	maxPhaseTicks = 60 * TPS
	pageTicks     = 7 * TPS
)

// NewAttract starts the attract mode at the first title.
func NewAttract(titles []*slot.Title, seed uint64) *Attract {
	a := &Attract{titles: titles, seed: seed}
	a.start(0, phaseSpin)
	return a
}

// StartAt jumps to title i's phase: 0 demo spin, 1 feature highlight, 2 base-game
// feature, 3 paytable.
func (a *Attract) StartAt(i, phase int) { a.start(i%len(a.titles), phase%phases) }

func (a *Attract) start(i, phase int) {
	a.i, a.phase, a.t, a.page = i, phase, 0, nil
	t := a.titles[i]
	RulesFor(t) // built in the background for the paytable page, this title's and the next
	RulesFor(a.titles[(i+1)%len(a.titles)])
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
	_ = a.sess.Send(Event{Input: InputSpin})
	a.play = NewPlay(linkedSession{a.sess}, nil) // the floor's levels, as on the lobby
	a.play.attract = true
}

func (a *Attract) next() {
	p := a.phase + 1
	if t := a.titles[a.i]; p == phaseBase && t.Spec.Clover == nil && t.Spec.Colors == nil {
		p++
	}
	if p < phases {
		a.start(a.i, p)
		return
	}
	a.start((a.i+1)%len(a.titles), phaseSpin)
}

// Update implements Scene.
func (a *Attract) Update(m *Manager) error {
	a.t++
	a.clock++
	if _, _, ok := pointer(); ok || anyKey() {
		snap := a.sess.Snapshot()
		snap.Grand, snap.Major = slot.GrandResetCents, slot.MajorResetCents
		m.Go(NewLobby(a.titles, withLinkedLevels(snap)))
		return nil
	}
	switch a.phase {
	case phasePaytable:
		if a.page == nil {
			a.page = helpPage(a.titles[a.i], 0)
			if a.page == nil && a.t > 2*TPS { // rules not ready yet: go on
				a.next()
			}
			return nil
		}
		if a.t > pageTicks {
			a.next()
		}
	default:
		a.play.credit = a.Credit
		if err := a.play.Update(m); err != nil {
			return err
		}
		if a.t > a.play.tl.Total+holdTicks || a.t > maxPhaseTicks {
			a.next()
		}
	}
	return nil
}

// Draw implements Scene.
func (a *Attract) Draw(screen *ebiten.Image) {
	if a.phase == phasePaytable && a.page != nil {
		screen.DrawImage(artOf(a.titles[a.i]).backgroundImage(), nil)
		screen.DrawImage(a.page, nil)
	} else if a.play != nil {
		a.play.credit = a.Credit
		a.play.Draw(screen)
	}
	// TOUCH TO PLAY over the button deck.
	k := 0.5 + 0.5*math.Sin(float64(a.clock)/14)
	acc := rgb(255, 200, 60)
	if a.play != nil && a.play.art != nil {
		acc = a.play.art.accent
	}
	panel(screen, 460, 966, 1000, 100, 40, lighten(acc, 0.2*k), darken(acc, 0.5), rgb(255, 230, 120), 4)
	labelMid(screen, "TOUCH TO PLAY", 64+6*k, true, ScreenW/2, 1016, center, rgb(255, 255, 255), 4)
	label(screen, "DEMO", 28, true, 60, 990, left, rgb(255, 255, 255), 2)
}
