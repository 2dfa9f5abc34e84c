package cashconnection

import "egm/games/slot"

// Thunder Bison: a storm over the plains; the sunset opens free games.
var thunderBison = slot.Recipe{
	ID: "thunder-bison", Name: "Thunder Bison", Family: slot.CashConnection, Profile: slot.High,
	Theme: slot.Theme{Background: "#101828", Accent: "#a0c8ff", Motif: "storm plains"},
	Reels: 5, Rows: 4, Lines: 40,
	Wild: "THUNDER", Scatter: "SUNSET",
	High:      []string{"BISON", "HAWK", "ELK", "FOX"},
	Low:       []string{"A", "K", "Q", "J", "10"},
	FreeGames: &slot.FreeRecipe{Games: 8, Multiplier: 2, Expanding: false},
	Gamble:    true,
	Shift:     8,
}
