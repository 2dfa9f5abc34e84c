package ui

import (
	"egm/locale"
	"egm/money"
)

// The amounts on the screen, from one formatter (package money) in the reader's
// language and the profile's currency: the player's on the player's screens, the
// operator's in the operator menu.

// playerMoney writes an amount for the player ("1 234,50 €", "€1,234.50", "1 234 ₸").
func playerMoney(minor int64) string { return screenLang.player.Money(minor) }

// playerMoneyNum writes an amount's number for the player, without the symbol.
func playerMoneyNum(minor int64) string { return screenLang.player.Amount(minor) }

// credits writes an amount as whole credits of denomination denom, for the player.
func credits(minor, denom int64) string { return creditsIn(screenLang.player, minor, denom) }

// jackpotText writes a jackpot level for the player: "—" when unknown (0).
func jackpotText(minor int64) string { return jackpotIn(screenLang.player, minor) }

// opMoney writes an amount for the operator, in the operator's language.
func opMoney(minor int64) string { return screenLang.operator.Money(minor) }

// opMoneyNum writes an amount's number for the operator, without the symbol.
func opMoneyNum(minor int64) string { return screenLang.operator.Amount(minor) }

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

// grouped writes a count grouped for the player ("12 345", "12,345").
func grouped(n int64) string { return money.Count(n, string(screenLang.player.Lang())) }
