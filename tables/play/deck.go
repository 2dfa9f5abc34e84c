package play

import (
	"fmt"

	"egm/rng"
	"egm/tables/blackjack"
	"egm/tables/cards"
	"egm/tables/puntobanco"
)

// shuffled is one full shuffle of a card game's deck or shoe, as the game's own
// package deals it: 52 cards for three card poker and Ultimate Texas Hold'em, the
// six-deck shoe for blackjack, the eight-deck shoe for punto banco.
func shuffled(src rng.Source, game string) []byte {
	var out []byte
	switch game {
	case ThreeCard, Holdem:
		d := cards.ShuffledDeck(src)
		for _, c := range d {
			out = append(out, byte(c))
		}
	case Blackjack:
		for _, c := range blackjack.Deal(src) {
			out = append(out, byte(c))
		}
	case PuntoBanco:
		s := puntobanco.NewShoe()
		s.Shuffle(src)
		for _, c := range s {
			out = append(out, byte(c))
		}
	}
	return out
}

// deck52 is a checked one-deck game's deck as cards.
func deck52(deck []byte) (d [52]cards.Card) {
	for i, c := range deck {
		d[i] = cards.Card(c)
	}
	return d
}

// checkDeck checks a stored deck: the right number of cards, each a card of the
// game's decks and each as often as the decks hold it.
func checkDeck(game string, deck []byte, decks int) error {
	if len(deck) != 52*decks {
		return fmt.Errorf("play: %s: deck of %d cards, want %d", game, len(deck), 52*decks)
	}
	var n [52]int
	for _, c := range deck {
		if c > 51 {
			return fmt.Errorf("play: %s: no card %d in the deck", game, c)
		}
		if n[c]++; n[c] > decks {
			return fmt.Errorf("play: %s: card %d more than %d times in the deck", game, c, decks)
		}
	}
	return nil
}
