// Package jackpot is the floor's linked-jackpot controller (R-JP-1..3): the levels
// shared by every linked machine, their money, and their awards.
//
// It owns:
//   - the levels: Grand and Major, progressive levels won by a machine's hit (the
//     jackpot symbols of Lock & Spin), and the mystery must-hit-by level fed by 2% of
//     every bet (R-JP-2) and awarded between 8,000.00 and 12,000.00 EUR (R-JP-3);
//     each level has a reset value, a rate in basis points of every bet, and
//     optionally a hidden reserve rate and a ceiling (see LevelConfig);
//   - the registry of linked machines (Register) and each one's account;
//   - the contributions (Contribute), the hits (Hit), the displayable amounts
//     (Levels), the last awards (Awards), the accounts (Accounts) and the
//     accounting checks (Check, Accounts.Check);
//   - the mystery level's trigger amount, drawn when the level resets;
//   - its embedded database.
//
// It must not touch: any game outcome. Whether a Grand or Major symbol lands, and
// whether a hit qualifies, is the machine's game, decided by the machine's RNG; the
// controller only pays what a level holds when the hit reaches it. The mystery
// trigger is the controller's only draw: uniform in the level's window, through
// rng.Uint64n, from the certified DRBG (rng.NewCabinet in production; tests use
// rng.NewSeeded). The trigger is stored (the database must stay private to the
// controller) but never shown: Levels reports amounts, reset values and the
// "must hit by" amount, never the trigger. The controller knows nothing of credits,
// handpays or SAS: the machine pays an award by its own limit rules (R-WIN).
//
// # Money in exact units
//
// A bet of b cents gives a level of rate r basis points exactly b·r Units (1 Unit =
// 1/10,000 cent), so every contribution is an integer and not one hundredth of a
// cent is lost. Levels show whole cents (the amount rounded down). A progressive hit
// pays the whole cents of the level; the fraction stays in the level above its
// reset. A mystery award pays exactly the trigger amount; the part of the crossing
// contribution above the trigger stays in the level above its reset. So a mystery
// award is never below the window's low end and never above its high end: every
// award lies in [8,000.00, 12,000.00] EUR.
//
// # Accounting identity
//
// For every level L, at every committed state (Units):
//
//	Contributed(L) = (Amount(L) − Reset(L)) + Reserve(L) + Awarded(L) − Funded(L)
//	Contributed(L) = CoinIn · Rate(L)
//	Funded(L)      = Reset(L) · Awards(L)                 (reserve on top of the reset)
//	0 ≤ Funded(L) ≤ Reset(L) · Awards(L)                  (reserve funds the reset)
//
// "Funded" is the reset funding account: what the house put into the level as reset
// values after awards (the first reset value, the starting amount, is the level's
// base and is not counted). Summed over the levels this is the identity
//
//	Σ contributions = Σ level growth + Σ awards − Σ resets funded
//
// with level growth = amount above reset plus reserve. Every contributed Unit is in
// exactly one place: a level above its reset, a reserve, or an award (net of the
// reset funding). state.check also holds Amount ≥ Reset, Reserve ≥ 0, Amount ≤
// Ceiling, the trigger inside its window, and Awards·Min ≤ Awarded ≤ Awards·Max for
// a mystery level. Every commit is checked before it is written, and Open refuses a
// stored state that breaks it.
//
// # Reserves
//
// A reserve takes ReserveBP of the level's RateBP out of sight (growth above a
// ceiling also goes to it). By default, at an award the reserve is added on top of
// the reset value (up to the ceiling, the rest staying in reserve), so the next
// jackpot starts higher. With ReserveFundsReset the reserve pays the reset value
// itself and the house funds only a shortfall.
//
// The shipped mystery level uses the second form: of its 2%, 1.60% is a reserve
// that repays its 8,000.00 EUR resets and 0.40% shows as growth (MysteryReserveBP).
// The titles' PAR counts the mystery as exactly 2% of coin-in, so the fund must pay
// its own resets: with the reset funded by the house, each award of 10,000 EUR on
// average would cost the fund only its 2,000 EUR of growth, and the mystery would
// return 10% of coin-in (measured: 10.16% over 4·10^6 games), not 2%. With the
// reserve, a cycle's shown growth (trigger − reset, 2,000 EUR on average) takes
// 500,000 EUR of coin-in on average, in which the reserve collects 8,000 EUR, the
// next reset: the house's funding is a zero-mean walk and the mystery returns 2%
// (measured: 2.04% over 2·10^7 games). Grand and Major resets are the house's:
// the PAR counts them at their reset values as part of the game.
//
// # Simultaneous hits
//
// Every operation takes the controller's lock and is one write transaction, so hits
// are handled one after the other in the order they reach the controller. Of two
// machines hitting the same level "at the same time", the first handled gets the
// level's amount at that moment; the second gets the reset value plus what accrued
// after the first (the fraction of a cent and reserve carried, and contributions
// counted in between). Both are told their amount in Hit's answer; neither amount
// is ever the same money twice (TestSimultaneousHits*).
//
// # Idempotency
//
// Contributions are keyed by (machine, game sequence) and hits by (machine, game
// sequence, level). A resend after a timeout returns the first answer (the same
// mystery award, the same hit award) and counts nothing; a contribution resent with
// another bet is refused (ErrConflict). Records are kept for the latest Window games
// of each machine; an older game is refused (ErrTooOld).
//
// # Persistence: a bbolt file, or the floor's PostgreSQL database
//
// The records sit behind one store interface (store.go); the money rules are one
// code path over it. Every operation reads the state inside its own write
// transaction, holding the store's writer lock, and commits the new state with
// its records or nothing.
//
// Open: a bbolt file (store_bolt.go). The state (one checksummed record), the
// idempotency record and the award log entries of an operation are written in
// one bbolt transaction, committed with fsync before the answer is returned:
// after a kill at any instant the database holds either all of an operation or
// none of it, and a resend of an operation whose answer was lost finds its
// record. bbolt (go.etcd.io/bbolt) is a pure-Go, single-file, copy-on-write
// B+tree with ACID transactions and a single writer: the controller's load (one
// transaction per game on the floor, a few hundred a second) is far below its
// durable commit rate, it needs keyed lookups the machines' critical-memory
// journal (meters/) does not offer, and it is a well-tested store of etcd. The
// kill test (TestKill) SIGKILLs a committing child at random instants and checks
// that every reported operation is present exactly once and the identity holds.
// One process holds the file (ErrInUse for a second).
//
// OpenPostgres: the floor's PostgreSQL database (store_pg.go, the tables of
// floor/pgschema/0004_jackpot.sql), shared by every floor process that opens it
// there: a wide-area controller, one Grand, Major and mystery for every machine
// of every floor host. The levels' money is in columns (Units), the state row
// jackpot_controller holds the totals. Concurrency by an explicit row lock, not
// by serializable isolation: each contribution and hit is one READ COMMITTED
// transaction whose first act is SELECT … FOR UPDATE of the state row, so the
// writers of every host queue on it, one at a time, and each reads the state
// the last one committed — the single writer of the bbolt file, across
// processes. Under SERIALIZABLE every concurrent writer of that row but one
// would be aborted and run again (a mystery trigger drawn again with it); the
// lock makes them wait instead, and every other row a writer touches (its
// machine, its game, its awards) is written only under it. An operation that
// finds its game or hit recorded once it holds the lock (a resend through
// another host meanwhile) answers the first answer and counts nothing; a
// mystery award is made under the lock, once, to the machine whose
// contribution crossed the trigger. Reads (Accounts, Awards, a Levels older
// than Fresh) are read-only snapshots. The state in memory is then the latest
// this process committed or read: Levels reads it again after Fresh, Refresh at
// once, and Check does not compare it with the stored one. Copy moves a
// controller whole from one store to another (egm-floor migrate), into one made
// with the source's Config; CheckBlank is its refusal of a destination that has
// counted anything, asked before any part of a floor is written.

