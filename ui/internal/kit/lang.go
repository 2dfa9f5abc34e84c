package kit

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
type LangState struct {
	Profile  jurisdiction.Profile
	Printers map[locale.Lang]*locale.Printer
	Player   *locale.Printer
	Operator *locale.Printer
}

var ScreenLang = NewLangState(jurisdiction.EE, "")

func NewLangState(p jurisdiction.Profile, operator locale.Lang) *LangState {
	if operator == "" {
		operator = p.OperatorLanguage
	}
	s := &LangState{Profile: p, Printers: map[locale.Lang]*locale.Printer{}}
	for _, l := range locale.All() {
		s.Printers[l] = locale.New(l, p.Currency)
	}
	s.Player = s.Printers[p.DefaultLanguage()]
	s.Operator = s.Printers[operator]
	return s
}

// SetJurisdiction sets the profile in force and the operator's language ("": the
// Profile's). The players' language starts at the profile's default.
func SetJurisdiction(p jurisdiction.Profile, operator locale.Lang) {
	ScreenLang = NewLangState(p, operator)
}

// PlayerLangs are the languages the player may choose, the default first.
func PlayerLangs() []locale.Lang { return ScreenLang.Profile.Languages }

// PlayerLang is the player's language now.
func PlayerLang() locale.Lang { return ScreenLang.Player.Lang() }

// SetPlayerLang switches the player's texts to l (one of playerLangs).
func SetPlayerLang(l locale.Lang) {
	if ScreenLang.Profile.Offers(l) {
		ScreenLang.Player = ScreenLang.Printers[l]
	}
}

// ResetPlayerLang returns the player's texts to the profile's default: the
// session ended.
func ResetPlayerLang() { SetPlayerLang(ScreenLang.Profile.DefaultLanguage()) }

// Tr prints a player's message (package locale): tr("ui.won", "Amount", playerMoney(w)).
func Tr(id string, kv ...any) string { return ScreenLang.Player.T(id, kv...) }

// TrN prints a player's message in its plural form for n.
func TrN(id string, n int64, kv ...any) string { return ScreenLang.Player.N(id, n, kv...) }

// OpTr prints an operator's message.
func OpTr(id string, kv ...any) string { return ScreenLang.Operator.T(id, kv...) }

// OpTrN prints an operator's message in its plural form for n.
func OpTrN(id string, n int64, kv ...any) string { return ScreenLang.Operator.N(id, n, kv...) }

// languageCaption is the language button's caption in the player's language.
func languageCaption() string { return Tr("common.language") }

// SetPlayerLanguage starts the player's texts in l (a demo's or a screenshot's
// language); a language the profile does not offer is an error.
func SetPlayerLanguage(l locale.Lang) error {
	if !ScreenLang.Profile.Offers(l) {
		return fmt.Errorf("ui: the %s profile offers no %s (it offers %v)", ScreenLang.Profile.Code, l, ScreenLang.Profile.Languages)
	}
	SetPlayerLang(l)
	return nil
}

// GrandReset and majorReset are the linked levels' reset values in the
// Profile's currency: what the meters show until the floor's levels arrive.
func GrandReset() int64 { return ScreenLang.Profile.Limits.GrandReset }
func MajorReset() int64 { return ScreenLang.Profile.Limits.MajorReset }

// ProfileDenoms are the denominations the profile offers, in its minor units
// (the operator's configuration page lists them).
func ProfileDenoms() []int64 { return ScreenLang.Profile.Limits.Denominations }

// DemoScale is the profile's amounts over the euro's (1 for EE, 500 for KZ:
// jurisdiction.Limits): demo play shows amounts a player of the hall knows.
func DemoScale() int64 {
	return max(ScreenLang.Profile.Limits.MaxBet/jurisdiction.EE.Limits.MaxBet, 1)
}
