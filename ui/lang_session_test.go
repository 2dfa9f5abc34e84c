//go:build cgo && !noscreen

package ui

import (
	"strings"
	"testing"

	"egm/jurisdiction"
	"egm/locale"
	"egm/machine"
)

func TestSessionWatch(t *testing.T) {
	code := &machine.Code{}
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
