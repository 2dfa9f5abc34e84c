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
// acknowledged by a long poll: a general poll again is SAS's implied NACK), the meter long polls 1A, 1C and 2F on a period,
// enable/disable; it stops only when the floor's own database fails, a
// *DatabaseError told by IsDatabase, never on a machine's link), the decoding of the machine's
// replies (address, command and CRC checked; BCD meters), the flag on a machine
// whose meters went backwards (meters_back.go: an exception of the floor's own,
// Exception.Finding, kept in the log and printed), the floor database, and
// the linked jackpots of several machines around one jackpot controller (Linked,
// linked.go): hits read from each machine's progressive win queue (87) and
// answered with the controller's amount (an addressed 80), coin-in contributed
// above the controller's own account of the machine — only its linked games'
// (linked_games.go, games.go: which games are in progressive group 1 with levels,
// read once per link with 51 and one B5 per game; each cycle the machine's
// coin-in less the coin-in of the games outside the group, one 6F per such game
// and only when the machine's coin-in moved — 5 polls for the table games of
// this project's machine; a hit while the player is on such a game (55) refused;
// a machine that does not say which games are linked contributes its whole
// coin-in, logged once per link) —, mystery awards journaled
// (BonusPayment, linkstore.go) and paid as legacy bonuses (8A) exactly once by
// reading the machine's bonus meters (9A) before any resend, the levels broadcast
// to every machine (86).
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
// the AFT client answers from the machine's history without moving money twice.
// The pending transfers are read through an index (wallet_pending, written and
// cleared in the same transactions as the journal entry; built once from the
// journal when a database from before it is opened), so finding them costs the
// pending transfers, not the whole journal. A
// cash-out code pays the wallet that put the balance in (R-CASH-3), and another
// wallet may pay in only once the machine reports no balance left (CreditsReader); an idle cash-out
// (R-CASH-6) returns it there without a scan: IdleReturn (wallet_idle.go), the floor's
// answer to exception 6A, reads the balance (74) and sends the type 80 with a
// transaction id of the floor's own, which the machine takes only for a cash-out it
// raised itself for idleness (a player's CASH OUT is refused, 95, and waits for the
// scan); IdleCashout does the same with the machine's code when the caller has it.
// RecoverMachine resolves one machine's pending transfers (the floor's loop runs it
// when it links the machine and periodically). WalletLoop (loop_wallet.go) is the
// wallet in the loop's process (egm-floor run --wallet): each machine linked by its AFT
// registration on the loop's own Poller (said as "machine N linked as asset A", the
// readiness a caller may wait for), recovery at link and every RecoverEvery, 6A
// answered with IdleReturn (asked again after ErrCreditsUnread or ErrUnresolved).
// ServeControl (control*.go) serves its control endpoint, HTTP and JSON on
// loopback or a unix socket (0600) only, for `egm wallet … --floor ADDR`
// (ControlClient); OpenWalletAt, DialAFT, LinkWallet, OnWalletLink and MoneyAt are
// the one-shot wallet commands' links (wallet_link.go). Refusals and transfers go to the
// wallet's event log. WalletDesk (wallet_desk.go) is the wallet as the one-shot
// commands reach it, the same answers through the control endpoint (ControlDesk)
// or on the database (OpenDesk); wallet_print.go and print.go print balances,
// events, transfers and a poll cycle for people (CycleReport for JSON), and
// RegisterAt registers a machine's key and, over its link, the floor's AFT. Reconcile checks wallets + on machines + in flight = funded
// to the cent, and each machine's transfer meters against the journal.
//
// # Player protection (wallet_protect.go, aft_decline.go, control_protect.go)
//
// R-PLAYER-1 and R-PLAYER-2, with the details from the casino's house rules: the
// wallet keeps the register (bucket wallet_restrictions, keyed by player and id):
// self-exclusions (the player's application, 6 to 12 months, never withdrawn,
// ended by their term), courts' restrictions (until lifted on a court's decision),
// staff restrictions (a day or longer, ended by their term or lifted), each with
// who, from when until when, by whom and why, and a lift with who, when and why;
// under 21 comes from the account's date of birth (Account.Born). Each change is
// one transaction with its event (kind "restriction"), so a restart or a kill keeps
// every acknowledged change whole. Wallet.Scan checks a cash-in against the register
// before anything is journaled: a barred player is refused (ErrRestricted), the
// refusal logged (kind "restricted", with the reason), and the machine told by
// declining its code (Decliner; AFT.Decline: a zero-amount 72 type 00 with the code
// as transaction id, answered 80) so that it spends the code and shows the player
// a sentence that does not say which restriction (the register is confidential).
// A cash-out is never checked: a balance on the machine always returns to its
// wallet. Restrict, Lift, Restrictions and SetBirthDate are reached by the desk
// (WalletDesk) and the control endpoint (/v1/restrict, /v1/lift,
// /v1/restrictions, /v1/born).
//
// # The AFT client (aft.go, aft_wallet.go)
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
// issued with exception 6A.
//
// AFTTransferer implements the wallet's Transferer over AFT links (Add one per
// machine): DirIn is type 00, DirOut type 80 with the cash-out-request flag; Done
// only when the machine moved exactly the amount.
//
// It must not touch the machine's critical memory or decide anything about a game:
// it learns only what the protocol tells it.
package floor
