// Package freegames is the scatter-triggered free-games round shared by the
// titles (R-GAME-8): the award table, retriggers, the free-game multiplier, the cap
// on the games of one round, and the Special Expanding Symbol.
//
// # What it owns
//
//   - Config → Feature (New): validated against the title's reels.Game; errors
//     read "freegames: title <name>: <field>: <problem>".
//   - Feature.Award(scatters): the free games a base spin awards.
//   - Feature.Play(src, awarded, *Round): the whole round decided from src only, in
//     this order of draws: the expanding symbol (once, by its weights), then one
//     reels.Spin on the free-game set per free game. The Round is the complete,
//     serialisable record: each game's stops, line wins, scatters, expansion and
//     retrigger, and the round's total.
//   - Feature.Analyze(): the exact math of the round with big.Rat; Analysis.Round(L)
//     gives E[T] and E[T²] of the round's win for an award of L games (to attach to
//     the base game's classes, see Example), Analysis.Games(L) the same for the
//     number of games.
//   - Feature.ZeroRound(L): P(the round pays nothing), for hit frequencies (a root of
//     a polynomial, so float64; built on the exact no-win counts of reels.ZeroLines;
//     computed once per Feature, about 10 ms per expanding-symbol candidate).
//
// # Rules
//
// A free game is a spin of the free-game reel set (Game.Free, or the base set when
// the title has none) evaluated like a base spin; its win, and any expansion win,
// is multiplied by Multiplier. Each free game's scatters may award more games
// (Retriggers); awards and retriggers for a count above the highest listed one are
// those of the highest listed. A round plays at most MaxGames games; awards beyond
// the cap are forfeited and recorded (Round.Forfeited).
//
// Special Expanding Symbol: one Regular symbol is drawn at the start of the round
// with the configured weights (never the wild, the scatter or a bonus symbol: New
// rejects them). In each free game the normal line wins are paid first; then, if
// the symbol shows on n reels (anywhere in each reel's window, reels need not be
// adjacent) and n of it pays on a line, it expands over those n reels and pays its
// line pay for n × the number of lines, in addition. Wilds do not count as the
// expanding symbol.
//
// # Exact math (Analyze)
//
// Let X be one free game's win (multiplier applied, in line bets) and K the games
// it awards by retrigger, for a given expanding symbol s. E[X], E[X²], E[K], E[K²]
// and E[XK] are exact: the line and scatter part from reels.Enumerate on the free
// set, the expansion part from the per-reel probabilities of s being in the window
// (a product of independent Bernoullis, since reels stop independently) joined to
// the line pays and scatter count by reels.TagJoint. With q = E[K] < 1, the win V of
// one free game and all the games descending from it satisfies
//
//	E[V]  = E[X] / (1 − q)
//	E[V²] = (E[X²] + 2·E[XK]·E[V] + (E[K²] − q)·E[V]²) / (1 − q)
//
// and a round of L awarded games has E[T] = L·E[V], E[T²] = L·E[V²] + L(L−1)·E[V]²,
// averaged over the choice of s. With X ≡ 1 the same gives the number of games:
// E[N] = L/(1 − q), Var N = L·Var K/(1 − q)³. q ≥ 1 is rejected by New.
//
// The cap: the games after the cap are not played, which removes exactly
// E[X]·E[(N − cap)⁺] from a round (game i is played iff N ≥ i, decided by the
// games before it, so its win is independent of that event). Analyze bounds
// E[(N − cap)⁺] with a Chernoff bound on the retrigger walk and reports it
// (CapLostGames, CapLostWin): the uncapped figures are exact to within that
// bound, and a title's tests should hold it negligible (e.g. below 10⁻¹²).
//
// RoundBounds/RoundsBounds bracket the round's win distribution cut at a cap
// (for the cap on one game's award): one game's win exactly from the free set
// (reels.PayDist), then on a grid of cap/1024 a variable below the round (wins
// rounded down, retriggers to the depth that fits MaxGames) and one above (wins
// rounded up, every retrigger), with every probability rounded towards its bound.
//
// # What it must not touch
//
// Money and meters (wins are in line bets), the base game's trigger decision beyond
// Award, any other feature, and any chance other than the rng.Source it is given.
package freegames
