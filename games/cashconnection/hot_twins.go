package cashconnection

import "egm/games/slot"

// Hot Twins: three reels of fire; Lock & Spin with Scale Up.
var hotTwins = slot.Recipe{
	ID: "hot-twins", Name: "Hot Twins", Family: slot.CashConnection, Profile: slot.Medium,
	Theme: slot.Theme{Background: "#3a0808", Accent: "#ff8a00", Motif: "fire"},
	Reels: 3, Rows: 3, Lines: 5,
	Wild: "TWIN", Scatter: "",
	High:    []string{"SEVEN", "BAR", "BELL", "MELON"},
	Low:     []string{"PLUM", "ORANGE", "LEMON", "CHERRY"},
	ScaleUp: true,
	Gamble:  true,
	Shift:   2,
}
