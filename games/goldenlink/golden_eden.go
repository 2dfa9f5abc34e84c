package goldenlink

import "egm/games/slot"

// Golden Eden: the first garden in gold; the apple opens free games with a Special Expanding Symbol.
var goldenEden = slot.Recipe{
	ID: "golden-eden", Name: "Golden Eden", Family: slot.GoldenLink, Profile: slot.Medium,
	Theme: slot.Theme{Background: "#0d3a1a", Accent: "#9be37a", Motif: "garden"},
	Reels: 5, Rows: 3, Lines: 10,
	Wild: "TREE", Scatter: "APPLE",
	High:      []string{"SERPENT", "PEACOCK", "LILY", "DOVE"},
	Low:       []string{"A", "K", "Q", "J", "10"},
	FreeGames: &slot.FreeRecipe{Games: 12, Multiplier: 1, Expanding: true},
	Gamble:    true,
	Shift:     3,
}
