// Package tables is what the table games have in common: the PAR-style sheet
// (Sheet) each game's package computes from its exact figures, with a section per
// progressive side bet (Progressive: its pays, pool rules and return as a line in
// the pool's amount), and its printing as
// text, JSON and HTML (`egm-lab par --title roulette`, `egm-lab par --tables`; the player's rules are package help's TableRules). The games
// themselves live in the sub-packages (roulette, threecard, puntobanco,
// blackjack), each the exact math of one game of the house rules.
//
// It owns the sheet's layout. It must not import the game packages (they import
// it) and must not touch the machine, meters, the screen or chance.
package tables
