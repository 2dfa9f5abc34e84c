// Package desk is the floor's cashless wallet and its back office: the players'
// wallet accounts (integer cents), the machines' wallet public keys, the codes
// already used and a journal of transfers, kept in the floor's database
// (floor.Store) of either kind.
//
// # The wallet's records (wallet_store*.go)
//
// The wallet's logic is one code path over walletTx (wallet_store.go), the typed
// record operations of one transaction: accounts, machines, used codes (checked
// and marked by asset and code: the idempotency key that makes a code pay once;
// the code is also the transfer's AFT transaction id), the journal with its
// pending index, events, the money funded, AFT keys and the register. Every
// wallet operation is one transaction of it (Wallet.update, Wallet.view); the
// AFT conversation with the machine is never inside one: begin (debit, mark the
// code, journal pending) commits, then the machine is asked, then resolve
// (commit or refund) is another transaction. The interface is unexported and
// lives here, not in floor, because its records are the wallet's types (floor
// must not import desk) and no other package has any business with them; floor
// gives the raw transactions of each kind (Store.Update and Store.View for
// bbolt, Store.Postgres for PostgreSQL) and the schema. The two backends:
//
//   - bbolt (wallet_store_bolt.go): the buckets wallet_accounts,
//     wallet_machines, wallet_codes, wallet_journal, wallet_pending,
//     wallet_events, wallet_meta, wallet_aft_keys and wallet_restrictions (JSON
//     values, big-endian keys), unchanged, so that a floor file made by an
//     earlier version opens and works. One floor process holds the file and
//     bbolt runs one writer at a time: the transactions are serial.
//   - PostgreSQL (wallet_store_pg.go): the typed tables of
//     floor/pgschema/0003_wallet.sql (bigint minor units with CHECKs; the used
//     codes' PRIMARY KEY (asset, code), the journal's UNIQUE (asset, code) and
//     its partial index on the pending transfers), shared by any number of floor
//     processes. Each wallet operation is one SERIALIZABLE transaction of the
//     floor's runner, run again after a serialization failure: serializable,
//     because the wallet's checks are reads followed by writes (is the code
//     used? is there money enough? whose balance is on the machine?), which any
//     weaker level lets two hosts pass at once; at serializable one of two
//     hosts scanning one code commits and the other is aborted and, run again,
//     finds the code used (ErrReplayed), with the unique keys as a second
//     guard. The functions given to update and view therefore set their
//     results afresh and have no other effect (an AFT key is drawn before its
//     transaction).
//
// A scan of a machine's QR code (Wallet.Scan, wallet_scan.go) is verified — the
// machine is registered and names itself, the signature is its registered key's,
// the code is not expired and never used — then one transaction debits the account
// (cash-in), marks the code used and journals the transfer as pending; only then is
// the machine asked by AFT (a Transferer, with the code as the transaction id), and
// one more transaction commits it or refuses it (refunding a cash-in). A crash of
// the floor at any instant leaves either nothing or a pending entry; Recover (and
// every later scan on that machine) asks the machine again with the same
// transaction id, which the AFT client (floor.AFT) answers from the machine's
// history without moving money twice. The pending transfers are read through an
// index (wallet_pending, written and cleared in the same transactions as the
// journal entry; built once from the journal when a database from before it is
// opened), so finding them costs the pending transfers, not the whole journal. A
// cash-out code pays the wallet that put the balance in (R-CASH-3), and another
// wallet may pay in only once the machine reports no balance left (CreditsReader);
// an idle cash-out (R-CASH-6) returns it there without a scan: IdleReturn
// (wallet_idle.go), the floor's answer to exception 6A, reads the balance (74) and
// sends the type 80 with a transaction id of the floor's own, which the machine
// takes only for a cash-out it raised itself for idleness (a player's CASH OUT is
// refused, 95, and waits for the scan); IdleCashout does the same with the
// machine's code when the caller has it. RecoverMachine resolves one machine's
// pending transfers. AFTTransferer (aft_wallet.go) implements Transferer,
// CreditsReader and Decliner over the machines' floor.AFT links: DirIn is type 00,
// DirOut type 80 with the cash-out-request flag; Done only when the machine moved
// exactly the amount.
//
// WalletLoop (loop_wallet.go) is the wallet in the floor loop's process
// (egm-floor run --wallet), the loop's floor.WalletHook: each machine linked by its
// AFT registration on the loop's own Poller (said as "machine N linked as asset A",
// the readiness a caller may wait for), recovery at link and every RecoverEvery, 6A
// answered with IdleReturn (asked again after ErrCreditsUnread or ErrUnresolved).
// ServeControl (control*.go) serves its control endpoint, HTTP and JSON on loopback
// or a unix socket (0600) only (the address checked by floor.ControlNetwork), for
// `egm-floor wallet … --floor ADDR` (ControlClient); OpenWalletAt, DialAFT,
// LinkWallet, OnWalletLink and MoneyAt are the one-shot wallet commands' links
// (wallet_link.go). Refusals and transfers go to the wallet's event log.
// WalletDesk (wallet_desk.go) is the wallet as the one-shot commands reach it, the
// same answers through the control endpoint (ControlDesk) or on the database
// (OpenDesk); wallet_print.go prints balances, events and transfers for people,
// and RegisterAt registers a machine's key and, over its link, the floor's AFT.
// Reconcile checks wallets + on machines + in flight = funded to the cent, and
// each machine's transfer meters against the journal.
//
// # Player protection (wallet_protect.go, control_protect.go)
//
// R-PLAYER-1 and R-PLAYER-2, with the details from the casino's house rules: the
// wallet keeps the register (bucket wallet_restrictions, keyed by player and id):
// self-exclusions (the player's application, 6 to 12 months, never withdrawn,
// ended by their term), courts' restrictions (until lifted on a court's decision),
// staff restrictions (a day or longer, ended by their term or lifted), each with
// who, from when until when, by whom and why, and a lift with who, when and why;
// under 21 comes from the account's date of birth (Account.Born). Each change is
// one transaction with its event (kind "restriction"), so a restart or a kill keeps
// every acknowledged change whole. Wallet.Scan checks a cash-in against the
// register before anything is journaled: a barred player is refused
// (ErrRestricted), the refusal logged (kind "restricted", with the reason), and the
// machine told by declining its code (Decliner; floor.AFT.Decline) so that it
// spends the code and shows the player a sentence that does not say which
// restriction (the register is confidential). A cash-out is never checked: a
// balance on the machine always returns to its wallet. Restrict, Lift,
// Restrictions and SetBirthDate are reached by the desk (WalletDesk) and the
// control endpoint (/v1/restrict, /v1/lift, /v1/restrictions, /v1/born).
//
// CopyWallet (wallet_copy.go) moves a wallet whole into an empty floor database
// (egm-floor migrate: a bbolt floor onto PostgreSQL): every record through the
// same walletTx of both kinds, in one transaction of the destination, every
// transfer's number and register entry's id kept (gaps too: putTransferAt,
// putRestrictionAt), then both read back and compared; CheckWalletEmpty is its
// refusal of a destination whose wallet holds anything, asked before any write.
//
// It owns the wallet's buckets and tables only: the SAS polls are floor.Poller's and
// floor.AFT's, the meters and exceptions the floor loop's. It must not touch the
// linked jackpots (floor/jackpots) nor the machine's critical memory, and floor
// must not import it.
package desk
