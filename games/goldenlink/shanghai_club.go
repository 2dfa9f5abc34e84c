package goldenlink

import "egm/games/slot"

// Shanghai Club: a jazz-age night club; the lantern opens free games.
var shanghaiClub = slot.Recipe{
	ID: "shanghai-club", Name: "Shanghai Club", Family: slot.GoldenLink, Profile: slot.Low,
	Theme: slot.Theme{Background: "#3a0a12", Accent: "#ffcc33", Motif: "jazz age"},
	Reels: 5, Rows: 3, Lines: 10,
	Wild: "DRAGON", Scatter: "LANTERN",
	High:      []string{"DANCER", "FAN", "TEAPOT", "FROG"},
	Low:       []string{"A", "K", "Q", "J", "10"},
	FreeGames: &slot.FreeRecipe{Games: 10, Multiplier: 1, Expanding: false},
	Gamble:    true,
	Shift:     8,
}
