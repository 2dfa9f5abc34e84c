package reels

import (
	"strings"
	"testing"
)

func TestNewRejectsBadData(t *testing.T) {
	tests := []struct {
		name   string
		modify func(*Config)
		want   string // substring of the error
	}{
		{"empty title", func(c *Config) { c.Title = "" }, `title "": title: empty`},
		{"too many reels", func(c *Config) { c.Reels = 6 }, "reels: 6 outside 1..5"},
		{"no rows", func(c *Config) { c.Rows = 0 }, "rows: 0 outside 1..4"},
		{"unknown symbol on a strip", func(c *Config) { c.Base[2][3] = "Z" }, `base[2][3]: unknown symbol "Z"`},
		{"unknown symbol on a free strip", func(c *Config) { c.Free[4][0] = "ZZ" }, `free[4][0]: unknown symbol "ZZ"`},
		{"empty reel", func(c *Config) { c.Base[1] = nil }, "base[1]: empty reel"},
		{"strip shorter than the window", func(c *Config) { c.Base[0] = []string{"A", "K"} }, "base[0]: 2 stops, fewer than the 3 rows"},
		{"strip too long", func(c *Config) { c.Base[3] = make([]string, 257) }, "base[3]: 257 stops, at most 256"},
		{"missing strip", func(c *Config) { c.Base = c.Base[:4] }, "base: 4 strips for 5 reels"},
		{"line outside the window", func(c *Config) { c.Lines[3][2] = 3 }, "lines[3][2]: row 3 outside the window's 0..2"},
		{"negative row", func(c *Config) { c.Lines[0][0] = -1 }, "lines[0][0]: row -1 outside"},
		{"short line", func(c *Config) { c.Lines[1] = []int{0, 0, 0} }, "lines[1]: 3 rows given for 5 reels"},
		{"duplicate line", func(c *Config) { c.Lines[2] = []int{1, 1, 1, 1, 1} }, "lines[2]: same as lines[0]"},
		{"no lines", func(c *Config) { c.Lines = nil }, "lines: none declared"},
		{"negative pay", func(c *Config) { c.Symbols[2].Pays = map[int]int64{3: -5} }, "symbols[K].pays[3]: negative pay -5"},
		{"missing pays", func(c *Config) { c.Symbols[3].Pays = nil }, "symbols[Q].pays: missing"},
		{"pay count beyond the reels", func(c *Config) { c.Symbols[1].Pays = map[int]int64{6: 10} }, "symbols[A].pays[6]: count outside 1..5"},
		{"scatter count beyond the window", func(c *Config) { c.Symbols[5].Pays = map[int]int64{16: 10} }, "symbols[S].pays[16]: count outside 1..15"},
		{"bonus with pays", func(c *Config) { c.Symbols[6].Pays = map[int]int64{3: 1} }, "symbols[B].pays: bonus symbols pay"},
		{"two wilds", func(c *Config) { c.Symbols[1].Kind = Wild }, `symbols[A].kind: a second wild ("W" is already the wild)`},
		{"two scatters", func(c *Config) { c.Symbols[6].Kind = Scatter }, "symbols[B].kind: a second scatter"},
		{"duplicate symbol", func(c *Config) { c.Symbols[2].Name = "A" }, `symbols[2]: duplicate symbol "A"`},
		{"empty symbol name", func(c *Config) { c.Symbols[2].Name = "" }, "symbols[2]: empty name"},
		{"unknown kind", func(c *Config) { c.Symbols[2].Kind = 9 }, "symbols[K].kind: unknown kind 9"},
		{"pays too large", func(c *Config) { c.Symbols[1].Pays = map[int]int64{5: 1 << 25} }, "symbols: pays too large"},
		{"no symbols", func(c *Config) { c.Symbols = nil }, "symbols: none declared"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := testConfig()
			// deep-copy what the modifiers touch
			cfg.Lines = MustStandardLines(5, 3, 10)
			syms := make([]SymbolDef, len(cfg.Symbols))
			copy(syms, cfg.Symbols)
			cfg.Symbols = syms
			tc.modify(&cfg)
			_, err := New(cfg)
			if err == nil {
				t.Fatal("New accepted bad data")
			}
			if !strings.HasPrefix(err.Error(), "reels: title ") {
				t.Errorf("error %q lacks the prefix", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not contain %q", err, tc.want)
			}
		})
	}
}

func TestNewAcceptsGoodData(t *testing.T) {
	for _, cfg := range append(tinyConfigs(), testConfig()) {
		if _, err := New(cfg); err != nil {
			t.Errorf("%s: %v", cfg.Title, err)
		}
	}
}

func TestStandardLines(t *testing.T) {
	for _, sh := range []struct{ reels, rows, n int }{{3, 3, 5}, {5, 3, 5}, {5, 3, 10}, {5, 3, 20}, {5, 3, 40}, {5, 4, 10}, {5, 4, 20}, {5, 4, 40}} {
		l, err := StandardLines(sh.reels, sh.rows, sh.n)
		if err != nil {
			t.Fatal(err)
		}
		cfg := Config{Title: "lines", Reels: sh.reels, Rows: sh.rows, Lines: l,
			Symbols: []SymbolDef{{Name: "A", Pays: map[int]int64{3: 1}}}}
		for range sh.reels {
			cfg.Base = append(cfg.Base, Strip("A A A A"))
		}
		if _, err := New(cfg); err != nil { // rejects duplicates and rows outside the window
			t.Errorf("%v: %v", sh, err)
		}
		if len(l) != sh.n {
			t.Errorf("%v: %d lines", sh, len(l))
		}
		l[0][0] = 99 // a copy: the next call is unaffected
		if l2, _ := StandardLines(sh.reels, sh.rows, sh.n); l2[0][0] == 99 {
			t.Errorf("%v: StandardLines returned shared storage", sh)
		}
	}
	for _, bad := range []struct{ reels, rows, n int }{{5, 3, 7}, {3, 3, 10}, {4, 3, 10}, {5, 4, 50}} {
		if _, err := StandardLines(bad.reels, bad.rows, bad.n); err == nil {
			t.Errorf("StandardLines%v succeeded", bad)
		}
	}
}

func TestConfigIsACopy(t *testing.T) {
	cfg := testConfig()
	g := mustGame(t, cfg)
	cfg.Base[0][0] = "changed"
	cfg.Symbols[1].Pays[5] = 1
	c := g.Config()
	if c.Base[0][0] != "W" || c.Symbols[1].Pays[5] != 500 {
		t.Fatal("the game shares its data with the caller's Config")
	}
	c.Lines[0][0] = 2
	if g.Config().Lines[0][0] != 1 {
		t.Fatal("Config() returned shared storage")
	}
	g2, err := New(g.Config())
	if err != nil {
		t.Fatal(err)
	}
	if g2.Analyze(g2.Base).RTP.Cmp(g.Analyze(g.Base).RTP) != 0 {
		t.Error("a game rebuilt from Config() differs")
	}
}
