package cashconnection

import "egm/games/slot"

// Road to Prosperity: a caravan on the road to fortune; Lock & Spin with Scale Up, and Super Colors.
var roadToProsperity = slot.Recipe{
	ID: "road-to-prosperity", Name: "Road to Prosperity", Family: slot.CashConnection, Profile: slot.Medium,
	Theme: slot.Theme{Background: "#3a1a00", Accent: "#ffd700", Motif: "silk road"},
	Reels: 5, Rows: 3, Lines: 5,
	Wild: "FORTUNE", Scatter: "",
	High:    []string{"TIGER", "INGOT", "DRUM", "KNOT"},
	Low:     []string{"A", "K", "Q", "J", "10"},
	ScaleUp: true,
	Colors:  true,
	Gamble:  true,
	Shift:   3,
}
