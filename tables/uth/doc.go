// Package uth is the exact math of the house's Ultimate Texas Hold'em: one 52-card
// deck shuffled from rng, the deal (the player's two cards, five community cards, the
// dealer's two), the best five of seven cards, the player's decisions as inputs (bet
// 4x or 3x the Ante pre-flop, 2x on the flop, 1x on the river, check, fold), the
// settlement of Ante, Blind, Play and Trips in cents, and the exact figures: Trips by
// counting every seven-card set, the main game's house edge under the optimal
// strategy by counting every deal.
//
// # Source
//
// The Estonian house rules (../shared/seeds/000_…txt), the Ultimate Texas Hold'em
// sections "Mängukäik" (Ante and Blind before the deal, the optional "Trips Bonus"),
// "Panustamisvoorud" (pre-flop 3x or 4x the Ante or check; on the flop 2x or check;
// on the turn and river 1x or fold), "Võitmine ja Väljamaksed" (the dealer qualifies
// with a pair or better; if not, the Ante pushes and the other bets are settled as
// usual; a win pays Play and Ante 1:1; the dealer's win takes Play, Ante and Blind;
// the Blind pays only on a win with a straight or better and pushes on a lesser win)
// and "Ultimate Texas Hold’em Maja Eelis" ("Maja eelis kokku: 2.19%"). Settle quotes
// each rule. The Kazakh rules have no such game. "Blind Panuse Väljamaksed" and
// "Trips Bonus Külgpanuse Väljamaksed (Valikuline)" are headings with no table under
// them: Default ships the game's common published tables (Blind 500:1 royal, 50:1
// straight flush, 10:1 quads, 3:1 full house, 3:2 flush, 1:1 straight; Trips
// 50-40-30-8-6-5-3), marked as not from the house rules, for the operator to confirm.
// The Ante and Blind are equal and the Blind even (3:2 in whole cents); Trips pays on
// a fold too.
//
// # The round
//
// Deal shuffles the whole deck (51 draws of rng.Intn, Fisher–Yates); the shuffled
// deck is the outcome. The player's cards are Deck[0:2], the board Deck[2:7] (flop,
// turn, river), the dealer's Deck[7:9]: every card is fixed before any decision, and
// a decision only decides what is shown next. Play follows a list of decisions and
// refuses an illegal one (Street.Legal); Settle settles the deck and the decisions.
//
// # Hands
//
// Eval ranks five to seven cards from a Mask (one 13-bit rank set per suit): flush and
// straight flush per suit, then quads, trips and pairs from the ands of the suits'
// rank sets, a straight from five shifted ands of the rank set. A Value compares as
// poker does (category, then the ranks that make it, then the kickers, as rank sets).
// TestEvalAgainstBruteForce holds it to the best of the 21 five-card subsets ranked by
// a plain rank-counting eval5 on 600,000 seven-card hands; TestSevenCardCounts counts
// all C(52,7) = 133,784,560 sets by category (2.3 s of CPU) to the published counts.
//
// # Trips (TripsFigures)
//
// Trips is a function of the player's seven cards alone: from the counts, 50-40-30-8-6-
// 5-3 keeps 48987/2572780 = 1.9040% (hit frequency 15.270%, σ 2.688); the house rules
// state no figure for it.
//
// # Main game (Main)
//
// Ante, Blind and Play are one bet per unit of Ante. For a holding P and a board B the
// 990 dealer holdings of the 45 cards left settle a Play of x Antes to S0 + x·S1 (S0
// the Ante and the Blind, S1 the Play's ±1), and these are exact integer counts: for
// each board, the 1,081 holdings of the 47 cards left are evaluated once and sorted by
// value, and each holding's dealers that lose to it, tie it, and fall below a pair are
// counted from its place in the sorted list less its place in the lists of the 46
// holdings sharing either of its cards (the dealer holdings that share a card with P
// are 2·46 − 1 = 91). The river decision (1x or fold) is the better total per (P, B);
// the flop decision (2x or check) the better of the sums over the 1,081 turn and river
// pairs per (P, flop); the pre-flop decision (4x, 3x or check) the better of the sums
// over all flops per hole class. Flops are grouped into their 1,755 classes under the
// 24 suit permutations, each computed once for every holding of the 49 cards left and
// weighed by its number of flops; a hole class's sums are then its holdings' sums
// together, which is why decisions per class are exact. Everything is summed in
// int64 (money in half Antes for the 3:2), the figures are exact fractions over
// 1326·19600·1081·990 deals. TestRiverCounting holds the counting to Settle over
// every dealer holding and to riverBet's direct count.
//
// The whole computation (UTH_EXACT=1 go test ./tables/uth -run TestMainExact -v
// -timeout 60m; add UTH_WRITE=1 to rewrite strategy.bin.gz) took 2 min 2 s and 3 min
// 38 s in two runs on the shared two-core machine (about 90 s of CPU). Its figures are golden constants
// (golden.go, HouseFigures): house edge 50643648973/2317817502000 = 2.18497% per Ante,
// σ 4.9393, win frequency 46.569%, 4.15221 Antes staked on average (element of risk
// 0.52622%). The flop decisions and per-flop checksums it wrote
// are strategy.bin.gz (Strategy, HouseStrategy); TestMainSubset recomputes three flop
// classes against them in a fraction of a second. The pre-flop strategy that results
// is the published one (TestHouseFigures): bet 4x with 3-3 and up, any ace, any
// suited king and K-5 offsuit and up, Q-6 suited and Q-8 offsuit and up, J-8 suited
// and J-T offsuit; check everything else; 3x is never best. The river decision counts
// the 990 dealer holdings directly (riverBet). TestSimulation plays 10^6 seeded rounds
// through Deal, the strategy and Settle against the exact figures (5 s).
//
// The house rules' 2.19% is the published 2.185% rounded once more: the exact figure,
// 2.18497%, rounds to 2.18% at two decimals. The difference is rounding alone; the
// rules apply to exactly this Blind table.
//
// # What it owns and must not touch
//
// It owns cards, the deal, the ranking, the decisions and their legality, the pay
// tables, the settlement, the strategy and the exact figures. It must not touch the
// machine, meters, the screen, critical memory or any source of chance other than the
// rng.Source it is given. Errors begin "uth: ".
package uth