// # Connecting a machine (for the floor link)
//
//   - Register the machine's id once when it links. Unregistered machines are
//     refused (ErrUnknownMachine).
//   - After every paid game, send Contribute(machine, game, bet): game is the
//     machine's own game sequence number (strictly increasing, never reused, the
//     same number for the game's contribution and its hits), bet the game's total
//     bet in cents. The titles' rates are the controller's: the machine sends the
//     bet, not the parts. Keep an unanswered contribution in critical memory and
//     resend it, after a timeout or a restart, until it is answered: a mystery
//     award is decided and committed by the controller when the contribution is
//     counted, and the only way the machine learns of it is the answer (the same
//     answer on every resend).
//   - A qualified Grand or Major symbol in Lock & Spin: send HitAt(machine, game,
//     level, n) — n the hit's index in the game, so a game that collects the same
//     level twice wins it twice — and pay the amount answered (resend likewise
//     until answered). The machine pays every award by its own win rules (R-WIN,
//     handpay above the limit; a mystery award, 8,000–12,000 EUR, may be above it).
//   - Broadcast Levels() to the machines (progressive broadcasts, long polls 80/86)
//     as often as wanted; it is a read of memory (about 200 ns).
//   - Reconcile with Accounts(): each machine's coin-in, games and awards
//     (Account(machine) reads one). The floor's side of all this, over SAS for
//     several machines, is floor/jackpots' Linked.
//
// Memory is the same money rules without the database, for simulations of linked
// play (egm-lab jackpot-rtp); the floor never uses it.
//
// Levels are fixed when the database is created; Open refuses a different
// configuration for an existing database.
//
// Stored values are little-endian binary records with a CRC-32C (codec.go); a
// damaged file or record opens as ErrCorrupt. Errors carry the prefix "jackpot: ".
package jackpot
