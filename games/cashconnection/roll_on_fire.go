package cashconnection

import "egm/games/slot"

// Roll on Fire: four rows of burning classics; Lock & Spin with Scale Up.
var rollOnFire = slot.Recipe{
	ID: "roll-on-fire", Name: "Roll on Fire", Family: slot.CashConnection, Profile: slot.High,
	Theme: slot.Theme{Background: "#2a0600", Accent: "#ff5500", Motif: "blaze"},
	Reels: 5, Rows: 4, Lines: 40,
	Wild: "FIREBALL", Scatter: "",
	High:    []string{"SEVEN", "BAR", "BELL", "STAR"},
	Low:     []string{"CHERRY", "LEMON", "ORANGE", "PLUM", "GRAPES"},
	ScaleUp: true,
	Gamble:  true,
	Shift:   4,
}
