package goldenlink

import "egm/games/slot"

// Mermaid Beauty: a lagoon of pearls; free games pay double.
var mermaidBeauty = slot.Recipe{
	ID: "mermaid-beauty", Name: "Mermaid Beauty", Family: slot.GoldenLink, Profile: slot.Medium,
	Theme: slot.Theme{Background: "#04324a", Accent: "#ffb3d9", Motif: "lagoon"},
	Reels: 5, Rows: 3, Lines: 10,
	Wild: "PEARL", Scatter: "SHELL",
	High:      []string{"MERMAID", "DOLPHIN", "TURTLE", "STARFISH"},
	Low:       []string{"A", "K", "Q", "J", "10"},
	FreeGames: &slot.FreeRecipe{Games: 12, Multiplier: 2, Expanding: false},
	Gamble:    true,
	Shift:     7,
}
