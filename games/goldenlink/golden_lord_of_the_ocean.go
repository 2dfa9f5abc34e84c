package goldenlink

import "egm/games/slot"

// Golden Lord of the Ocean: the sea king's palace; the gate opens free games with a Special Expanding Symbol.
var goldenLordOfTheOcean = slot.Recipe{
	ID: "golden-lord-of-the-ocean", Name: "Golden Lord of the Ocean", Family: slot.GoldenLink, Profile: slot.High,
	Theme: slot.Theme{Background: "#06264a", Accent: "#5fd3f3", Motif: "undersea"},
	Reels: 5, Rows: 3, Lines: 10,
	Wild: "TRIDENT", Scatter: "GATE",
	High:      []string{"NEPTUNE", "MERMAID", "SEAHORSE", "FISH"},
	Low:       []string{"A", "K", "Q", "J", "10"},
	FreeGames: &slot.FreeRecipe{Games: 8, Multiplier: 2, Expanding: true},
	Gamble:    true,
	Shift:     4,
}
