package reels

import (
	"strings"
	"testing"
)

// testConfig is a small 5×3, 10-line game used across the tests. The wild pays on
// its own (so wild-vs-substituted is exercised); A pays from 2.
func testConfig() Config {
	return Config{
		Title: "test five",
		Reels: 5, Rows: 3,
		Symbols: []SymbolDef{
			{Name: "W", Kind: Wild, Pays: map[int]int64{2: 5, 3: 50, 4: 200, 5: 1000}},
			{Name: "A", Kind: Regular, Pays: map[int]int64{2: 2, 3: 25, 4: 100, 5: 500}},
			{Name: "K", Kind: Regular, Pays: map[int]int64{3: 10, 4: 40, 5: 150}},
			{Name: "Q", Kind: Regular, Pays: map[int]int64{3: 5, 4: 20, 5: 100}},
			{Name: "J", Kind: Regular, Pays: map[int]int64{3: 5, 4: 15, 5: 75}},
			{Name: "S", Kind: Scatter, Pays: map[int]int64{3: 2, 4: 20, 5: 200}},
			{Name: "B", Kind: Bonus},
		},
		Lines: MustStandardLines(5, 3, 10),
		Base: [][]string{
			Strip("W A K Q J S B Q J K A Q J K"),
			Strip("A K Q J W S K Q J B A Q J"),
			Strip("K Q J A S W Q J K B A J Q K"),
			Strip("J Q K A W S B Q K J A Q"),
			Strip("Q J K A S W J K B Q A J K"),
		},
		Free: [][]string{
			Strip("W A K Q J S Q J K A Q J K"),
			Strip("A K Q J W S K Q J A Q J"),
			Strip("K Q J A S W Q J K A J Q K"),
			Strip("J Q K A W S Q K J A Q"),
			Strip("Q J K A S W J K Q A J K"),
		},
	}
}

func mustGame(t testing.TB, cfg Config) *Game {
	t.Helper()
	g, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// window builds a window from rows of symbol names, top row first.
func window(t testing.TB, g *Game, rows ...string) *Window {
	t.Helper()
	w := &Window{Reels: int8(g.Reels), Rows: int8(g.Rows)}
	if len(rows) != g.Rows {
		t.Fatalf("window: %d rows for a %d-row game", len(rows), g.Rows)
	}
	for row, line := range rows {
		f := strings.Fields(line)
		if len(f) != g.Reels {
			t.Fatalf("window row %d: %d symbols for %d reels", row, len(f), g.Reels)
		}
		for r, name := range f {
			id, ok := g.Symbol(name)
			if !ok {
				t.Fatalf("window: unknown symbol %q", name)
			}
			w.Cells[r][row] = id
		}
	}
	return w
}
