package goldenlink

import "egm/games/slot"

// Empress Sissi: an imperial ballroom; the palace opens free games.
var empressSissi = slot.Recipe{
	ID: "empress-sissi", Name: "Empress Sissi", Family: slot.GoldenLink, Profile: slot.Low,
	Theme: slot.Theme{Background: "#2a1838", Accent: "#f0d8a8", Motif: "imperial ballroom"},
	Reels: 5, Rows: 3, Lines: 10,
	Wild: "CROWN", Scatter: "PALACE",
	High:      []string{"EMPRESS", "EMPEROR", "TIARA", "CARRIAGE"},
	Low:       []string{"A", "K", "Q", "J", "10"},
	FreeGames: &slot.FreeRecipe{Games: 15, Multiplier: 1, Expanding: false},
	Gamble:    true,
	Shift:     9,
}
