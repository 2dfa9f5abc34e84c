// Package floor is the floor system's side of the SAS link, for development, demos
// and tests: a poller per machine that asks for exceptions and meters and sends
// commands, and a store that keeps what it learns.
//
// It owns the host's polling loop (general polls for exceptions, the meter long
// polls 1A, 1C and 2F on a period, enable/disable), the decoding of the machine's
// replies (address, command and CRC checked; BCD meters) and the floor database.
//
// The database is bbolt (go.etcd.io/bbolt): the floor keeps small keyed records —
// the latest meters per machine, the exception log in order — that it must not lose
// to a crash, and bbolt gives each poll's findings one durable, crash-safe
// transaction with no server to run and no cgo. (The machine's own critical memory
// is a purpose-built journal for its one-fsync game cycle; the floor has no such
// budget, and the jackpot controller keeps its state in bbolt too.)
//
// It must not touch the machine's critical memory or decide anything about a game:
// it learns only what the protocol tells it.
package floor
