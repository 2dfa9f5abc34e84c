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
// # The cashless wallet (wallet*.go)
//
// The floor keeps the players' wallet accounts (integer cents), the machines' wallet
// public keys, the codes already used and a journal of transfers in the same
// database. A scan of a machine's QR code (Wallet.Scan) is verified — the machine is
// registered and names itself, the signature is its registered key's, the code is
// not expired and never used — then one transaction debits the account (cash-in),
// marks the code used and journals the transfer as pending; only then is the machine
// asked by AFT (a Transferer, with the code as the transaction id), and one more
// transaction commits it or refuses it (refunding a cash-in). A crash of the floor
// at any instant leaves either nothing or a pending entry; Recover (and every later
// scan on that machine) asks the machine again with the same transaction id, which
// the AFT client answers from the machine's history without moving money twice. A
// cash-out code pays the wallet that put the balance in (R-CASH-3); an idle cash-out
// (R-CASH-6) returns it there without a scan. Refusals and transfers go to the
// wallet's event log. Reconcile checks wallets + on machines + in flight = funded
// to the cent, and each machine's transfer meters against the journal.
//
// It must not touch the machine's critical memory or decide anything about a game:
// it learns only what the protocol tells it.
package floor
