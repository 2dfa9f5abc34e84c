package settings

import (
	"errors"
	"strconv"
	"testing"

	"egm/jurisdiction"
	"egm/tables/threecard"
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

// TestProgressiveSheetInCurrency: the side bet's exact figures for each profile's
// configured pool: the same return at the seed and long-run return, the break-even
// pool in the profile's own minor units (the tenge pool is the euro one x 500).
func TestProgressiveSheetInCurrency(t *testing.T) {
	for _, tc := range []struct {
		p         jurisdiction.Profile
		breakEven int64
	}{{jurisdiction.EE, 1_152_000}, {jurisdiction.KZ, 576_000_000}} {
		t.Run(tc.p.Code, func(t *testing.T) {
			side := DefaultConfigFor(tc.p).Tables.Progressive.Side(tc.p.Currency)
			f := threecard.ProgressiveExact(side)
			if got := f.AtSeed.RatString(); got != "779/1105" {
				t.Errorf("return at the seed %s, want 779/1105", got)
			}
			if got := f.LongRun.RatString(); got != "3779/4420" {
				t.Errorf("long-run return %s, want 3779/4420", got)
			}
			if got := f.BreakEven.RatString(); got != strconv.FormatInt(tc.breakEven, 10) {
				t.Errorf("break-even pool %s, want %d", got, tc.breakEven)
			}
			if s := threecard.ProgressiveSheet(side); s.Currency != tc.p.Currency.Code {
				t.Errorf("the sheet counts in %s, the profile in %s", s.Currency, tc.p.Currency.Code)
			}
		})
	}
}
