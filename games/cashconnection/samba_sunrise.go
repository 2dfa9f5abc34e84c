package cashconnection

import "egm/games/slot"

// Samba Sunrise: carnival at dawn; Lock & Spin.
var sambaSunrise = slot.Recipe{
	ID: "samba-sunrise", Name: "Samba Sunrise", Family: slot.CashConnection, Profile: slot.Medium,
	Theme: slot.Theme{Background: "#2a0a2a", Accent: "#ffdd33", Motif: "carnival"},
	Reels: 5, Rows: 3, Lines: 5,
	Wild: "SUN", Scatter: "",
	High:   []string{"DANCER", "DRUM", "MASK", "PARROT"},
	Low:    []string{"A", "K", "Q", "J", "10"},
	Gamble: true,
	Shift:  13,
}
