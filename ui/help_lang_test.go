//go:build cgo && !noscreen

package ui

import (
	"image"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/games"
	"egm/games/slot"
	"egm/jurisdiction"
	"egm/locale"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
	"egm/ui/internal/tablescene"
)

// langScene runs a scene with the screen's languages of profile p and the
// player's language lang, and puts the screen's own back after each frame (the
// screen runs on one goroutine).
type langScene struct {
	inner scene.Scene
	state *kit.LangState
}

func inLang(p jurisdiction.Profile, lang locale.Lang) *kit.LangState {
	s := kit.NewLangState(p, "")
	s.Player = s.Printers[lang]
	return s
}

func (s langScene) with(f func()) {
	old := kit.ScreenLang
	kit.ScreenLang = s.state
	defer func() { kit.ScreenLang = old }()
	f()
}

func (s langScene) Update(m *scene.Manager) (err error) {
	s.with(func() { err = s.inner.Update(m) })
	return err
}

func (s langScene) Draw(dst *ebiten.Image) { s.with(func() { s.inner.Draw(dst) }) }

// helpLangShots are help pages in other languages than the cabinet's, from
// TestMain's capture (EGM_SHOTS=dir writes them as help-LANG-….png).
var helpLangShots struct {
	names []string
	imgs  []*image.RGBA
	err   error
}

func init() {
	moreShots = append(moreShots, struct {
		shots func(titles []*slot.Title) []scene.Shot
		got   func(imgs []*image.RGBA, err error)
		close func()
	}{func(titles []*slot.Title) []scene.Shot {
		var gems *slot.Title
		for _, t := range titles {
			if t.Spec.ID == "gems-secrets" {
				gems = t
			}
		}
		var shots []scene.Shot
		for _, c := range []struct {
			name  string
			prof  jurisdiction.Profile
			lang  locale.Lang
			page  int
			table string
		}{
			{"help-kk-paytable", jurisdiction.KZ, locale.KK, 0, ""},
			{"help-ru-features", jurisdiction.EE, locale.RU, 2, ""},
			{"help-et-lines", jurisdiction.EE, locale.ET, 1, ""},
			{"help-kk-roulette", jurisdiction.KZ, locale.KK, 0, "roulette"},
			{"help-et-blackjack", jurisdiction.EE, locale.ET, 0, "blackjack"},
		} {
			ls := langScene{state: inLang(c.prof, c.lang)}
			var err error
			ls.with(func() {
				if c.table != "" {
					err = tablescene.WaitTableRules(c.table)
					ls.inner = &tablescene.TableHelp{Id: c.table, Page: c.page}
				} else if gems != nil {
					err = kit.WaitRules(gems)
					h := slotscene.NewHelp(gems, nil)
					h.Page = c.page
					ls.inner = h
				}
			})
			if err != nil || ls.inner == nil {
				helpLangShots.err = err
				continue
			}
			helpLangShots.names = append(helpLangShots.names, c.name)
			shots = append(shots, scene.Shot{Scene: ls, Frames: 2})
		}
		return shots
	}, func(imgs []*image.RGBA, err error) {
		if helpLangShots.err == nil {
			helpLangShots.err = err
		}
		helpLangShots.imgs = imgs
		if dir := os.Getenv("EGM_SHOTS"); dir != "" && err == nil {
			for i, img := range imgs {
				_ = scene.WritePNG(dir+"/"+helpLangShots.names[i]+".png", img)
			}
		}
	}, nil})
}

// TestHelpLanguageShots: the help pages draw in every language (the capture's
// help pages in Kazakh, Russian and Estonian are drawn and differ).
func TestHelpLanguageShots(t *testing.T) {
	if helpLangShots.err != nil {
		t.Fatal(helpLangShots.err)
	}
	if len(helpLangShots.imgs) != 5 {
		t.Fatalf("%d help shots", len(helpLangShots.imgs))
	}
	for i, img := range helpLangShots.imgs {
		if img == nil || uniform(img) {
			t.Errorf("%s: nothing drawn", helpLangShots.names[i])
		}
	}
}

// uniform reports an image of one colour.
func uniform(img *image.RGBA) bool {
	for i := 4; i < len(img.Pix); i += 4 {
		if img.Pix[i] != img.Pix[0] || img.Pix[i+1] != img.Pix[1] || img.Pix[i+2] != img.Pix[2] {
			return false
		}
	}
	return true
}

