package cashconnection

import "egm/games/slot"

// Aurora Wolf: the pack under the northern lights; Lock & Spin.
var auroraWolf = slot.Recipe{
	ID: "aurora-wolf", Name: "Aurora Wolf", Family: slot.CashConnection, Profile: slot.Medium,
	Theme: slot.Theme{Background: "#021a2a", Accent: "#66ffcc", Motif: "northern lights"},
	Reels: 5, Rows: 4, Lines: 40,
	Wild: "AURORA", Scatter: "",
	High:   []string{"WOLF", "OWL", "MOOSE", "HARE"},
	Low:    []string{"A", "K", "Q", "J", "10"},
	Gamble: true,
	Shift:  11,
}
