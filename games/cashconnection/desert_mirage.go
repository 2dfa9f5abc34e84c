package cashconnection

import "egm/games/slot"

// Desert Mirage: dunes and an oasis; the mirage opens free games.
var desertMirage = slot.Recipe{
	ID: "desert-mirage", Name: "Desert Mirage", Family: slot.CashConnection, Profile: slot.High,
	Theme: slot.Theme{Background: "#3a2200", Accent: "#ffb347", Motif: "dunes"},
	Reels: 5, Rows: 3, Lines: 10,
	Wild: "OASIS", Scatter: "MIRAGE",
	High:      []string{"CAMEL", "NOMAD", "FALCON", "DAGGER"},
	Low:       []string{"A", "K", "Q", "J", "10"},
	FreeGames: &slot.FreeRecipe{Games: 10, Multiplier: 1, Expanding: false},
	Gamble:    true,
	Shift:     10,
}
