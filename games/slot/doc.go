// Package slot turns a title's data (Spec) into a playable, provable slot game
// (Title): the base game from reels, Lock & Spin from features/lockspin, Free Games
// from features/freegames, and two base-game features of its own, Magic Clover and
// Super Colors. It owns the outcome record of one paid game, Play, the exact PAR
// sheet that combines every part, and the linked-jackpot constants the math counts.
//
// # One paid game (Play)
//
// The draws happen in this fixed order, all from the injected rng.Source, after the
// wager: the base spin (one stop per reel); the value of every coin in view, reel by
// reel, top to bottom; the Magic Clover multiplier if a clover shows; the Super
// Colors colour if it applies; the free-games round if scatters award one; Lock &
// Spin if enough coins show. Nothing else is read: not the balance, the time or any
// earlier game.
//
// # Money
//
// Pays are multiples of the line bet (lines) or of the total bet (scatters, coins,
// Super Colors); Outcome.Win converts them to integer cents with the bet's own
// integer line and total bets. Linked jackpots are money of the floor's jackpot
// system: the outcome names the levels hit, and the machine pays the amounts.
//
// # Magic Clover (Clover Power)
//
// A clover symbol may show in the base game. When one does, every win of that
// spin's base game (lines and scatters) is multiplied by a magic multiplier drawn
// with the title's weights (e.g. ×2, ×3, ×5). The clover itself never pays, is never
// substituted and breaks the lines it sits on.
//
// # Super Colors (Road to Prosperity)
//
// When a base spin shows at least MinCoins coins but too few to start Lock & Spin,
// the Super Colors wheel turns: its colour, drawn with the title's weights, pays
// every coin in view its value times the colour's factor.
//
// # Jackpots and RTP at every bet
//
// A Grand or Major symbol in Lock & Spin wins its linked level with probability
// bet/MaxBet (the qualification draw); an unqualified jackpot symbol stays on the
// grid worth nothing. The return of a jackpot symbol per unit bet is then
// P(symbol)·reset/MaxBet at every bet, so a title's RTP is the same at every bet and
// denomination, as R-RTP-1 requires. The PAR counts the levels at their reset values
// plus every contribution rate (Grand and Major increments and the 2% mystery fund).
//
// # Exact PAR
//
// The base reel set is enumerated once (reels.Enumerate) with a tagger that sees
// the coins per reel and the clover; every feature's award is independent of the
// base win given that class, so the mean, the second moment and the hit frequency
// of the whole game combine exactly (see par.go). Lock & Spin enters through its
// per-start means (for the covariance with the base win) and its exact second
// moment over the trigger distribution.
//
// # The cap on one game's award (capcost.go)
//
// Play cuts one game's award W (base game, Super Colors, Free Games, Lock &
// Spin; the linked levels on top) at c = Spec.MaxWinX × total bet. The PAR's RTP
// is E[W] before the cap; PAR.Cap states the cap's cost E[(W − c)⁺] =
// E[W] − E[min(W, c)], the RTP with the cap counted (RTP − cost) and P(W ≥ c),
// the odds of the top award. Every part of W is non-negative, so only each
// part's distribution below c is needed. Per base-game class (coins in view,
// reels showing the clover, scatters; reels.PayDist gives the exact line-pay
// distribution of each, so the base and Super Colors pay B is exact), the
// features are independent of B and of each other:
//
//   - Lock & Spin: lockspin.TotalDist runs the respin chain on (locked cells,
//     coin total) with totals ≥ c as one state — exact up to float64 rounding;
//     jackpot symbols at 0 (qualified) and at their fallback bracket every bet;
//   - Free Games: freegames.RoundsBounds brackets the round's win on a grid of
//     c·lines/1024 line bets, one free game's win exact from the free set, rounded
//     down with the retrigger tree cut where it fits the games limit (below) and
//     rounded up with every retrigger played (above).
//
// The cost is bracketed by E[(B + R − c)⁺] of the two bounding variables R (each
// by its own exact mean less E[min(B + R, c)]), P(W ≥ c) likewise, every
// operation rounded towards the bound it feeds (internal/dround), so the figures
// are rigorous bounds. Titles without free games get the cost to within about
// 10^−12 (the exact figure), those with them an interval of width at most about
// 2·10^−6 of the RTP (the grid's). When the award before the cap cannot reach the
// cap the cost is exactly 0 and, without free games, the true maximum and its
// probability are on the PAR. Tune aims the RTP before the cap at 94% plus the
// cost; the catalogue's test holds the whole interval of the
// RTP with the cap inside 94.00% ± 0.02 pp.
//
// The PAR sheet prints itself as text (PAR.Print) and as HTML (WritePARHTML).
//
// It must not touch credits, meters, the machine's state, the screen, or any
// source of chance but the rng.Source it is given.
package slot
