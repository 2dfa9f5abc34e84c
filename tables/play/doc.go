// Package play is one round of a table game as the machine deals it: the bets,
// the outcome drawn once after the wager (the pocket, or the whole shuffled deck or
// shoe), the player's decisions in order, and the settlement. The machine keeps a
// Round in critical memory as the game's outcome and commits every decision; the
// lab's simulation, the autoplay and the screen use the same code, so what is
// simulated is what the machine plays.
//
// A Round is plain data (JSON): Deal draws it, Apply adds a decision, and the
// round's state is rebuilt from the deck and the decisions alone, so a restart
// replays the hand exactly and a decision never redraws a card.
//
// # Decisions and stakes
//
// Decisions are named (Decision: "hit", "stand", "double", "split", "insure",
// "no-insurance", "play", "fold", "check", "bet-4x", "bet-3x", "bet-2x",
// "bet-1x"). Legal lists the open ones, each with the stake it adds (a double, a
// split, insurance, the Play bet of three card poker and Ultimate Texas
// Hold'em): the machine takes that stake from the credits in the same commit as
// the decision.
//
// # Bets and limits
//
// Card games take their bets on named spots (Bets.Spots, the names each game's
// Spots lists); roulette takes a list of roulette.Bet, race-track bets included.
// Every stake is whole euros (the table's chip is 1 EUR, so 3:2, the Banker's
// 19:20, half-stake insurance and the race track's chip counts always pay whole
// cents). Limits holds a game's minimum and maximum per main bet and the maximum
// per side bet; Check applies them. Three card poker's progressive side bet
// (SpotProgressive, with an Ante) is paid by threecard.MotorCity on its stake, the
// top hand the pool the round carries (Round.Pool, set by the machine that keeps
// the pool; ProgressivePays); its fixed stake is the machine's to check.
//
// # Settlement
//
// Settle returns the staked and returned totals and one Line per bet as the
// game's sheet (tables.Sheet) names it, with the unit its edge is stated per (the
// Ante for the Ante-and-Play games, the first stake for blackjack's main game),
// so that a simulation can hold every bet to its exact figure.
//
// # The registry
//
// registry.go lists the table games: each entry (Game) is a game's Kind, its id,
// its name for players, its sheet, the translation key of its name in its rules
// and its place among the table games on SAS. Code elsewhere asks the registry
// (Lookup, KindOf, All, IDs) and switches on the Kind; only the registry compares
// ids.
//
// It owns the round's data and its rules of play. It must not touch critical
// memory, meters or the screen; chance reaches it only as the rng.Source that Deal
// is given. The games' rules and pay tables are the sub-packages' of tables.
package play
