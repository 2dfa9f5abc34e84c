package kit

import (
	"egm/locale"
	"egm/money"
)

// The amounts on the screen, from one formatter (package money) in the reader's
// language and the profile's currency: the player's on the player's screens, the
// operator's in the operator menu.

// PlayerMoney writes an amount for the player ("1 234,50 €", "€1,234.50", "1 234 ₸").
func PlayerMoney(minor int64) string { return ScreenLang.Player.Money(minor) }

// PlayerMoneyNum writes an amount's number for the player, without the symbol.
func PlayerMoneyNum(minor int64) string { return ScreenLang.Player.Amount(minor) }

// Credits writes an amount as whole credits of denomination denom, for the player.
func Credits(minor, denom int64) string { return creditsIn(ScreenLang.Player, minor, denom) }

// JackpotText writes a jackpot level for the player: "—" when unknown (0).
func JackpotText(minor int64) string { return jackpotIn(ScreenLang.Player, minor) }

// OpMoney writes an amount for the operator, in the operator's language.
func OpMoney(minor int64) string { return ScreenLang.Operator.Money(minor) }

// OpMoneyNum writes an amount's number for the operator, without the symbol.
func OpMoneyNum(minor int64) string { return ScreenLang.Operator.Amount(minor) }

// creditsIn writes whole credits for p's reader ("—" with no denomination).
func creditsIn(p *locale.Printer, minor, denom int64) string {
	if denom <= 0 {
		return "—"
	}
	return p.N("common.credits", minor/denom)
}

// jackpotIn writes a jackpot level for p's reader ("—" when unknown).
func jackpotIn(p *locale.Printer, minor int64) string {
	if minor <= 0 {
		return "—"
	}
	return p.Money(minor)
}

// Grouped writes a count grouped for the player ("12 345", "12,345").
func Grouped(n int64) string { return money.Count(n, string(ScreenLang.Player.Lang())) }
