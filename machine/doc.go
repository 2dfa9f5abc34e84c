// Package machine is the EGM state machine: credits, bets, the game cycle, gamble,
// lockups, tilts, doors, host enable/disable, wallet deposits and cash-out requests,
// AFT, floor bonuses, linked jackpots, table rounds, idle cash-out, the machine
// reserved for its player and the recovery
// of a game cut short by a power loss. It has no display, no serial port and no
// network: inputs arrive as Input events through Handle, outputs leave as Output
// events to subscribers (the screen, the floor link, the wallet), each sent only
// once its commit is durable; a refused input changes nothing and Handle returns a
// *refusal.Refusal wrapping ErrRefused. The flow of a game, the commits and the rules they
// hold, restart, faults and AFT are told in docs/machine.md.
//
// It owns: the states (which one holds); the player's selection within R-GAME-11 (the bet and
// denomination buttons are inputs, the machine works out the next choice); the
// money rules (R-CASH, R-WIN) and the order of the commits of a game; applying the
// configuration (machine/settings: settings.Config) at Open and the operator's
// settings changed on the cabinet (InConfigure), and recording them in critical
// memory; the machine's side of SAS AFT (it implements
// sas.AFTMachine) and its one-time codes; the built-in test wallet's id
// (TestWallet). It is the only owner of critical memory: it opens the store and no
// other package gets it to write; readers use View and Seq, the floor link writes
// only its LinkKey value, through OnCommit and CommitLink, under the machine's lock.
// Names other packages read in critical memory are constants (names.go).
//
// It must not touch: the math of a title (it calls Play and stores the outcome
// without changing it), the RNG beyond asking a Decider for a decision, the bytes of
// critical memory (meters does that), the screen, the serial link (it answers AFT
// in the protocol's terms, sas.AFTTransfer and its reply, but frames and transports
// are sas's) or the wallet's accounts.
//
// # Files
//
//   - machine.go: Open, the Machine, Handle's dispatch, Decider and Seeded;
//     input.go, output.go, state.go, status.go: the inputs, the outputs, the
//     states (the names re-exported from machine/state) and the Status; wire.go: their JSON for the screen's socket.
//   - game.go (one game, its steps and settlement), gamble.go, lockup.go (host
//     disable, tilts, the attendant key, RAM clear), doors.go, selection.go (title,
//     denomination, bet), money.go (deposits, cash-out, the idle cash-out, TestWallet), bonus.go
//     (floor bonuses), jackpot.go (linked jackpots), table.go (table rounds),
//     bonusjp.go (the machine's own bonus
//     jackpot, R-JP-4: machine/bonusjp's level in critical memory, funded and decided in a
//     game's first commit, paid in its settlement, undone by its void),
//     reserve.go (the machine reserved for its player: start, the ends by time,
//     by the player's wallet scan and by the staff),
//     table_progressive.go (three card poker's progressive side bet: its pool).
//   - aft.go (registration, lock, the AFT state in force), aft_transfer.go (72
//     transfers, interrogation, AML holds), aft_declined.go (the wallet's
//     player-protection refusals), codes.go (issuing and taking one-time codes).
//   - memory.go (critical memory: View, Seq, CommitLink, MemoryStats), names.go
//     (the names of critical memory other packages read), currency.go (the state's
//     currency).
//   - table_config.go (the table games in force), operator.go (Config, InConfigure
//     and the operator's settings kept in critical memory).
//
// Not here (each imported, none importing machine): the configuration's keys,
// defaults and validation are machine/settings; the AFT state's records, the
// one-time codes and their rules, the terms of a transfer request and the AFT
// event kinds and counters are machine/aft; a reservation's record, its rules and
// its event kinds are machine/reserve; a refusal, its reasons and the
// player's messages are machine/refusal, the states' names machine/state. The scripted player of headless runs
// and the lab is machine/autoplay (it needs only the exported API); the SAS face
// is machine/saslink; the tests' fakes are machine/machinetest.
package machine
