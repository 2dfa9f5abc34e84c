// Package autoplay is the scripted player of headless runs and the lab
// (`egm run --headless --autoplay N`, the power-fail campaigns): Play, PlayWith
// and PlayContext drive a machine.Machine through its exported API alone —
// Handle, Status, Titles, Denominations, BetRange, TableGames, TableLimits,
// TableRound, AFTRegistered and Config — as a player, an attendant and a host
// would. It deposits from the built-in test wallet (machine.TestWallet) in the
// profile's currency (settings.Scale), varies titles, denominations and bets,
// presents every step, gambles about half the wins offered, mixes table rounds in
// (table.go: bets inside the game's limits, the house strategy's decisions
// mostly), cashes out now and then and clears doors, host disables and handpays;
// at once, or at a player's pace (Options.GameTime before each game). On a
// machine an AFT host registered it cashes out only with Options.WalletCashouts
// (the machine then shows a cash-out code for the player's wallet); whenever a
// cash-out code is live it waits, ticking, for the wallet to take the balance
// or the code to expire, as play is refused meanwhile.
// Its choices come from a generator of its own seeded with the seed it is given:
// they are the player's, never the game's, and never reach an outcome.
// PlayContext stops at a committed step when its context ends, as a signal does.
//
// It was part of package machine (autoplay.go, autoplay_table.go) until the
// machine was cut to its state machine; it needs nothing unexported.
//
// It owns nothing the machine keeps: no critical memory, no configuration, no
// state of its own between runs. It must not touch the machine's internals
// (it is outside the package), the game RNG, or the floor link: a linked
// jackpot waits for the floor's controller, which the player does not play.
package autoplay
