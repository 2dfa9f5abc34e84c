package ui

import (
	"fmt"

	"egm/jurisdiction"
	"egm/locale"
)

// The screen's two languages. The player's is chosen on the cabinet with the
// language button from the profile's languages and lasts the player's session:
// it returns to the profile's default when the session ends (a cash-out to zero,
// the idle cash-out). The operator's is the configuration's and never follows
// the player's. Every text and amount the screen draws is printed through one of
// the two (tr, trN, playerMoney for the player; opTr, opTrN, opMoney for the
// operator menu).
//
// The screen runs on one goroutine (Ebiten calls Update and Draw in turn), so the
// state is the package's, set by the program before the screen starts
// (SetJurisdiction) and by the language button.
type langState struct {
	profile  jurisdiction.Profile
	printers map[locale.Lang]*locale.Printer
	player   *locale.Printer
	operator *locale.Printer
}

var screenLang = newLangState(jurisdiction.EE, "")

func newLangState(p jurisdiction.Profile, operator locale.Lang) *langState {
	if operator == "" {
		operator = p.OperatorLanguage
	}
	s := &langState{profile: p, printers: map[locale.Lang]*locale.Printer{}}
	for _, l := range locale.All() {
		s.printers[l] = locale.New(l, p.Currency)
	}
	s.player = s.printers[p.DefaultLanguage()]
	s.operator = s.printers[operator]
	return s
}

// SetJurisdiction sets the profile in force and the operator's language ("": the
// profile's). The players' language starts at the profile's default.
func SetJurisdiction(p jurisdiction.Profile, operator locale.Lang) {
	screenLang = newLangState(p, operator)
}

// playerLangs are the languages the player may choose, the default first.
func playerLangs() []locale.Lang { return screenLang.profile.Languages }

// playerLang is the player's language now.
func playerLang() locale.Lang { return screenLang.player.Lang() }

// setPlayerLang switches the player's texts to l (one of playerLangs).
func setPlayerLang(l locale.Lang) {
	if screenLang.profile.Offers(l) {
		screenLang.player = screenLang.printers[l]
	}
}

// resetPlayerLang returns the player's texts to the profile's default: the
// session ended.
func resetPlayerLang() { setPlayerLang(screenLang.profile.DefaultLanguage()) }

// tr prints a player's message (package locale): tr("ui.won", "Amount", playerMoney(w)).
func tr(id string, kv ...any) string { return screenLang.player.T(id, kv...) }

// trN prints a player's message in its plural form for n.
func trN(id string, n int64, kv ...any) string { return screenLang.player.N(id, n, kv...) }

// opTr prints an operator's message.
func opTr(id string, kv ...any) string { return screenLang.operator.T(id, kv...) }

// opTrN prints an operator's message in its plural form for n.
func opTrN(id string, n int64, kv ...any) string { return screenLang.operator.N(id, n, kv...) }

// languageCaption is the language button's caption in the player's language.
func languageCaption() string { return tr("common.language") }

// SetPlayerLanguage starts the player's texts in l (a demo's or a screenshot's
// language); a language the profile does not offer is an error.
func SetPlayerLanguage(l locale.Lang) error {
	if !screenLang.profile.Offers(l) {
		return fmt.Errorf("ui: the %s profile offers no %s (it offers %v)", screenLang.profile.Code, l, screenLang.profile.Languages)
	}
	setPlayerLang(l)
	return nil
}

// grandReset and majorReset are the linked levels' reset values in the
// profile's currency: what the meters show until the floor's levels arrive.
func grandReset() int64 { return screenLang.profile.Limits.GrandReset }
func majorReset() int64 { return screenLang.profile.Limits.MajorReset }

// profileDenoms are the denominations the profile offers, in its minor units
// (the operator's configuration page lists them).
func profileDenoms() []int64 { return screenLang.profile.Limits.Denominations }

// demoScale is the profile's amounts over the euro's (1 for EE, 500 for KZ:
// jurisdiction.Limits): demo play shows amounts a player of the hall knows.
func demoScale() int64 {
	return max(screenLang.profile.Limits.MaxBet/jurisdiction.EE.Limits.MaxBet, 1)
}
