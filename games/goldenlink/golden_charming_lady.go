package goldenlink

import "egm/games/slot"

// Golden Charming Lady: a glamorous evening; free games pay double.
var goldenCharmingLady = slot.Recipe{
	ID: "golden-charming-lady", Name: "Golden Charming Lady", Family: slot.GoldenLink, Profile: slot.High,
	Theme: slot.Theme{Background: "#2a0a20", Accent: "#ff7ab8", Motif: "boudoir"},
	Reels: 5, Rows: 3, Lines: 10,
	Wild: "CHARM", Scatter: "ROSE",
	High:      []string{"LADY", "PERFUME", "RING", "MIRROR"},
	Low:       []string{"A", "K", "Q", "J", "10"},
	FreeGames: &slot.FreeRecipe{Games: 10, Multiplier: 2, Expanding: false},
	Gamble:    true,
	Shift:     10,
}
