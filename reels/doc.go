// Package reels is the machine's reel-strip math: symbols, strips, reel sets,
// windows, fixed pay lines, paytables, the evaluation of a spin, and the exact
// full-cycle analysis behind every title's PAR sheet.
//
// # What it owns
//
//   - Config → Game: a title's reel data in plain terms (symbol names, kinds and
//     pays; lines as row indexes per reel; strips as symbol names per stop),
//     validated and compiled by New. Every error reads
//     "reels: title <name>: <field>: <problem>".
//   - Spin(src, set, *Window): one uniform stop per reel via rng.Uint64n on the
//     strip length, written into a fixed-size Window. Stop k shows strip[k],
//     strip[k+1], … top to bottom (wrapping).
//   - Game.Evaluate(*Window, []LineWin) Eval: left-to-right line pays from the
//     leftmost reel, the highest win per line, and scatter pays by count anywhere.
//     Spin and Evaluate never allocate (TestSpinAndEvaluateDoNotAllocate). A
//     window filled by Spin remembers its reel set, whose pair table (built at New)
//     says which lines are still running after reels 0 and 1 (for 20 lines or more
//     a triple table, which lines can still pay after reel 2); Evaluate reads only
//     those. Spin + Evaluate: about 10.5 million spins per CPU-second for 5×3 with
//     10 lines, 8 million with 40 lines (5×3 or 5×4), 14 million for 3×3 with 5
//     (BenchmarkSpinEvaluate); the five draws of Spin are about 60 ns of that.
//   - Game.Enumerate / Game.Analyze: exact full-cycle distribution of one reel
//     set's spin, and the PAR figures derived from it (RTP, line and scatter parts,
//     hit frequency, second moment and variance, max win and its weight, hits and
//     RTP per combination, weight per scatter count), all as integers or big.Rat.
//     QuickRTP gives the same RTP by linearity alone in well under a millisecond,
//     for tuning strips and pays.
//
// # Rules of evaluation
//
// Pays are integers: line pays × line bet, scatter pays × total bet; the total bet
// is NumLines() line bets, and Eval.Total is in line bets. A line pays n of a kind
// of its first non-wild symbol s counted from reel 0 with the wild substituting; a
// line that starts with i wilds also offers the wild's own pay for i, and the
// higher of the two pays (ties to the wild). A line of wilds only pays the better of
// the wild's own pay and the best regular symbol's full-line pay. The wild never
// substitutes for Scatter or Bonus symbols, and those never pay on lines. A game has
// at most one wild and one scatter; it may have several Bonus symbols (coins,
// jackpot symbols), which features count.
//
// # The enumeration API (for titles and features)
//
// Enumerate(set, tagger) walks every stop combination of the set — not one by one,
// but as a dynamic programme over the reels whose state is each line's progress,
// merging prefixes that reach the same state and grouping identical columns — and
// returns Classes: every distinct (scatter count, per-reel column tags) with its
// exact Moments of the base win W = Eval.Total: Weight (stop combinations), Hits
// (W > 0), Sum W, Sum W², Max W and MaxWeight. Class weights add up to Cycle.
//
// A Tagger reports what a feature needs to see on each reel besides the win:
//
//	BonusCount(g)      bonus symbols per reel (Lock & Spin triggers and start states)
//	BonusMask(g)       bonus positions per reel (bit = row)
//	SymbolCount(ids…)  how many of the given symbols per reel (e.g. one jackpot symbol)
//	SymbolPresent(s)   whether s shows on the reel (expanding symbols)
//
// A title combines the classes with its features exactly. If F is a feature's
// award, decided by the class (the trigger sees only scatters and tags) and
// otherwise independent of the base win, then over the cycle
//
//	E[W + F]     = Σ_c (Sum_c + Weight_c·E[F|c]) / Cycle
//	E[(W + F)²]  = Σ_c (SumSq_c + 2·Sum_c·E[F|c] + Weight_c·E[F²|c]) / Cycle
//	P(W + F > 0) = Σ_c (Hits_c + (Weight_c − Hits_c)·P(F > 0|c)) / Cycle
//
// (divide by NumLines and NumLines² to express them per total bet). P(scatter
// count = k) is the weight of the classes with Scatters = k over Cycle; P(bonus
// count = k with given positions) is read the same way from BonusMask tags.
//
// Two cheaper companions: TagCounts(set, tag) gives each reel's stops per tag value
// (the independent per-reel distribution, e.g. of bonus symbols for a Lock & Spin
// start), and TagJoint(set, tag) gives, for an additive tag such as SymbolPresent,
// the joint weight of (tag total, scatter count) and the line pays summed by tag
// total — all that an expanding symbol's exact math needs, in milliseconds.
// ZeroLines(set, tag) counts, per scatter count and tag total, the stop
// combinations on which no line pays (the enumeration pruned to pay-free
// prefixes), for hit frequencies of features. PayDist(set, tag) gives the line
// pay's exact distribution, value by value, per tag total and scatter count (the
// DP with the pay settled so far in the state; 10–90 ms for the catalogue's free
// sets): the truncated distributions of a capped award (games/slot's cap cost).
//
// Cost (CPU time on the build machine, BenchmarkEnumerate): a 5×3, 10-line set
// with 40-stop strips takes about 5 ms plain, 10 ms with BonusCount, 20 ms with
// BonusMask; with 60-stop strips 15 / 30 / 50–70 ms; 40 lines on 5×3 or 5×4 with
// 50-stop strips 70–115 ms plain, 100–180 ms with BonusCount, 150–350 ms with
// BonusMask. Tags multiply the states, so use the coarsest tagger a feature needs
// (BonusCount rather than BonusMask when only per-reel counts matter), and
// enumerate each set once: AnalysisOf(set, e) derives the PAR figures from an
// enumeration made with any tagger, so the base game's PAR and its features' joint
// quantities come from the same pass.
//
// How it is fast: the state after reels 0..r is each line's progress (ended, a run
// of wilds, or a run of s that began with i wilds) plus the scatter count and the
// tags; lines that visit the same rows on all later reels are interchangeable, so
// their states are kept sorted (canonical) and more prefixes merge; and for each
// state the reel's distinct columns are split only as far as the running lines can
// tell them apart (a run of s only sees "s or wild" on its row), so a state with
// few running lines meets a handful of column classes, not every column.
//
// Simulation lives in the subpackage sim, which runs a title's own Play (the
// cabinet's code path) on every core.
//
// # What it must not touch
//
// Money (it works in multiples of bets), meters, the machine's state, files, the
// screen, and any source of chance other than the rng.Source passed to Spin.
package reels
