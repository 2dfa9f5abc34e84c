package goldenlink

import "egm/games/slot"

// Signs of Rich: the classic signs of luck; the star opens free games with a Special Expanding Symbol.
var signsOfRich = slot.Recipe{
	ID: "signs-of-rich", Name: "Signs of Rich", Family: slot.GoldenLink, Profile: slot.Medium,
	Theme: slot.Theme{Background: "#3a0a0a", Accent: "#ff5a5a", Motif: "fruit classic"},
	Reels: 5, Rows: 3, Lines: 10,
	Wild: "SEVEN", Scatter: "STAR",
	High:      []string{"TRIPLEBAR", "BELL", "HORSESHOE", "MELON"},
	Low:       []string{"PLUM", "ORANGE", "LEMON", "CHERRY"},
	FreeGames: &slot.FreeRecipe{Games: 10, Multiplier: 1, Expanding: true},
	Gamble:    true,
	Shift:     5,
}
