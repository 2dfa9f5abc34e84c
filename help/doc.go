// Package help owns the player's rules of a title (R-HELP-1/2): Rules, built from
// the title's Spec and its PAR sheet so that the help screen and the HTML export
// can never disagree with the math, and their HTML page (WriteHTML) and plain text
// (WriteText); and the player's rules of the table games (TableRules), built from
// each game's pay tables and rules as data and its exact sheet; and the rule of the
// machine's own bonus jackpot (BonusJackpot) from the figures its caller gives;
// and three card poker's progressive side bet (ThreeCardProgressive: its rule and
// bet row, with its exact return at the reset amount, from the machine's stake and
// pool that its caller gives).
//
// Every text is the reader's: the rules are built with a locale.Printer (the
// language and the currency) and, for a title, the jurisdiction's bet limits
// (jurisdiction.Limits: the bet range, the denominations, the jackpot levels, in
// minor units of that currency). The words come from the catalogue area "rules"
// (locale/catalog/rules.LANG.toml); amounts are printed by the printer, and the
// names the house rules keep in every language (the titles, the symbols, the
// features Lock & Spin, Free Games…, the bets Ante, Pair Plus, Tiers…) are not
// translated.
//
// It builds with no screen: `egm rules` (the platform program, no Ebiten) prints
// them, and the screen's help scene (package ui) draws the same Rules.
//
// It must not touch: the math (it reads Spec and PAR only), the machine's
// configuration or money.
package help
