package cashconnection

import "egm/games/slot"

// Born to Gamble: the casino floor at midnight; Lock & Spin with Scale Up.
var bornToGamble = slot.Recipe{
	ID: "born-to-gamble", Name: "Born to Gamble", Family: slot.CashConnection, Profile: slot.High,
	Theme: slot.Theme{Background: "#0a2a12", Accent: "#33ff88", Motif: "casino floor"},
	Reels: 5, Rows: 3, Lines: 10,
	Wild: "JOKER", Scatter: "",
	High:    []string{"DICE", "ROULETTE", "CHIPS", "CARDS"},
	Low:     []string{"A", "K", "Q", "J", "10"},
	ScaleUp: true,
	Gamble:  true,
	Shift:   1,
}
