package tables

import (
	"egm/money"
	"fmt"
	"io"
	"strings"
)

// Progressive is a fixed-stake progressive side bet's section of a sheet: its pay
// table by hand class, its pool rules and its return per stake, exact, at the
// pool's seed and as the straight line it is in the pool's amount.
//
// Return is per stake: what the bet pays back over the fixed stake. The return
// at a pool J is a bet's when the jackpot hand is paid J; it does not count the
// bet's own growth share (that money is paid to a later winner). The long-run
// return is the return at the seed plus the growth share, as the slots' PAR
// carries its linked levels (at reset, plus their contributions).
type Progressive struct {
	Name    string `json:"bet"`
	Source  string `json:"source"`
	Confirm bool   `json:"operator_to_confirm"` // the pay table is not the house rules': the operator confirms it

	Currency   string `json:"currency"`      // ISO 4217 code of the pool's amounts
	StakeCents int64  `json:"stake_cents"`   // the fixed stake
	SeedCents  int64  `json:"seed_cents"`    // what the pool resets to after a jackpot
	GrowthBP   int64  `json:"growth_bp"`     // share of each stake added to the pool, basis points
	ReserveBP  int64  `json:"reserve_bp"`    // share of each stake set aside to repay the seed
	Hands      int64  `json:"hands_weighed"` // the outcomes enumerated

	Pays []ProgressivePay `json:"pays"`

	HitFreq string  `json:"hit_frequency"`
	HitPct  float64 `json:"hit_pct"`
	// SigmaAtSeed is the standard deviation of the net result per stake with
	// the pool at its seed.
	SigmaAtSeed float64 `json:"sigma_at_seed"`

	// The return per stake at a pool of J cents is Intercept + Slope·J.
	Intercept    string  `json:"intercept"` // the fixed pays' return
	InterceptPct float64 `json:"intercept_pct"`
	Slope        string  `json:"slope_per_cent"` // per cent in the pool
	// SlopePer1000 is the return added by 1,000.00 of pool, in percentage points.
	SlopePer1000 float64 `json:"slope_pp_per_1000"`

	AtSeed    string  `json:"return_at_seed"`
	AtSeedPct float64 `json:"return_at_seed_pct"`
	// BreakEven is the pool, in cents, at which the return is 100%; BreakEvenCents
	// the least whole cent at or above it.
	BreakEven      string  `json:"break_even_cents"`
	BreakEvenCents int64   `json:"break_even_pool_cents"`
	LongRun        string  `json:"long_run_return"` // at the seed plus the growth share
	LongRunPct     float64 `json:"long_run_return_pct"`
	// SeedCost is the seed's share of each stake: the chance of a jackpot per
	// stake times the seed over the stake (inside AtSeed).
	SeedCost    string   `json:"seed_cost"`
	SeedCostPct float64  `json:"seed_cost_pct"`
	Notes       []string `json:"notes,omitempty"`
}

// ProgressivePay is one hand class's pay: the hands of the class among Hands, what
// it pays ("100% of the pool", "500 for 1") and its share of the return at the seed.
type ProgressivePay struct {
	Hand      string  `json:"hand"`
	Count     int64   `json:"hands"`
	Pays      string  `json:"pays"`
	AtSeed    string  `json:"return_at_seed"`
	AtSeedPct float64 `json:"return_at_seed_pct"`
}

// Print writes the section for people.
func (p Progressive) Print(w io.Writer) {
	confirm := ""
	if p.Confirm {
		confirm = " [pay table: operator to confirm]"
	}
	fmt.Fprintf(w, "  progressive side bet: %s, fixed stake %s%s\n", p.Name, p.amount(p.StakeCents), confirm)
	fmt.Fprintf(w, "    source:  %s\n", p.Source)
	fmt.Fprintf(w, "    pool:    seed %s; %s of each stake grows the pool; %s is set aside to repay the seed\n",
		p.amount(p.SeedCents), bp(p.GrowthBP), bp(p.ReserveBP))
	handW, paysW := len("hand"), len("pays")
	for _, x := range p.Pays {
		handW, paysW = max(handW, len(x.Hand)), max(paysW, len(x.Pays))
	}
	pad := func(x string, n int) string { return x + strings.Repeat(" ", max(0, n-len(x))) }
	fmt.Fprintf(w, "    %s %7s  %s %10s\n", pad("hand", handW), "hands", pad("pays", paysW), "at seed")
	for _, x := range p.Pays {
		fmt.Fprintf(w, "    %s %7d  %s %9.4f%%\n", pad(x.Hand, handW), x.Count, pad(x.Pays, paysW), x.AtSeedPct)
	}
	fmt.Fprintf(w, "    hits %s of %d hands (%.4f%%); sigma at the seed %.3f per stake\n", p.HitFreq, p.Hands, p.HitPct, p.SigmaAtSeed)
	fmt.Fprintf(w, "    return at the seed %s: %s = %.4f%% (house edge %.4f%%)\n", p.amount(p.SeedCents), p.AtSeed, p.AtSeedPct, 100-p.AtSeedPct)
	fmt.Fprintf(w, "    return at a pool of J cents: %s + %s·J (%.4f%% + %.4f pp per %s of pool)\n", p.Intercept, p.Slope, p.InterceptPct, p.SlopePer1000, p.amount(100_000))
	fmt.Fprintf(w, "    break-even pool (return 100%%): %s (%s cents exactly)\n", p.amount(p.BreakEvenCents), p.BreakEven)
	fmt.Fprintf(w, "    long-run return (at the seed + the %s growth share): %s = %.4f%% (house edge %.4f%%)\n", bp(p.GrowthBP), p.LongRun, p.LongRunPct, 100-p.LongRunPct)
	fmt.Fprintf(w, "    the seed's cost: %s = %.4f%% of each stake (inside the return at the seed; the reserve repays %s of it)\n", p.SeedCost, p.SeedCostPct, bp(p.ReserveBP))
	for _, n := range p.Notes {
		fmt.Fprintf(w, "    note: %s\n", n)
	}
}

// html writes the section as HTML.
func (p Progressive) html(b *strings.Builder) {
	var text strings.Builder
	p.Print(&text)
	fmt.Fprintf(b, "<h2>Progressive side bet: %s</h2>\n<pre>%s</pre>\n", esc(p.Name), esc(text.String()))
}

// amount writes minor units of the pool's currency, grouped ("11,520.00 EUR":
// money's Grouped); a code money does not know prints the bare minor units with it.
func (p Progressive) amount(minor int64) string {
	c, err := money.ByCode(p.Currency)
	if err != nil {
		return fmt.Sprintf("%d (minor units of %q)", minor, p.Currency)
	}
	return c.Grouped(minor)
}

// bp writes basis points as a percentage ("15.00%").
func bp(v int64) string { return fmt.Sprintf("%d.%02d%%", v/100, v%100) }
