//go:build cgo && !noscreen

package ui

import (
	"strings"
	"testing"

	"egm/jurisdiction"
	"egm/locale"
	"egm/machine"
	"egm/machine/aft"
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
			var w sessionWatch
			for i, st := range c.seen {
				if got := w.see(st); got != c.want[i] {
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
	defer SetJurisdiction(jurisdiction.EE, "")
	for _, p := range []jurisdiction.Profile{jurisdiction.EE, jurisdiction.KZ} {
		SetJurisdiction(p, "")
		setPlayerLang(locale.EN)
		var w sessionWatch
		for _, st := range []machine.Status{{CreditsCents: 500}, {Cashout: &machine.Cashout{Cents: 500}}} {
			if w.see(st) {
				langReset.Store(true)
			}
			applyLangReset()
			if playerLang() != locale.EN {
				t.Fatalf("%s: the language went back to %s before the session ended", p.Code, playerLang())
			}
		}
		if w.see(machine.Status{}) {
			langReset.Store(true)
		}
		applyLangReset()
		if got := playerLang(); got != p.DefaultLanguage() {
			t.Errorf("%s: after the cash-out the player's language is %s, want %s", p.Code, got, p.DefaultLanguage())
		}
		if got := screenLang.operator.Lang(); got != p.OperatorLanguage {
			t.Errorf("%s: the operator's language is %s, want %s", p.Code, got, p.OperatorLanguage)
		}
	}
}

// An amount never breaks across two lines of a wrapped text: money's formats
// join the number and the sign with no-break spaces.
func TestWrapKeepsAmountsWhole(t *testing.T) {
	defer SetJurisdiction(jurisdiction.EE, "")
	for _, p := range []jurisdiction.Profile{jurisdiction.EE, jurisdiction.KZ} {
		SetJurisdiction(p, "")
		for _, l := range p.Languages {
			setPlayerLang(l)
			amount := playerMoney(123_456_789_00)
			s := "aaaa bbbb cccc " + amount + " dddd"
			for width := 40.0; width <= 600; width += 20 {
				found := false
				for _, ln := range wrap(s, 26, true, width) {
					found = found || strings.Contains(ln, amount)
				}
				if !found {
					t.Errorf("%s %s: wrapped at %.0f px, %q is split: %q", p.Code, l, width, amount, wrap(s, 26, true, width))
				}
			}
		}
	}
}

// A touch on a tab of the language button switches the player's texts to its
// language, on every screen that shows the button; a touch beside it does not.
func TestLanguageButton(t *testing.T) {
	defer SetJurisdiction(jurisdiction.EE, "")
	for _, p := range []jurisdiction.Profile{jurisdiction.EE, jurisdiction.KZ} {
		SetJurisdiction(p, "")
		for name, b := range map[string]langButton{"lobby": lobbyLangButton, "play": playLangButton,
			"table": tableLangButton("blackjack"), "roulette": tableLangButton("roulette")} {
			tabs := b.tabs()
			if len(tabs) != len(p.Languages) {
				t.Fatalf("%s %s: %d tabs for %d languages", p.Code, name, len(tabs), len(p.Languages))
			}
			for i := len(tabs) - 1; i >= 0; i-- {
				tb := tabs[i]
				if tb.x < 0 || tb.y < 0 || tb.x+tb.w > ScreenW || tb.y+tb.h > ScreenH {
					t.Errorf("%s %s: the %s tab (%v,%v %vx%v) is off the screen", p.Code, name, tb.lang, tb.x, tb.y, tb.w, tb.h)
				}
				if !b.update(int(tb.x+tb.w/2), int(tb.y+tb.h/2), true) || playerLang() != tb.lang {
					t.Errorf("%s %s: a touch on the %s tab leaves the language %s", p.Code, name, tb.lang, playerLang())
				}
				if w := textWidth(tb.lang.Name(), langTabSize, true); fitSize(tb.lang.Name(), langTabSize, true, float64(tb.w-12)) < langTabSize && w > 0 {
					t.Errorf("%s %s: %q is shrunk to fit its tab", p.Code, name, tb.lang.Name())
				}
			}
			if b.update(int(b.x)-20, int(b.y)-5, true) {
				t.Errorf("%s %s: a touch beside the button was taken", p.Code, name)
			}
		}
	}
}
