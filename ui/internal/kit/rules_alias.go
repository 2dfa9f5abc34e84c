package kit

import (
	"egm/games/slot"
	"egm/help"
	"egm/jurisdiction"
	"egm/locale"
)

// The player's rules of a title are package help's (they build without a screen,
// for `egm rules`); the help scene draws them.
type (
	Rules   = help.Rules
	PayRow  = help.PayRow
	Feature = help.Feature
)

// NewRules builds a title's rules (help.NewRules) in the player's language now,
// with the profile's currency and bet range.
func NewRules(t *slot.Title) (*Rules, error) {
	return NewRulesIn(t, PlayerLang(), ScreenLang.Profile)
}

// NewRulesIn builds t's rules in lang under profile p, with a printer of its own
// (a printer is not shared between goroutines; the rules are built in the
// background).
func NewRulesIn(t *slot.Title, lang locale.Lang, p jurisdiction.Profile) (*Rules, error) {
	pr := locale.New(lang, p.Currency)
	r, err := help.NewRules(t, pr, p.Limits)
	if err == nil {
		withBonusJackpot(r, t.Spec.ID, pr)
	}
	return r, err
}
