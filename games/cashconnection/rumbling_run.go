package cashconnection

import "egm/games/slot"

// Rumbling Run: a stampede across the prairie; Lock & Spin with Scale Up.
var rumblingRun = slot.Recipe{
	ID: "rumbling-run", Name: "Rumbling Run", Family: slot.CashConnection, Profile: slot.Medium,
	Theme: slot.Theme{Background: "#2a1a0a", Accent: "#d9a066", Motif: "prairie"},
	Reels: 5, Rows: 4, Lines: 40,
	Wild: "STAMPEDE", Scatter: "",
	High:    []string{"BISON", "EAGLE", "WOLF", "COUGAR"},
	Low:     []string{"A", "K", "Q", "J", "10"},
	ScaleUp: true,
	Gamble:  true,
	Shift:   5,
}
