package freegames

import (
	"strings"
	"testing"

	"egm/reels"
)

func TestNewRejectsBadConfig(t *testing.T) {
	tests := []struct {
		name   string
		modify func(*Config, *reels.Config)
		want   string
	}{
		{"no awards", func(c *Config, _ *reels.Config) { c.Awards = nil }, "awards: none"},
		{"trigger count larger than the window", func(c *Config, _ *reels.Config) { c.Awards = map[int]int{16: 10} },
			"awards[16]: trigger count outside the window's 1..15 cells"},
		{"zero trigger count", func(c *Config, _ *reels.Config) { c.Awards = map[int]int{0: 10} }, "awards[0]: trigger count outside"},
		{"award of no games", func(c *Config, _ *reels.Config) { c.Awards = map[int]int{3: 0} }, "awards[3]: 0 games"},
		{"retrigger count beyond the window", func(c *Config, _ *reels.Config) { c.Retriggers = map[int]int{20: 5} }, "retriggers[20]: trigger count outside"},
		{"negative retrigger", func(c *Config, _ *reels.Config) { c.Retriggers = map[int]int{3: -1} }, "retriggers[3]: -1 games"},
		{"zero multiplier", func(c *Config, _ *reels.Config) { c.Multiplier = 0 }, "multiplier: 0, must be at least 1"},
		{"cap below the award", func(c *Config, _ *reels.Config) { c.MaxGames = 5 }, "max_games: 5 is below the award of 10"},
		{"retriggers that never end", func(c *Config, _ *reels.Config) { c.Retriggers = map[int]int{1: 100} }, "(q ≥ 1)"},
		{"unknown expanding symbol", func(c *Config, _ *reels.Config) { c.Expanding = []Weighted{{"Z", 1}} }, `expanding[0]: unknown symbol "Z"`},
		{"wild cannot expand", func(c *Config, _ *reels.Config) { c.Expanding = []Weighted{{"W", 1}} }, `expanding[0]: "W" is a wild symbol`},
		{"scatter cannot expand", func(c *Config, _ *reels.Config) { c.Expanding = []Weighted{{"M", 1}, {"S", 1}} }, `expanding[1]: "S" is a scatter symbol`},
		{"bonus cannot expand", func(c *Config, _ *reels.Config) { c.Expanding = []Weighted{{"C", 1}} }, `"C" is a bonus symbol`},
		{"zero weight", func(c *Config, _ *reels.Config) { c.Expanding = []Weighted{{"M", 0}} }, `expanding[0]: "M" has weight 0`},
		{"listed twice", func(c *Config, _ *reels.Config) { c.Expanding = []Weighted{{"M", 1}, {"M", 2}} }, `expanding[1]: "M" listed twice`},
		{"no scatter in the game", func(_ *Config, g *reels.Config) {
			g.Symbols[5].Kind = reels.Regular
			g.Symbols[5].Pays = map[int]int64{5: 1}
		}, "scatter: the game has no scatter"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, gc := expandFeatureConfig(), expandConfig()
			tc.modify(&c, &gc)
			g := mustGame(t, gc)
			_, err := New(g, c)
			if err == nil {
				t.Fatal("New accepted a bad configuration")
			}
			if !strings.HasPrefix(err.Error(), `freegames: title "test expand": `) {
				t.Errorf("error %q lacks the prefix and title", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not contain %q", err, tc.want)
			}
		})
	}
}

func TestAwardTables(t *testing.T) {
	g := mustGame(t, expandConfig())
	c := expandFeatureConfig()
	c.Awards = map[int]int{3: 10, 5: 20}
	f := mustFeature(t, g, c)
	for n, want := range map[int]int{0: 0, 2: 0, 3: 10, 4: 10, 5: 20, 9: 20, 15: 20, -1: 0, 99: 0} {
		if got := f.Award(n); got != want {
			t.Errorf("Award(%d) = %d, want %d", n, got, want)
		}
	}
	if f.Retrigger(3) != 5 || f.Retrigger(2) != 0 {
		t.Errorf("Retrigger(3) = %d, Retrigger(2) = %d", f.Retrigger(3), f.Retrigger(2))
	}
	if f.MaxGames != DefaultMaxGames {
		t.Errorf("MaxGames = %d, want the default %d", f.MaxGames, DefaultMaxGames)
	}
}

func TestConfigIsACopy(t *testing.T) {
	g := mustGame(t, expandConfig())
	c := expandFeatureConfig()
	f := mustFeature(t, g, c)
	c.Awards[3] = 99
	c.Expanding[0].Weight = 50
	got := f.Config()
	if got.Awards[3] != 10 || got.Expanding[0].Weight != 1 || f.Award(3) != 10 {
		t.Fatal("the feature shares its settings with the caller")
	}
	got.Retriggers[3] = 7
	if f.Config().Retriggers[3] != 5 {
		t.Fatal("Config() returned shared storage")
	}
}
