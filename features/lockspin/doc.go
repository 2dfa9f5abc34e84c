// Package lockspin is the Lock & Spin feature (hold and spin) with Scale Up and
// Grand/Major jackpot symbols (RULES.md R-GAME-5, R-GAME-6, R-JP-1), configured by
// data per title, played from the injected rng.Source, and analysed exactly.
//
// # Rules (for a title's help screen)
//
// Lock & Spin starts when at least Trigger bonus symbols (coins or jackpot symbols)
// show in the base-game window. They lock in place with their values and 3 respins
// are given. On each respin every empty position may land a bonus symbol; every
// symbol that lands locks in place and the respins go back to 3. The feature ends
// when a respin counter of 3 runs out with nothing landing, or when every position
// is filled. Then all locked coin values are added and paid, in multiples of the
// total bet.
//
// Jackpot symbols (Grand, Major) award their linked jackpot level. At bets below the
// maximum a jackpot symbol is qualified with probability bet/maxBet, decided by the
// machine's random number generator when it lands; an unqualified jackpot symbol
// counts as a coin of the level's fallback value. A title may also award a level
// (e.g. Grand) for filling the grid, qualified the same way.
//
// Scale Up: a Scale Up symbol (×2, ×3, …) that lands during the respins locks in
// place and multiplies the value of every coin on the grid — including coins that
// land on the same respin — by its factor. Several Scale Up symbols multiply
// together. Coins that land on later respins are not multiplied by earlier Scale
// Up symbols. Jackpot awards are never multiplied.
//
// # Randomness
//
// Each respin draws, for each empty cell reel by reel and top to bottom, once on
// the reel's integer Land weights {Bonus, Blank}; a landing cell then draws its
// symbol on the integer-weighted Symbols table, and a jackpot symbol its
// qualification. All draws are rng.Uint64n on the weight total. Play records every
// draw that decides something, so an outcome can be recalled and audited.
//
// # Exact analysis
//
// Every empty cell of reel r lands with the same probability Bonus/(Bonus+Blank)
// and values do not depend on position, so the number of locked symbols per reel is
// a sufficient state. Analyse runs an exact forward pass over those states (the
// respin counter folds into closed form: 1 + P0 + P0² respins per visit), carrying
// the probability, E[V] and E[V²] of the coin total V under Scale Up, and the
// jackpot generating functions, as exact integers over known denominators (see
// chain.go). It reports the mean and variance of the coin total, P(full grid), the
// expected number of respins, the distribution of locked symbols at the end, and
// per jackpot level the expected symbols, expected qualified hits and P(at least
// one). TriggerStarts builds the start distribution from the base game's exact
// per-reel counts. TotalDist gives the coin total's distribution cut at a cap (the
// chain on locked cells and total, Scale Ups included; every reel's landing table
// the same), each probability rounded down or up (internal/dround).
//
// # Using it from a title
//
//	g, err := lockspin.New(cfg)                       // at load; errors name the field
//	// exact PAR: per reel r, counts[r][k] = base-game stops showing k bonus symbols
//	starts, pTrigger, err := g.TriggerStarts(counts)
//	rep, err := g.Analyse(starts, g.All(lockspin.Prob{Num: bet, Den: maxBet}))
//	// feature RTP (× total bet) = pTrigger·rep.Mean; jackpot hits per game =
//	// pTrigger·rep.Jackpots[l].Hits
//	// play: after the base spin, for each bonus position in the window
//	locks = append(locks, lockspin.Lock{Reel: r, Row: row, Symbol: g.DrawTriggerSymbol(src)})
//	out, err := g.Play(src, locks, g.All(lockspin.Prob{Num: bet, Den: maxBet}))
//
// The coin total is the same at every bet only if no jackpot level has a fallback
// (unqualified symbols then pay nothing): with a fallback f the coin mean grows as
// q falls, by f per expected unqualified symbol (more with Scale Up). Jackpot hits
// per game scale with q, so with q = bet/maxBet a jackpot's return per unit bet is
// the same at every bet. Without fallbacks nothing but the jackpot figures depends
// on q, and Hits is exactly proportional to q: one Analyse at q = 1 serves every
// bet (P(at least one hit) is the only figure that must be recomputed per q).
//
// It owns: the feature's configuration and its validation, Play and its Outcome
// record, and the exact analysis.
//
// It must not touch: credits, meters, jackpot amounts (money of the linked jackpot
// system: the outcome names the level, the machine pays it), the base game's reels
// or paytable, or any RNG other than the Source it is given.
package lockspin
