package cashconnection

import "egm/games/slot"

// Koi Fortune: a quiet pond of golden koi; Lock & Spin.
var koiFortune = slot.Recipe{
	ID: "koi-fortune", Name: "Koi Fortune", Family: slot.CashConnection, Profile: slot.Low,
	Theme: slot.Theme{Background: "#00222a", Accent: "#ff9966", Motif: "pond"},
	Reels: 5, Rows: 3, Lines: 10,
	Wild: "LOTUS", Scatter: "",
	High:   []string{"KOI", "TURTLE", "BRIDGE", "BAMBOO"},
	Low:    []string{"A", "K", "Q", "J", "10"},
	Gamble: true,
	Shift:  15,
}
