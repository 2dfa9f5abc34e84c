// Package help owns the player's rules of a title (R-HELP-1/2): Rules, built from
// the title's Spec and its PAR sheet so that the help screen and the HTML export
// can never disagree with the math, and their HTML page (WriteHTML) and plain text
// (WriteText); and the player's rules of the table games (TableRules), built from
// each game's pay tables and rules as data and its exact sheet.
//
// It builds with no screen: `egm rules` (the platform program, no Ebiten) prints
// them, and the screen's help scene (package ui) draws the same Rules.
//
// It must not touch: the math (it reads Spec and PAR only), the machine's
// configuration or money; amounts are formatted by package euro.
package help
