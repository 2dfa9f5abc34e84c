package goldenlink

import "egm/games/slot"

// Gems Secrets: a jeweller's vault of cut stones; free games with a Special Expanding Symbol.
var gemsSecrets = slot.Recipe{
	ID: "gems-secrets", Name: "Gems Secrets", Family: slot.GoldenLink, Profile: slot.Medium,
	Theme: slot.Theme{Background: "#1b0f3a", Accent: "#e0b0ff", Motif: "gems"},
	Reels: 5, Rows: 3, Lines: 10,
	Wild: "WILD", Scatter: "SECRET",
	High:      []string{"RUBY", "EMERALD", "SAPPHIRE", "AMETHYST"},
	Low:       []string{"A", "K", "Q", "J", "10"},
	FreeGames: &slot.FreeRecipe{Games: 10, Multiplier: 1, Expanding: true},
	Gamble:    true,
	Shift:     1,
}
