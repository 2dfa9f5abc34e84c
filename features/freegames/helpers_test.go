package freegames

import (
	"testing"

	"egm/reels"
)

// expandConfig is a small 5×3, 10-line game with a free-game set, a wild, a scatter
// and symbols that can expand.
func expandConfig() reels.Config {
	return reels.Config{
		Title: "test expand",
		Reels: 5, Rows: 3,
		Symbols: []reels.SymbolDef{
			{Name: "W", Kind: reels.Wild, Pays: map[int]int64{3: 20, 4: 100, 5: 500}},
			{Name: "M", Kind: reels.Regular, Pays: map[int]int64{2: 5, 3: 50, 4: 200, 5: 1000}},
			{Name: "A", Kind: reels.Regular, Pays: map[int]int64{3: 10, 4: 40, 5: 150}},
			{Name: "K", Kind: reels.Regular, Pays: map[int]int64{3: 5, 4: 20, 5: 100}},
			{Name: "Q", Kind: reels.Regular, Pays: map[int]int64{3: 5, 4: 15, 5: 75}},
			{Name: "S", Kind: reels.Scatter, Pays: map[int]int64{3: 2, 4: 20, 5: 200}},
			{Name: "C", Kind: reels.Bonus},
		},
		Lines: reels.MustStandardLines(5, 3, 10),
		Base: [][]string{
			reels.Strip("W M A K Q S C Q K A Q K Q"),
			reels.Strip("M A K Q W S K Q A Q K C"),
			reels.Strip("A K Q M S W Q K A Q C K Q"),
			reels.Strip("K Q A M W S Q K A C Q"),
			reels.Strip("Q K A M S W K Q A K C Q"),
		},
		Free: [][]string{
			reels.Strip("W M A K Q S Q K A Q K M A Q K A Q K"),
			reels.Strip("M A K S Q W K Q A K Q A M K Q A Q"),
			reels.Strip("A K Q M S W Q K A Q K Q A K Q M K A"),
			reels.Strip("K Q A M W S Q A K Q A K Q M K Q"),
			reels.Strip("Q K A M S W K Q A K Q A K Q M Q K A"),
		},
	}
}

func expandFeatureConfig() Config {
	return Config{
		Awards:     map[int]int{3: 10},
		Retriggers: map[int]int{3: 5},
		Multiplier: 1,
		Expanding:  []Weighted{{"M", 1}, {"A", 2}, {"K", 3}, {"Q", 3}},
	}
}

func mustGame(t testing.TB, cfg reels.Config) *reels.Game {
	t.Helper()
	g, err := reels.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustFeature(t testing.TB, g *reels.Game, cfg Config) *Feature {
	t.Helper()
	f, err := New(g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return f
}
