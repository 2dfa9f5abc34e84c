// Package floor is the floor system's side of the SAS link, for development, demos
// and tests: a poller per machine that asks for exceptions and meters and sends
// commands, and a store that keeps what it learns. A floor's settings are Options
// (options.go), checked whole by Options.Validate before anything is dialled.
//
// It owns the host's polling loop (Loop, loop*.go: one goroutine per Machine with
// its own link — tcp:HOST:PORT or pty:PATH, dialled again after a failure; the
// machine's SAS address on its line and its number on the floor, Machine.Num, which
// keys the database, the jackpot controller and the wallet, so that machines at the
// same address on separate lines stay apart — general polls for exceptions (each
// acknowledged by a long poll: a general poll again is SAS's implied NACK), the
// meter long polls 1A, 1C and 2F (6F where the machine has it) on a period,
// enable/disable; it never stops on a machine's link, nor on the floor's own
// database failing — a *DatabaseError told by IsDatabase, PostgreSQL restarted —
// which it rides out, told once, each cycle tried again and the exceptions read
// meanwhile kept for the next record: loop.go), the decoding of
// the machine's replies (address, command and CRC checked; BCD meters), the flag on
// a machine whose meters went backwards (meters_back.go: an exception of the
// floor's own, Exception.Finding, kept in the log and printed), the refusal of a
// machine that counts in another currency (currency.go), the poll cycle's reports
// (print.go), and the floor database (Store, below).
//
// The loop's other parts are its subpackages', called through two small
// interfaces, each nil-safe in its implementation: Jackpots (floor/jackpots.Linked:
// the linked jackpots' part of a machine's cycle) and WalletHook (floor/desk's
// WalletLoop: the cashless wallet's). The SAS polls they need are Poller's here:
// the progressive win queue, awards, legacy bonuses and their meters (jackpot.go),
// the broadcast of the levels (progressive.go), the games' links to the
// progressive group (games.go), the mystery window of a new jackpot database
// (mystery.go) and the control endpoint's address check (control_addr.go), which
// Options.Validate uses.
//
// # The floor database (store*.go)
//
// Store is the floor's database, over one Backend (the interface of its records'
// typed operations: a poll's meters and exceptions in one transaction, a
// machine's latest meters, the exception log, the currency, and the linked
// jackpots' JackpotRecords — each machine's first read and baseline, the bonus
// journal — that floor/jackpots keeps, jackpot_records.go), named by one --db
// value (OpenDB, ParseDB: bbolt:PATH or a PATH, postgres://…):
//
//   - bbolt (go.etcd.io/bbolt, store_bolt.go), the embedded default: one file,
//     held by one floor process; each poll's findings one durable, crash-safe
//     transaction with no server to run and no cgo. (The machine's own critical
//     memory is a purpose-built journal for its one-fsync game cycle; the floor
//     has no such budget, and a floor host's own jackpot controller keeps its
//     state in a bbolt file too.) The wallet (floor/desk) keeps its own buckets in the same file
//     through Store.Update and Store.View (bbolt only: ErrNotOnBbolt on
//     another), and the subpackages mark their failures of it with DatabaseErr.
//   - PostgreSQL (github.com/jackc/pgx/v5's pool, store_pg.go), shared by any
//     number of floor processes: tables floor_meta, machine_meters, exceptions,
//     jackpot_baselines and bonus_payments in the connection's schema, and the
//     wallet's tables (wallet_accounts, wallet_machines, wallet_aft_keys,
//     wallet_codes, wallet_journal, wallet_events, wallet_meta,
//     wallet_restrictions: pgschema/0003_wallet.sql), made by versioned migrations embedded in the
//     program (pgschema/NNNN_name.sql, store_pg_schema.go: applied at start in one
//     transaction under an advisory lock, recorded in schema_version; a database
//     of a newer program's schema refused, ErrSchemaNewer). Its password never on
//     the command line: a file of mode 0600 (DBOptions.PasswordFile) or the
//     environment (EGM_FLOOR_DB_PASSWORD, PGPASSWORD); a --db URL carrying one is
//     refused. The linked jackpot controller may keep its records there too
//     (jackpot.OpenPostgres over Store.PostgresLocked and Store.Postgres: the
//     tables of pgschema/0004_jackpot.sql, one wide-area controller for every
//     floor process on the database). The wallet (floor/desk) reads and writes its tables itself
//     through Store.Postgres: one transaction of this runner (below) per
//     wallet operation, so that --wallet runs on either kind (OnPostgres
//     tells which; ErrNotOnPostgres on bbolt).
//
// Isolation on PostgreSQL: every operation is one SERIALIZABLE transaction, run
// again (up to ten times, with a growing pause) when PostgreSQL aborts it with a
// serialization failure (SQLSTATE 40001) or a deadlock (40P01). Serializable is
// the one level at which each transaction's outcome is the one it would have
// alone, whatever the other floor processes do at once, with no lock order to
// get right by hand: two floors recording their currency on a new database at
// once, one recorded and the other refused; the records the floors of one
// database write at once, each kept once; two floors' wallets scanning the same
// code at once, one paying and the other, run again, finding the code used
// (floor/desk: the used code's key is the asset and the code). A function given
// to the runner may run more than once, so it has no effect outside its
// transaction but the results it sets afresh. The price, a retry now and then, is
// small beside a poll cycle. The one exception is the jackpot controller's
// writers (Store.PostgresLocked): READ COMMITTED behind the lock of its one state
// row, because every contribution of every host writes that row and
// serializable would abort all of them but one (jackpot/doc.go).
//
// # The AFT client (aft.go, aft_decline.go)
//
// AFT is the host's AFT conversation with one machine over its Poller (safe from
// any goroutine: sas.Host sends one poll at a time):
//
//	a := &floor.AFT{P: poller, Asset: 1, Key: key, POSID: 7}
//	a.Register(ctx)                              // 73 01: asset, 20-byte key, POS id
//	a.Lock(ctx, sas.AFTCondToMachine, 10*time.Second) // 74 00 (optional: a transfer does not need it)
//	rep, err := a.Transfer(ctx, floor.AFTRequest{Type: sas.AFTInHouseToMachine, Cents: 10_000, ID: code})
//	a.Interrogate(ctx, index, ack)               // 72 FE/FF: 00 last, 01–7F position, FF newest, FE…
//	a.CancelLock(ctx); a.Status(ctx)             // 74 80, 74 FF
//	poller.AFTMeters()                           // 2F A0 A1 B8 B9 0C
//
// Transfer sends the 72, interrogates until the status is final, acknowledges it
// (72 FF) and returns the final reply: rep.Status.OK() when the machine moved the
// amount, otherwise the refusal (sas.AFTStatus…: 95 for a code that is unknown,
// expired, replayed or of the wrong kind, 87 machine busy, 83 amount, 89 key…). It
// is safe to call again with the same request after any failure, a crash of the
// host included: it asks the machine for its last transfer first and, when that is
// this id, reports it instead of sending again; a 95 for a reused id is checked
// against the machine's history. An error (ErrAFTNoReply: link down, or the
// context's) means the outcome is not known yet: call again with the same request.
// A deposit at or above the machine's AML threshold is held (status 40) until the
// attendant decides at the machine: Transfer keeps interrogating until then or
// until ctx ends (give it a deadline, and call again later with the same request).
// The transaction id is the machine's one-time code (machine.IssueCode: aft.Code.ID);
// the machine accepts a deposit (type 00) only with a live cash-in code and a
// cash-out (type 80, of exactly the balance) only with the live cash-out code it
// issued with exception 6A. Decline (aft_decline.go) spends a cash-in code the
// wallet refused (player protection) with a zero-amount 72. The wallet's
// Transferer over these links is floor/desk's AFTTransferer.
//
// It must not import its subpackages (floor/jackpots, floor/desk: they import
// it), touch the machine's critical memory or decide anything about a game: it
// learns only what the protocol tells it.
package floor
