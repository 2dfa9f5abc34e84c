//go:build cgo && !noscreen

package ui

import (
	"strings"
	"testing"

	"egm/jurisdiction"
	"egm/locale"
	"egm/machine"
	"egm/machine/aft"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

func TestSessionWatch(t *testing.T) {
	code := &aft.Code{}
	cash := &machine.Cashout{Cents: 2500}
	cases := []struct {
		name string
		seen []machine.Status
		want []bool // see's answer for each status
	}{
		{"cash-out to zero", []machine.Status{{CreditsCents: 2500}, {Cashout: cash}, {}}, []bool{false, false, true}},
		{"to the wallet", []machine.Status{{CreditsCents: 2500}, {AFTCashout: code, CreditsCents: 2500}, {}}, []bool{false, false, true}},
		{"lost in a game", []machine.Status{{CreditsCents: 100}, {}}, []bool{false, false}},
		{"cancelled", []machine.Status{{AFTCashout: code, CreditsCents: 2500}, {CreditsCents: 2500}, {}}, []bool{false, false, false}},
		{"once only", []machine.Status{{Cashout: cash}, {}, {}}, []bool{false, true, false}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var w scene.SessionWatch
			for i, st := range c.seen {
				if got := w.See(st); got != c.want[i] {
					t.Errorf("status %d (%+v): ended %v, want %v", i, st, got, c.want[i])
				}
			}
		})
	}
}

// TestLanguageReturnsAfterTheSession: the player's choice lasts until the
// session ends, then the profile's default is back; the operator's language
// never moves.
func TestLanguageReturnsAfterTheSession(t *testing.T) {
	defer kit.SetJurisdiction(jurisdiction.EE, "")
	for _, p := range []jurisdiction.Profile{jurisdiction.EE, jurisdiction.KZ} {
		kit.SetJurisdiction(p, "")
		kit.SetPlayerLang(locale.EN)
		var w scene.SessionWatch
		for _, st := range []machine.Status{{CreditsCents: 500}, {Cashout: &machine.Cashout{Cents: 500}}} {
			if w.See(st) {
				scene.LangReset.Store(true)
			}
			scene.ApplyLangReset()
			if kit.PlayerLang() != locale.EN {
				t.Fatalf("%s: the language went back to %s before the session ended", p.Code, kit.PlayerLang())
			}
		}
		if w.See(machine.Status{}) {
			scene.LangReset.Store(true)
		}
		scene.ApplyLangReset()
		if got := kit.PlayerLang(); got != p.DefaultLanguage() {
			t.Errorf("%s: after the cash-out the player's language is %s, want %s", p.Code, got, p.DefaultLanguage())
		}
		if got := kit.ScreenLang.Operator.Lang(); got != p.OperatorLanguage {
			t.Errorf("%s: the operator's language is %s, want %s", p.Code, got, p.OperatorLanguage)
		}
	}
}

// An amount never breaks across two lines of a wrapped text: money's formats
// join the number and the sign with no-break spaces.
func TestWrapKeepsAmountsWhole(t *testing.T) {
	defer kit.SetJurisdiction(jurisdiction.EE, "")
	for _, p := range []jurisdiction.Profile{jurisdiction.EE, jurisdiction.KZ} {
		kit.SetJurisdiction(p, "")
		for _, l := range p.Languages {
			kit.SetPlayerLang(l)
			amount := kit.PlayerMoney(123_456_789_00)
			s := "aaaa bbbb cccc " + amount + " dddd"
			for width := 40.0; width <= 600; width += 20 {
				found := false
				for _, ln := range slotscene.Wrap(s, 26, true, width) {
					found = found || strings.Contains(ln, amount)
				}
				if !found {
					t.Errorf("%s %s: wrapped at %.0f px, %q is split: %q", p.Code, l, width, amount, slotscene.Wrap(s, 26, true, width))
				}
			}
		}
	}
}

// A touch on a tab of the language button switches the player's texts to its
// language, on every screen that shows the button; a touch beside it does not.
func TestLanguageButton(t *testing.T) {
	defer kit.SetJurisdiction(jurisdiction.EE, "")
	for _, p := range []jurisdiction.Profile{jurisdiction.EE, jurisdiction.KZ} {
		kit.SetJurisdiction(p, "")
		for name, b := range map[string]kit.LangButton{"lobby": kit.LobbyLangButton, "play": kit.PlayLangButton,
			"table": kit.TableLangButton("blackjack"), "roulette": kit.TableLangButton("roulette")} {
			tabs := b.Tabs()
			if len(tabs) != len(p.Languages) {
				t.Fatalf("%s %s: %d tabs for %d languages", p.Code, name, len(tabs), len(p.Languages))
			}
			for i := len(tabs) - 1; i >= 0; i-- {
				tb := tabs[i]
				if tb.X < 0 || tb.Y < 0 || tb.X+tb.W > paint.ScreenW || tb.Y+tb.H > paint.ScreenH {
					t.Errorf("%s %s: the %s tab (%v,%v %vx%v) is off the screen", p.Code, name, tb.Lang, tb.X, tb.Y, tb.W, tb.H)
				}
				if !b.Update(int(tb.X+tb.W/2), int(tb.Y+tb.H/2), true) || kit.PlayerLang() != tb.Lang {
					t.Errorf("%s %s: a touch on the %s tab leaves the language %s", p.Code, name, tb.Lang, kit.PlayerLang())
				}
				if w := paint.TextWidth(tb.Lang.Name(), kit.LangTabSize, true); paint.FitSize(tb.Lang.Name(), kit.LangTabSize, true, float64(tb.W-12)) < kit.LangTabSize && w > 0 {
					t.Errorf("%s %s: %q is shrunk to fit its tab", p.Code, name, tb.Lang.Name())
				}
			}
			if b.Update(int(b.X)-20, int(b.Y)-5, true) {
				t.Errorf("%s %s: a touch beside the button was taken", p.Code, name)
			}
		}
	}
}