// TestHelpPagesEveryLanguage: in every language of both profiles, every title's
// and table game's rules lay out in pages whose texts fit their places: the
// feature pages on the panel, the headings, the foot and the paytable cells.
func TestHelpPagesEveryLanguage(t *testing.T) {
	defer func(old *kit.LangState) { kit.ScreenLang = old }(kit.ScreenLang)
	ts, err := games.All()
	if err != nil {
		t.Fatal(err)
	}
	fits := func(what, s string, size float64, bold bool, w float64) {
		t.Helper()
		if tw := paint.TextWidth(s, size, bold); tw > w {
			t.Errorf("%s: %q is %.0f px wide, the place %.0f", what, s, tw, w)
		}
	}
	englishNotes := map[string]string{}
	for _, ti := range ts {
		r, err := kit.NewRulesIn(ti, locale.EN, jurisdiction.EE)
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range r.Paytable {
			englishNotes[ti.Spec.ID+"/"+row.Symbol] = row.Note
		}
	}
	for _, prof := range []jurisdiction.Profile{jurisdiction.EE, jurisdiction.KZ} {
		for _, lang := range prof.Languages {
			kit.ScreenLang = inLang(prof, lang)
			where := prof.Code + "/" + string(lang)
			fits(where+" back", kit.Tr("rules.ui.back_game"), 30, true, 300)
			fits(where+" back", kit.Tr("rules.ui.back_table"), 30, true, 300)
			fits(where+" help", kit.Tr("rules.ui.help"), 30, true, 150)
			for _, ti := range ts {
				r, err := kit.NewRules(ti)
				if err != nil {
					t.Fatal(err)
				}
				if r.Lang != lang {
					t.Fatalf("%s: rules in %s", where, r.Lang)
				}
				p := r.Printer()
				fits(where+" paytable heading", p.T("rules.ui.paytable"), 30, true, paint.ScreenW-100)
				fits(where+" lines heading", p.N("rules.ui.lines", int64(len(r.Lines))), 30, true, paint.ScreenW-100)
				fits(where+" foot", p.N("rules.ui.foot", int64(len(r.Lines)), "Family", r.Family, "Min", p.Money(r.MinBetCents), "Max", p.Money(r.MaxBetCents), "RTP", r.RTPText()), 24, false, paint.ScreenW-100)
				fits(where+" page counter", kit.Tr("rules.ui.page", "Page", 10, "Pages", 10), 28, true, 230)
				for _, row := range r.Paytable {
					// a note the English shows whole is shown whole in every language
					// (the cell cuts a longer one, the English wild note too)
					room := slotscene.NoteRoom(len(row.Counts))
					if n := len(slotscene.Wrap(row.Note, 18, false, 236)); row.Note != "" && n > room && len(slotscene.Wrap(englishNotes[ti.Spec.ID+"/"+row.Symbol], 18, false, 236)) <= room {
						t.Errorf("%s paytable note %s: %q takes %d lines, %d fit", where, ti.Spec.ID, row.Note, n, room)
					}
					for k, n := range row.Counts {
						for _, cell := range []string{p.T("rules.ui.pay_total", "Count", n, "X", p.Count(row.X[k])), p.T("rules.ui.pay_line", "Count", n, "X", p.Count(row.X[k]))} {
							if fs := paint.FitSize(cell, 22, false, 246); fs < 19 { // drawn at the size that fits, 22 px at most
								t.Errorf("%s paytable cell %s: %q fits 246 px only at %.1f px", where, ti.Spec.ID, cell, fs)
							}
						}
					}
				}
				for _, sp := range slotscene.PageSpecs(r) {
					y := 160.0
					for _, f := range sp.Features {
						y += 48
						for _, tx := range f.Text {
							y += 34 * float64(len(slotscene.Wrap(tx, 26, false, 1660)))
						}
						y += 18
					}
					if y > 930 {
						t.Errorf("%s %s: a feature page runs to %.0f, past the foot", where, ti.Spec.ID, y)
					}
				}
			}
			for _, id := range games.TableIDs() {
				if err := tablescene.WaitTableRules(id); err != nil {
					t.Fatal(err)
				}
				h := &tablescene.TableHelp{Id: id}
				for _, pg := range h.Layout() {
					y := 160.0
					for _, f := range pg {
						fits(where+" "+id+" heading", f.Name, 34, true, 1700)
						y += 48
						for _, tx := range f.Text {
							y += 34 * float64(len(slotscene.Wrap(tx, 26, false, 1660)))
						}
						y += 18
					}
					if y > 990 {
						t.Errorf("%s %s: a rules page runs to %.0f, under the buttons", where, id, y)
					}
				}
			}
		}
	}
}
