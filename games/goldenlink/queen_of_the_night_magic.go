package goldenlink

import "egm/games/slot"

// Queen of the Night Magic: a sorceress under the full moon; the crystal opens free games with a Special Expanding Symbol.
var queenOfTheNightMagic = slot.Recipe{
	ID: "queen-of-the-night-magic", Name: "Queen of the Night Magic", Family: slot.GoldenLink, Profile: slot.High,
	Theme: slot.Theme{Background: "#10082a", Accent: "#b48cff", Motif: "night sky"},
	Reels: 5, Rows: 3, Lines: 10,
	Wild: "MOON", Scatter: "CRYSTAL",
	High:      []string{"QUEEN", "OWL", "CAT", "POTION"},
	Low:       []string{"A", "K", "Q", "J", "10"},
	FreeGames: &slot.FreeRecipe{Games: 15, Multiplier: 1, Expanding: true},
	Gamble:    true,
	Shift:     6,
}
