package help

import "egm/locale"

// BonusJackpot is the player's rule of the machine's own bonus jackpot (R-JP-4)
// on a title that funds it, in the reader's language and currency: the share of
// each bet that funds it (basis points), its reset value and the amount it is
// always won by. The machine's configuration is the caller's (the screen's help
// scene passes what the machine runs); this is only its words.
func BonusJackpot(p *locale.Printer, rateBP, resetMinor, ceilingMinor int64) Feature {
	return Feature{p.T("rules.feature.bonus_jackpot"), []string{
		p.T("rules.bonus_jackpot", "Rate", percent(p, float64(rateBP)/100), "Reset", p.Money(resetMinor), "Ceiling", p.Money(ceilingMinor)),
	}}
}
