package cashconnection

import "egm/games/slot"

// Clover Power: a lucky meadow; Magic Clover multiplies base wins, and Lock & Spin.
var cloverPower = slot.Recipe{
	ID: "clover-power", Name: "Clover Power", Family: slot.CashConnection, Profile: slot.Low,
	Theme: slot.Theme{Background: "#06300e", Accent: "#7cff5a", Motif: "meadow"},
	Reels: 5, Rows: 3, Lines: 10,
	Wild: "HORSESHOE", Scatter: "",
	High:   []string{"LEPRECHAUN", "POT", "HAT", "HARP"},
	Low:    []string{"A", "K", "Q", "J", "10"},
	Clover: "CLOVER",
	Gamble: true,
	Shift:  6,
}
