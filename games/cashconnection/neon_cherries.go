package cashconnection

import "egm/games/slot"

// Neon Cherries: classic fruit in neon light; Lock & Spin.
var neonCherries = slot.Recipe{
	ID: "neon-cherries", Name: "Neon Cherries", Family: slot.CashConnection, Profile: slot.Medium,
	Theme: slot.Theme{Background: "#14002a", Accent: "#ff2ad4", Motif: "neon"},
	Reels: 5, Rows: 3, Lines: 5,
	Wild: "NEON7", Scatter: "",
	High:   []string{"DIAMOND", "BAR", "BELL", "WATERMELON"},
	Low:    []string{"CHERRY", "LEMON", "ORANGE", "PLUM"},
	Gamble: true,
	Shift:  9,
}
