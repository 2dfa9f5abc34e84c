package campaign

import (
	"encoding/json"

	"egm/games"
	"egm/machine"
	"egm/machine/bonusjp"
	"egm/meters"
)

// campaignBonusJackpot is the power-fail campaign's bonus jackpot (the
// configuration key bonus_jackpot, JSON): every slot title funds it at 1% of
// coin-in, reset 10.00, ceiling 30.00, so it hits about once per 1,000.00 of
// coin-in, and kills land between a hit's commit and its payment.
func campaignBonusJackpot() []byte {
	c := bonusjp.Config{Enabled: true, RateBP: 100, ResetCents: 1_000, CeilingCents: 3_000}
	ts, _ := games.All() // the same titles the child installs; an error leaves none and the child refuses the key
	for _, t := range ts {
		c.Titles = append(c.Titles, t.Spec.ID)
	}
	b, _ := json.Marshal(c) // plain fields: cannot fail
	return b
}

// checkBonus holds the bonus jackpot's identity at every check, to the Unit:
// funded = paid + (amount − reset) − resets funded (bonusjp.Level.Check); the
// awards paid, the counter, are the level's awards but the one of the game in
// progress; no total goes down but by a void; a cycle's trigger never changes.
func (c *PowerfailChecker) checkBonus(mem Memory, rep *PowerfailReport, bad func(string, ...any)) {
	if !mem.BonusOn {
		return
	}
	l := mem.Bonus
	rep.BonusChecked++
	if err := l.Check(); err != nil {
		bad("bonus jackpot: %v", err)
	}
	paid := mem.Counters[machine.CounterBonusJackpotPaid]
	if want := l.Paid/bonusjp.UnitsPerCent - mem.BonusUnpaid; paid != want {
		bad("bonus jackpot: %d cents paid (counter), but the level's awards less the unpaid %d are %d cents", paid, mem.BonusUnpaid, want)
	}
	if mem.BonusUnpaid > 0 {
		rep.BonusKilledAtHit++
	}
	if l.CoinIn > mem.Meters.Get(meters.CoinIn) {
		bad("bonus jackpot: funded by %d cents of coin-in, above the machine's coin-in %d", l.CoinIn, mem.Meters.Get(meters.CoinIn))
	}
	if c.bonusTriggers == nil {
		c.bonusTriggers = map[int64]int64{}
	}
	if old, ok := c.bonusTriggers[l.Hits]; ok && old != l.Trigger {
		bad("bonus jackpot: the trigger after %d hits was %d cents, now %d (redrawn)", l.Hits, old, l.Trigger)
	}
	c.bonusTriggers[l.Hits] = l.Trigger
	rep.BonusHits, rep.BonusPaidCents, rep.BonusFundedUnits = l.Hits, paid, l.Funded
	rep.BonusAmountCents, rep.BonusResetsFunded = l.Cents(), l.ResetsFunded
}
