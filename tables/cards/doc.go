// Package cards is the 52-card deck the table games that rank two to ace deal
// from (three card poker, blackjack, Ultimate Texas Hold'em): the card, its rank,
// suit and colour, its two-letter name, the shoe of n decks and its full shuffle
// from rng. Punto banco counts ace low and keeps its own cards.
//
// It owns the card's encoding and the shuffle. It must not touch the games' rules,
// the machine or any source of chance other than the rng.Source it is given.
package cards
