//go:build cgo && !noscreen

package tablescene

import (
	"strings"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/help"
	"egm/locale"
	"egm/tables/play"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

// TableHelp is a table game's rules on screen: how the game is played and what
// each bet pays with its return to player, from help.TableRules (generated from
// the game's pay tables and rules as data and its exact figures), a page at a
// time. The HELP button of every table scene opens it; BACK TO TABLE returns.
type TableHelp struct {
	Id    string
	Back  scene.Scene
	Page  int
	pages [][]help.Feature // laid out once the rules are ready, in lang
	lang  locale.Lang
}

// Layout returns the pages in the player's language (nil while the rules are
// being built); a language change lays them out again.
func (h *TableHelp) Layout() [][]help.Feature {
	if h.pages == nil || h.lang != kit.PlayerLang() {
		h.pages = nil
		if r, ok := TableRulesFor(h.Id); ok {
			h.pages, h.lang = tablePages(r), r.Lang
		}
	}
	return h.pages
}

// tableHelpButton is the HELP button of the table scenes (top right); its
// caption in the player's language is helpButton's.
var tableHelpButton = slotscene.Button{Input: 0, Name: "HELP", X: 1730, Y: 16, W: 160, H: 70, C: paint.RGB(60, 120, 220), Help: true}

// helpButton is the table scenes' HELP button captioned in the player's language.
func helpButton() slotscene.Button {
	b := tableHelpButton
	b.Name = kit.Tr("rules.ui.help")
	return b
}

// the table games' rules, built once each per language in the background
// (blackjack's take its main-game analysis)
var tableRules struct {
	mu    sync.Mutex
	rules map[tableRulesKey]*help.TableRules
	busy  map[tableRulesKey]bool
}

// tableRulesKey is one table game's rules in one language, under one
// installation of the progressive side bet (kit.TableProgressive's gen).
type tableRulesKey struct {
	id   string
	lang locale.Lang
	gen  int
}

// buildTableRules builds table game id's rules in lang and the profile's
// currency: help.NewTableRules, and at three card poker the progressive side bet
// the table offers (kit.TableProgressive), its rule and its row among the bets.
func buildTableRules(id string, lang locale.Lang) (*help.TableRules, error) {
	p := locale.New(lang, kit.ScreenLang.Profile.Currency)
	r, err := help.NewTableRules(id, p)
	if err != nil || play.KindOf(id) != play.KindThreeCard {
		return r, err
	}
	if side, on, _ := kit.TableProgressive(); on {
		f, bet := help.ThreeCardProgressive(p, side)
		r.Sections = append(r.Sections, f)
		r.Bets = append(r.Bets, bet)
	}
	return r, nil
}

// rulesKey is the key of table game id's rules in the player's language now.
func rulesKey(id string) tableRulesKey {
	_, _, gen := kit.TableProgressive()
	return tableRulesKey{id, kit.PlayerLang(), gen}
}

// TableRulesFor returns table game id's rules in the player's language if built,
// and starts building them if not.
func TableRulesFor(id string) (*help.TableRules, bool) {
	key := rulesKey(id)
	c := &tableRules
	c.mu.Lock()
	defer c.mu.Unlock()
	if r := c.rules[key]; r != nil {
		return r, true
	}
	if c.rules == nil {
		c.rules, c.busy = map[tableRulesKey]*help.TableRules{}, map[tableRulesKey]bool{}
	}
	if !c.busy[key] {
		c.busy[key] = true
		go func() {
			r, err := buildTableRules(id, key.lang)
			c.mu.Lock()
			defer c.mu.Unlock()
			if err == nil {
				c.rules[key] = r
			}
		}()
	}
	return nil, false
}

// WaitTableRules builds the rules of table game id in the player's language now
// (the screenshots, the tests).
func WaitTableRules(id string) error {
	key := rulesKey(id)
	r, err := buildTableRules(id, key.lang)
	if err != nil {
		return err
	}
	c := &tableRules
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.rules == nil {
		c.rules, c.busy = map[tableRulesKey]*help.TableRules{}, map[tableRulesKey]bool{}
	}
	c.rules[key], c.busy[key] = r, true
	return nil
}

// OpenTableHelp reports whether this frame's touch or key asks for the rules,
// and opens them over the table scene s.
func OpenTableHelp(m *scene.Manager, id string, s scene.Scene) bool {
	x, y, ok := scene.Pointer()
	if ok && tableHelpButton.Hit(x, y) || scene.DevPressed(ebiten.KeyH, ebiten.KeyF1) {
		if m != nil {
			m.Go(&TableHelp{Id: id, Back: s})
		}
		return true
	}
	return false
}

// tablePages lays the rules out: the sections, as many per page as fit, then the
// bets with their returns.
func tablePages(r *help.TableRules) [][]help.Feature {
	var pages [][]help.Feature
	var cur []help.Feature
	lines := 0
	for _, f := range r.Sections {
		n := 2
		for _, t := range f.Text {
			n += len(slotscene.Wrap(t, 26, false, 1660))
		}
		if lines+n > 21 && len(cur) > 0 {
			pages = append(pages, cur)
			cur, lines = nil, 0
		}
		cur = append(cur, f)
		lines += n
	}
	if len(cur) > 0 {
		pages = append(pages, cur)
	}
	bets := help.Feature{Name: r.Printer().T("rules.table.bets")}
	for _, b := range r.Bets {
		bets.Text = append(bets.Text, r.BetLine(b))
	}
	return append(pages, []help.Feature{bets})
}

// Update implements Scene.
func (h *TableHelp) Update(m *scene.Manager) error {
	n := max(len(h.Layout()), 1)
	var back bool
	if h.Page, back = slotscene.TurnPage(h.Page, n); back {
		m.Go(h.Back)
	}
	return nil
}

// Draw implements Scene.
func (h *TableHelp) Draw(dst *ebiten.Image) {
	paint.Fill(dst, paint.Rect(0, 0, paint.ScreenW, paint.ScreenH), paint.Vertical(0, paint.ScreenH, paint.RGB(20, 60, 40), paint.RGB(4, 20, 12)))
	r, ok := TableRulesFor(h.Id)
	if !ok {
		paint.Label(dst, kit.Tr("rules.ui.preparing"), 48, true, paint.ScreenW/2, 500, paint.Center, paint.RGB(255, 255, 255), 3)
		return
	}
	pages := h.Layout()
	i := h.Page % len(pages)
	paint.Panel(dst, 30, 20, paint.ScreenW-60, 950, 30, paint.Alpha(paint.RGB(10, 40, 24), 0.95), paint.Alpha(paint.RGB(2, 12, 6), 0.95), RGold, 4)
	paint.Label(dst, strings.ToUpper(r.Name), 50, true, paint.ScreenW/2, 34, paint.Center, RGold, 3)
	paint.Label(dst, kit.Tr("rules.ui.rules"), 30, true, paint.ScreenW/2, 96, paint.Center, paint.RGB(255, 236, 150), 2)
	y := 160.0
	for _, f := range pages[i] {
		paint.Label(dst, strings.ToUpper(f.Name), 34, true, 120, y, paint.Left, RGold, 2)
		y += 48
		for _, t := range f.Text {
			for _, ln := range slotscene.Wrap(t, 26, false, 1660) {
				paint.Label(dst, ln, 26, false, 140, y, paint.Left, paint.RGB(245, 245, 250), 0)
				y += 34
			}
		}
		y += 18
	}
	paint.Label(dst, kit.Tr("rules.ui.page", "Page", i+1, "Pages", len(pages)), 28, true, paint.ScreenW/2, 1020, paint.Center, paint.RGB(255, 255, 255), 2)
	b := slotscene.Button{Name: kit.Tr("rules.ui.back_table"), X: 1560, Y: 990, W: 320, H: 76, C: paint.RGB(60, 120, 220)}
	slotscene.DrawButton(dst, b, true, 0)
}
