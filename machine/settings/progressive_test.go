package settings

import (
	"errors"
	"testing"

	"egm/jurisdiction"
)

func TestProgressiveConfig(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(*ProgressiveConfig)
		ok   bool
	}{
		{"default", func(*ProgressiveConfig) {}, true},
		{"no stake", func(p *ProgressiveConfig) { p.StakeCents = 0 }, false},
		{"half a chip", func(p *ProgressiveConfig) { p.StakeCents = 150 }, false},
		{"above the side bets' limit", func(p *ProgressiveConfig) { p.StakeCents = 2_600 }, false},
		{"growth not whole cents", func(p *ProgressiveConfig) { p.GrowthBP = 1501 }, false},
		{"growth the whole stake", func(p *ProgressiveConfig) { p.GrowthBP = 10_000 }, false},
		{"negative seed", func(p *ProgressiveConfig) { p.SeedCents = -1 }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := DefaultConfig()
			tc.edit(&c.Tables.Progressive)
			err := c.Validate()
			var ce *ConfigError
			if tc.ok != (err == nil) || (err != nil && (!errors.As(err, &ce) || ce.Key != "tables.three_card_progressive")) {
				t.Fatalf("Validate: %v, want ok %v", err, tc.ok)
			}
		})
	}
	kz := DefaultConfigFor(jurisdiction.KZ).Tables.Progressive
	if kz.StakeCents != 50_000 || kz.SeedCents != 250_000_000 || kz.GrowthBP != 1500 {
		t.Fatalf("the Kazakh pool %+v, want the Estonian one x 500", kz)
	}
	if err := DefaultConfigFor(jurisdiction.KZ).Validate(); err != nil {
		t.Fatal(err)
	}
}
