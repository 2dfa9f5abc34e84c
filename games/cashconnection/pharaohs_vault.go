package cashconnection

import "egm/games/slot"

// Pharaoh's Vault: the sealed tomb; the sarcophagus opens free games.
var pharaohsVault = slot.Recipe{
	ID: "pharaohs-vault", Name: "Pharaoh's Vault", Family: slot.CashConnection, Profile: slot.High,
	Theme: slot.Theme{Background: "#1a1206", Accent: "#e6c15a", Motif: "tomb"},
	Reels: 5, Rows: 3, Lines: 10,
	Wild: "EYE", Scatter: "SARCOPHAGUS",
	High:      []string{"PHARAOH", "ANUBIS", "CAT", "URN"},
	Low:       []string{"A", "K", "Q", "J", "10"},
	FreeGames: &slot.FreeRecipe{Games: 12, Multiplier: 1, Expanding: false},
	Gamble:    true,
	Shift:     14,
}
