package cashconnection

import "egm/games/slot"

// Viking Hoard: raiders' gold in the fjord; the longship opens free games.
var vikingHoard = slot.Recipe{
	ID: "viking-hoard", Name: "Viking Hoard", Family: slot.CashConnection, Profile: slot.Medium,
	Theme: slot.Theme{Background: "#1a1a2a", Accent: "#c0c8d8", Motif: "fjord"},
	Reels: 5, Rows: 3, Lines: 40,
	Wild: "VALKYRIE", Scatter: "LONGSHIP",
	High:      []string{"JARL", "AXE", "SHIELD", "HORN"},
	Low:       []string{"A", "K", "Q", "J", "10"},
	FreeGames: &slot.FreeRecipe{Games: 10, Multiplier: 1, Expanding: false},
	Gamble:    true,
	Shift:     12,
}
