package cashconnection

import "egm/games/slot"

// Lucky Lanterns: the lantern festival; fireworks open free games that pay double.
var luckyLanterns = slot.Recipe{
	ID: "lucky-lanterns", Name: "Lucky Lanterns", Family: slot.CashConnection, Profile: slot.Medium,
	Theme: slot.Theme{Background: "#2a0a0a", Accent: "#ff3344", Motif: "lantern festival"},
	Reels: 5, Rows: 3, Lines: 10,
	Wild: "LION", Scatter: "FIREWORK",
	High:      []string{"LANTERN", "KOI", "PAGODA", "COINPURSE"},
	Low:       []string{"A", "K", "Q", "J", "10"},
	FreeGames: &slot.FreeRecipe{Games: 8, Multiplier: 2, Expanding: false},
	Gamble:    true,
	Shift:     7,
}
