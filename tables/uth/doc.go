// Package uth is the exact math of the house's Ultimate Texas Hold'em: one 52-card
// deck shuffled from rng, the deal (the player's two cards, five community cards, the
// dealer's two), the best five of seven cards, the player's decisions as inputs (bet
// 4x or 3x the Ante pre-flop, 2x on the flop, 1x on the river, check, fold), the
// settlement of Ante, Blind, Play and Trips in cents, and the exact figures.
//
// Source: the Estonian house rules (../shared/seeds/000_…txt), the Ultimate Texas
// Hold'em sections "Mängukäik", "Panustamisvoorud", "Võitmine ja Väljamaksed" and
// "Ultimate Texas Hold’em Maja Eelis" (2.19%). The Kazakh rules have no such game.
// "Blind Panuse Väljamaksed" and "Trips Bonus Külgpanuse Väljamaksed" are headings with
// no table under them: Default ships the game's common published tables, marked.
//
// It owns cards, the deal, the ranking, the decisions and their legality, the pay
// tables, the settlement and the exact figures. It must not touch the machine, meters,
// the screen, critical memory or any source of chance other than the rng.Source it is
// given. Errors begin "uth: ".
package uth
