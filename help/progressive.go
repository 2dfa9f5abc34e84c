package help

import (
	"math/big"
	"strings"

	"egm/locale"
	"egm/tables/threecard"
)

// ThreeCardProgressive is three card poker's progressive side bet in the reader's
// words and currency: its rule (a feature of the rules page) and its row among the
// bets (what each hand pays on the fixed stake, and its return at the jackpot's
// reset amount, from threecard.ProgressiveExact). The side bet is the machine's
// configuration (stake, reset amount, growth share), which the caller passes; the
// pay table is the bet's own. The amount the jackpot stands at now is the table's
// to show, not the rules'.
func ThreeCardProgressive(p *locale.Printer, side threecard.Progressive) (Feature, TableBet) {
	q := side.Pool
	pays := progressivePays(p, side)
	f := Feature{p.T("rules.feature.progressive"), []string{
		p.T("rules.tcp.progressive", "Stake", p.Money(q.Stake), "Pays", pays, "Seed", p.Money(q.Seed),
			"Growth", percent(p, float64(q.GrowthBP)/100)),
	}}
	fig := threecard.ProgressiveExact(side)
	ret := percent(p, ratPct(fig.AtSeed))
	if be := fig.BreakEven; be != nil {
		c := new(big.Int).Add(be.Num(), new(big.Int).Sub(be.Denom(), big.NewInt(1)))
		ret = p.T("rules.return.progressive", "Return", ret, "Seed", p.Money(q.Seed),
			"BreakEven", p.Money(c.Quo(c, be.Denom()).Int64()))
	}
	return f, TableBet{Bet: p.T("rules.tcp.bet.progressive"), Pays: pays, Return: ret}
}

// progressivePays lists what each paying hand wins on the fixed stake, the best
// first: the whole jackpot, or an amount.
func progressivePays(p *locale.Printer, side threecard.Progressive) string {
	var out []string
	for h := threecard.NumProgressiveHands - 1; h > threecard.ProgNone; h-- {
		x := side.Table.Pays[h]
		switch {
		case x.Pool:
			out = append(out, p.T("rules.tcp.progressive_pays", "Hand", ProgressiveHandName(p, h), "Pays", p.T("rules.tcp.progressive_jackpot")))
		case x.For > 0:
			out = append(out, p.T("rules.tcp.progressive_pays", "Hand", ProgressiveHandName(p, h), "Pays", p.Money(x.For*side.Pool.Stake)))
		}
	}
	return strings.Join(out, ", ")
}

// ProgressiveHandName is a progressive side bet's hand class in the reader's
// language, in lower case (the table's sign shows it as it is).
func ProgressiveHandName(p *locale.Printer, h threecard.ProgressiveHand) string {
	switch h {
	case threecard.ProgMiniRoyalSpades:
		return p.T("rules.hand.mini_royal_spades")
	case threecard.ProgMiniRoyal:
		return p.T("rules.hand.mini_royal")
	}
	return HandName(p, h.String())
}

// ratPct is r as a percentage.
func ratPct(r *big.Rat) float64 {
	v, _ := r.Float64()
	return 100 * v
}
