package goldenlink

import "egm/games/slot"

// Golden Book of Ra: an explorer in the desert temple; the book opens free games with a Special Expanding Symbol.
var goldenBookOfRa = slot.Recipe{
	ID: "golden-book-of-ra", Name: "Golden Book of Ra", Family: slot.GoldenLink, Profile: slot.High,
	Theme: slot.Theme{Background: "#3a2a0a", Accent: "#f5c542", Motif: "desert temple"},
	Reels: 5, Rows: 3, Lines: 10,
	Wild: "ANKH", Scatter: "BOOK",
	High:      []string{"EXPLORER", "PHARAOH", "STATUE", "SCARAB"},
	Low:       []string{"A", "K", "Q", "J", "10"},
	FreeGames: &slot.FreeRecipe{Games: 10, Multiplier: 1, Expanding: true},
	Gamble:    true,
	Shift:     2,
}
