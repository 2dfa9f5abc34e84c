// Package bonusjp is the machine's own bonus jackpot (R-JP-4, the house rules'
// "Boonus jackpot"): a standalone must-hit-by progressive level kept in the
// machine's critical memory, funded by a share of coin-in on the titles the
// operator picks and paid at random below its ceiling.
//
// It owns:
//   - the level's configuration (Config: on or off, the funding titles, the rate
//     in basis points of coin-in, the reset value and the ceiling) and its checks
//     (Config.Validate);
//   - the level's state (Level: the amount in exact Units, the hidden trigger, the
//     accounting totals) and its rules: Start, Level.Contribute, Level.Check;
//   - the trigger's draw: uniform in the window (reset, ceiling], in whole cents,
//     through rng.Uint64n from the source it is given, when the level starts and
//     each time it resets after a hit;
//   - the level's return to the player (Config.Return), which a title's PAR adds
//     on top of its own.
//
// It must not touch: critical memory, the game's outcome, credits, handpays or the
// screen. The machine (machine/bonusjp.go) stores the Level in critical memory in
// the same commit as the game that funds it, draws with its injected RNG inside
// the game's decision, and pays an award through its own win and handpay rules
// (R-WIN). The trigger is never shown: View gives the amount, the reset value and
// the ceiling ("must hit by"), never the trigger.
//
// # Money in exact units
//
// 1 Unit = 1/10,000 cent, as the floor's linked levels (package jackpot): a bet
// of b cents at a rate of r basis points gives the level exactly b·r Units, so no
// fraction of a cent is lost. The level shows whole cents (rounded down). The
// trigger is a whole number of cents; the contribution that reaches it makes the
// hit, the award is exactly the trigger, and the Units above the trigger carry
// into the next level above its reset. So every award lies in (reset, ceiling].
//
// # Accounting identity
//
// At every committed state, in Units:
//
//	Funded = Paid + (Amount − Reset) − ResetsFunded
//
// Funded is every Unit contributed by coin-in (CoinIn·Rate), Paid the awards,
// ResetsFunded the reset values the house put into the level after each hit (the
// first reset value, the level's base, is not counted). Level.Check holds it with
// Amount ≥ Reset, the trigger inside its window, Hits·(Reset+1 cent) ≤ Paid ≤
// Hits·Ceiling and ResetsFunded = Hits·Reset.
//
// # Return
//
// The house funds the resets, so the level returns more than its rate: a level's
// cycle grows (trigger − reset) on average (ceiling − reset)/2, which takes
// (ceiling − reset)/(2·rate) of coin-in, and pays the trigger, (reset + ceiling)/2
// on average. The level's return is rate·(ceiling + reset)/(ceiling − reset)
// (Config.Return): 0.45% at the default 0.30% with a 100 € reset and a 500 € ceiling.
//
// Errors carry the prefix "bonusjp: ".
package bonusjp
