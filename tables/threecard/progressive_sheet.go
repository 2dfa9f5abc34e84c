package threecard

import (
	"fmt"
	"math"
	"math/big"

	"egm/tables"
)

// ProgressiveSheet is the side bet's section of the sheet, from its exact figures.
func ProgressiveSheet(p Progressive) tables.Progressive {
	f := ProgressiveExact(p)
	pct := func(r *big.Rat) float64 { v, _ := r.Float64(); return 100 * v }
	q := p.Pool
	s := tables.Progressive{
		Name: p.Table.Name, Source: p.Table.Source, Confirm: p.Table.OperatorToConfirm,
		Currency: q.Currency.Code, StakeCents: q.Stake, SeedCents: q.Seed, GrowthBP: q.GrowthBP, ReserveBP: q.ReserveBP, Hands: f.Hands,
		HitFreq: f.Hit.RatString(), HitPct: pct(f.Hit),
		Intercept: f.Fixed.RatString(), InterceptPct: pct(f.Fixed),
		Slope: f.Slope.RatString(), SlopePer1000: pct(new(big.Rat).Mul(f.Slope, big.NewRat(100_000, 1))),
		AtSeed: f.AtSeed.RatString(), AtSeedPct: pct(f.AtSeed),
		LongRun: f.LongRun.RatString(), LongRunPct: pct(f.LongRun),
		SeedCost: f.SeedCost.RatString(), SeedCostPct: pct(f.SeedCost),
	}
	v, _ := f.VarAt.Float64()
	s.SigmaAtSeed = math.Sqrt(v)
	if f.BreakEven != nil {
		s.BreakEven = f.BreakEven.RatString()
		c := new(big.Int).Add(f.BreakEven.Num(), new(big.Int).Sub(f.BreakEven.Denom(), big.NewInt(1)))
		s.BreakEvenCents = c.Quo(c, f.BreakEven.Denom()).Int64() // rounded up to the cent
	}
	for h := NumProgressiveHands - 1; h > ProgNone; h-- {
		x := p.Table.Pays[h]
		var pays string
		var ret *big.Rat
		switch {
		case x.Pool:
			pays = "100% of the pool"
			ret = big.NewRat(f.Counts[h]*q.Seed, f.Hands*q.Stake)
		case x.For > 0:
			pays = fmt.Sprintf("%d for 1", x.For)
			ret = big.NewRat(f.Counts[h]*x.For, f.Hands)
		default:
			continue
		}
		s.Pays = append(s.Pays, tables.ProgressivePay{Hand: h.String(), Count: f.Counts[h], Pays: pays,
			AtSeed: ret.RatString(), AtSeedPct: pct(ret)})
	}
	s.Notes = []string{
		"The house rules promise a fixed-stake progressive side bet on the player's three cards whatever the dealer holds, with the jackpot's amount shown at the table ('Progressiivsed Panused', 'Progressiivsed Jackpoti lisapanused'); its pay table is shown at the table and not in the text, and they give no seed or growth share: the pay table and the pool's rules shipped are for the operator to confirm.",
		"'for 1' pays back that many stakes in all (the stake is not returned besides); the pool's winner is paid the whole pool, which then resets to the seed.",
	}
	return s
}
