// Package machine is the EGM state machine: credits, bets, the game cycle, gamble,
// lockups, tilts, doors, host enable/disable, wallet deposits and cash-out requests,
// idle cash-out and the recovery of a game cut short by a power loss. It has no
// display, no serial port and no network: inputs arrive as Input events through
// Handle, and outputs leave as Output events to subscribers (the screen, the floor
// link, the wallet).
//
// Outputs: OutState (the Status after every input), OutPresent (a step to show,
// with the stored outcome bytes), OutGambleStep, OutGameEnd, OutCashoutRequest (for
// the wallet) and OutEvent (every event the machine commits to the log — doors,
// tilts, handpays, voids, AML flags, host commands, power-up, configuration changes —
// for the floor link's exceptions), each sent only once its commit is durable.
//
// A refused input changes nothing; Handle returns a *Refusal (refusal.go) that
// wraps ErrRefused: its Reason (and the State that refused it), the player's
// message (Msg, an id of the screen's "play" catalogue, and its Values: amounts in
// minor units, counts, which the screen words in the player's language and
// currency; the machine formats no money for the player) and the engineers'
// English Detail, which Error returns for the logs.
//
// # Critical memory
//
// The machine is the only owner of critical memory (memory.go): it opens the
// store, and no other package gets it to write. Readers — the operator menu,
// the floor link's meters, tools and tests — read through View (a snapshot of the
// last commit, also of a store stopped by a failed write) and Seq (0 without a
// store). Without a store — RAM ERROR after a reopen that failed, a RAM error at
// Open, a closed machine — View calls nothing and returns an error wrapping
// ErrNoStore, so a reader answers "unavailable" instead of dereferencing a nil
// store. The floor link writes its own state — one value, LinkKey, through the
// LinkSetter it is handed, never the *meters.Tx — in two ways, both under the
// machine's lock: OnCommit adds it to each of the machine's commits (an exception
// is durable in the same commit as the event that raises it), and CommitLink makes
// a commit of its own (the queue after the host's acknowledgement), handled as the
// machine's own are: a failed write (meters.ErrStopped) stops play with a
// critical memory error. StoredCashout reads the machine's pending cash-out from
// a snapshot for a tool that opened a stopped machine's directory read-only.
//
// Names other packages read in critical memory are constants (names.go):
// EvCashoutRequest and the other Ev… kinds, the game phases (PhaseHandpay,
// PhaseGamble, PhaseJackpot) and the counters (CounterGamble…, CounterAFT…,
// BonusCounters).
//
// It owns: the table rounds' place in the game cycle (table.go), the states (Idle, GameInProgress, GambleOffered, HandpayLockup,
// CashoutPending, DoorOpen, Disabled, Tilt with a reason, RAMError,
// JackpotPending), the player's
// selection (title, denomination, bet per line) within R-GAME-11 — the buttons
// BET UP, BET DOWN, DENOM and MAX BET arrive as inputs (InBetUp, InBetDown,
// InNextDenom, InMaxBet) and the machine works out the next bet or denomination,
// so no presentation decides one —, the money rules
// (R-CASH, R-WIN), the order of the commits of a game, the machine's configuration
// (Config, strict JSON with defaults) and a scripted player for headless runs
// (Autoplay, with the built-in test wallet; AutoplayContext stops it at a committed
// step when its context ends, as a signal does).
//
// It must not touch: the math of a title (it calls Play and stores the outcome
// without changing it), the RNG beyond asking a Decider for a decision, the bytes of
// critical memory (meters does that), the screen, the serial link (it answers AFT
// in the protocol's terms, sas.AFTTransfer and its reply, but frames and transports
// are sas's) or the wallet's accounts.
//
// # One game
//
//  1. InSpin (or InMaxBet): the machine must be Idle (no lockup, door closed,
//     enabled, no cash-out pending) and the balance must cover the bet (R-CASH-5).
//     Critical memory is validated.
//  2. The Decider runs the title's Play: all draws happen here, after the wager, from
//     the RNG only. An RNG health failure or a Play error voids the game in one
//     commit (the bet taken and refunded as voided_refund_cents, a voided recall
//     entry, game_voided and tilt events) and tilts the machine (R-FAULT-1).
//  3. One commit: coin_in, games_played, the title/denomination meter, the balance
//     less the bet, and the game in progress with its outcome (meters.Tx.SetGame).
//     Only then is OutPresent step 0 emitted.
//  4. The screen presents the steps (0: base spin, then one per free game, then one
//     per Lock & Spin respin) and reports each with InStepShown. Every step but the
//     last is committed (SetGameStep) so a restart resumes at the next one. A plain
//     spin has one step, so it commits nothing here.
//  5. After the last step: a win over HandpayLimitCents commits the "handpay" phase
//     with a handpay event (and an AML flag) and locks in HandpayLockup until
//     InAttendantKey; a win that may be gambled (operator's Gamble on, the title has
//     Gamble, no jackpot in it, the colour bet offered within the limits) waits in
//     GambleOffered; anything else is settled at once.
//  6. Gamble: each InGambleRed/InGambleBlack is its own Decider draw and its own
//     commit (phase "gamble" with the round and the card history); InTakeWin or
//     InCollect, a lost card or an exhausted round settles it.
//  7. Settlement, one commit: won_to_credits and the balance up by the amount
//     credited (or handpay_cents by the amount the attendant paid), jackpot_cents,
//     games_won or games_lost, the title meter's win, the gamble counters
//     (gamble_in_cents, gamble_out_cents), an AML flag for a win at or above the
//     threshold, and FinishGame into recall. Critical memory is validated again.
//
// A plain game is therefore two commits (two fsyncs); each feature step, gamble card
// and handpay adds one. The win is credited only at settlement, so a game voided
// before it never needs a meter to go down.
//
// # Linked jackpots
//
// The outcome names the linked levels hit ("grand", "major"). A machine with a
// floor link (SetJackpotsLinked, set by machine/saslink) pays each the amount the
// floor's controller answers for it, never the broadcast amount and never a guess:
//
//  1. After the last step, a game with linked hits commits the "jackpot" phase:
//     the game record names its levels in order (jackpotData) and a jackpot_hit
//     event (SAS 56) is logged. The machine shows "JACKPOT — waiting for the
//     controller" (JackpotPending), a lockup that survives power loss: only the
//     controller's answer ends it (not the attendant key).
//  2. The floor reads the hits (SAS 87/85), asks the controller (jackpot.HitAt,
//     idempotent by machine, game, level and hit index, serialised: of two
//     simultaneous hits the first handled gets the amount, the second the reset
//     plus what accrued after it) and sends the amount (InJackpotAmount, an
//     addressed 80). Each amount is committed into the game record (a
//     jackpot_amount event) before anything is paid, so a restart pays the same
//     amounts and never asks again.
//  3. Once every hit has its amount, the game is paid by the same limit rules as
//     any win (R-WIN-1/2): the outcome's win plus the amounts to credits in the
//     settlement commit (a progressive_win event, SAS 54), or, above
//     HandpayLimitCents, the handpay lockup with the amounts kept in the handpay
//     phase's data (SAS 51/52). jackpot_cents and recall's JackpotCents hold them.
//
// With no controller (levels unavailable, exception 53, the floor down) the hit
// waits: it is neither paid at a guessed amount nor lost, and is paid exactly once
// when the controller answers. A machine without a floor link pays each level its
// reset value (JackpotCents). A game with a jackpot is not offered the gamble.
//
// # Table games
//
// The five table games (tables/play: roulette, three card poker, punto banco,
// blackjack, Ultimate Texas Hold'em) are games on the same path as the slots
// (table.go): InTableDeal (Title: the game, Table: the bets) is checked against the
// game's limits (Config.Tables) and the credits (the bets and the least stake that
// keeps the hand alive), the round is drawn once by the Decider (play.Deal: the
// pocket, or one full shuffle of the deck or shoe) and committed as the game's
// outcome with the stake; InTableDecision commits each decision with the stake it
// adds (phase "table", the decisions in the game's Data), taking the next cards of
// the stored deck: a decision never draws. With no decision left the screen shows
// the end of the hand and sends InStepShown (step 0); settlement is play.Settle,
// paid to credits or, above HandpayLimitCents, by the attendant (the decisions stay
// in the handpay phase's data). OutTable carries the round as it stands. Meters,
// recall (Outcome: the deal; Data: the decisions; BetCents: everything staked),
// the per-game meters (title = the game's id, denomination = play.Chip) and voids
// are those of any game. Table games have no gamble and no linked jackpot: they
// neither win the linked levels nor contribute to them (the floor counts the slots'
// coin-in only), so the slots' 94% holds whatever the tables take. A restart
// replays the stored decisions over the stored deck and offers the same open
// decisions (resumeTable).
//
// # Floor bonuses
//
// InBonus pays a floor bonus (the linked mystery jackpot, SAS legacy bonus 8A) in
// one commit, counted when accepted in the bonus counters by tax status
// (BonusCounters, SAS 9A) with a bonus event (SAS 7C): to credits (won_to_credits)
// up to the handpay limit, else a handpay lockup the attendant key pays. It is
// refused while a game, a cash-out or another bonus handpay is pending (the floor
// sends it again). Status.BonusCents shows the last bonus until the next game.
//
// # Restart
//
// Open validates critical memory, counts the power-up, restores the machine's own
// durable state (value "machine": door, disabled, tilt, the wallet that owns the
// balance, a pending cash-out) and resumes a game in progress from its stored
// outcome, never drawn again: at its committed step, in its handpay lockup, or in
// its gamble with the committed round (settled at once if that round was over).
// Settlement is FinishGame, which critical memory refuses without a game in
// progress, so no game is settled twice. A stored outcome that no longer parses voids
// the game (program error). Boot outputs (the step to present, a pending cash-out
// request) are delivered with the first input: send InTick after subscribing.
//
// # Money in and out
//
// InDeposit credits wallet_in (only from the wallet that owns a non-zero balance,
// R-CASH-3; at or above AMLThresholdCents an aml_flag event, R-CASH-4). InCashout,
// or InTick after IdleCashoutMinutes without play (R-CASH-6), raises a cash-out
// request (OutCashoutRequest, a cashout_request event) for the whole balance; the
// balance stays until InCashoutConfirmed (wallet_out up, balance down) or
// InCashoutFailed (the balance stays). A clock set backwards restarts the idle wait.
//
// # Configuration on the cabinet
//
// InConfigure (Input.Config, Input.Who) is the operator menu's change of the
// operator's settings (OperatorSettings: denominations, gamble, handpay limit, AML
// threshold, idle cash-out minutes; machine_id and asset_number stay the file's).
// It is refused while a game is in progress (its gamble and handpay included) or a
// cash-out is pending, and when Config.Validate refuses the result or no title can
// be played at its denominations. Applied, it is one commit: a config_change event
// "by WHO: " with configChanges' list of old → new values, the settings under the
// value "operator_config" and the configuration in force under "config". At every
// boot the stored settings are laid over the file's configuration (the operator's
// word wins over the file for those keys); settings that no longer validate are
// dropped with a config_change event. A selection the new denominations no longer
// offer moves to the title's first offered one. InOperatorAccess (Who, Detail) logs
// an access to the operator menu as an operator_access event (opened with the PIN,
// a wrong PIN, a lockout, closed), in any state with critical memory open.
//
// # Cashless (AFT)
//
// The real way money moves (R-CASH-1/2) is SAS AFT with one-time codes (aft.go,
// aft_transfer.go, codes.go). The machine implements sas.AFTMachine itself:
// AFTRegister (73), AFTLock (74) and AFTTransfer (72); machine/saslink passes the
// floor link's requests on.
//
//   - Registration (asset number, 20-byte key, POS id) is in critical memory
//     (value "aft"); the key is checked on every transfer (89), the asset too (93).
//     A registered machine is in AFT mode.
//   - IssueCode(CodeCashIn) returns a Code {ID, Kind, Asset, Expiry, Cents}: ID is
//     20 characters from crypto/rand (never the game RNG), the AFT transaction id
//     the host must use; Expiry is Config.AFT.CodeExpirySeconds (default 300) away.
//     Live codes (at most Config.AFT.MaxLiveCodes, expired and then the oldest
//     cash-in codes dropped first) are in critical memory; LiveCodes lists them.
//   - A type 00 transfer (host to machine) is accepted only with the ID of a live,
//     unexpired cash-in code of this asset, consumed in the transfer's journal
//     commit; otherwise status 95 and an aft_refused event saying why (unknown,
//     expired, replayed, wrong kind, foreign).
//   - Every accepted transfer is journaled first (the last-transaction record,
//     status 40, with the code consumed), then committed: credits, wallet_in or
//     wallet_out, the AFT counters (aft_in_house_cashable_in/out_cents,
//     aft_in_house_transfers_in/out), the history entry (value
//     "aft_history/NNN", 127 positions) and the last-transaction record in one
//     commit with an aft_transfer event (exception 69). A journaled transfer found
//     at boot is completed then. A committed transfer is never rolled back.
//   - An identical resend gets the stored status (no second credit), the last
//     transfer's or, for an older one resent after a newer, its history entry's;
//     an id of the history with other terms is a replay (95); a new request
//     with the last id gets 81; a new transfer while the last is pending or not yet
//     acknowledged by an FF interrogation gets C0. Interrogation: index 00 the last
//     transfer, 01–7F a history position, FF the newest, FE the one before….
//   - AML (R-CASH-4): a deposit at or above AMLThresholdCents is held — status 40,
//     nothing credited, an aft_held event — until AFTApprove(id, approve, who):
//     approval credits it (with an aml_flag event naming who; the attendant key
//     approves too, Status.AFTHeldCents shows the held amount), a decline ends it
//     with status 87 and nothing credited; the host may cancel it (72 code 80).
//   - Cash-out in AFT mode: InCashout, or the idle cash-out (R-CASH-6), issues a
//     cash-out code for the whole balance (IssueCode(CodeCashOut) does the same) with
//     an aft_cashout_request event (exception 6A). While it is live no bet and no
//     deposit is taken. The machine accepts a type 80 transfer (machine to host) of
//     exactly the balance, only with that code's ID; credits go down only when it
//     commits.
//   - The idle cash-out taken by the host (R-CASH-6): exception 6A does not carry
//     the code and no player is there to scan it, so for a cash-out the machine
//     raised itself for idleness (Code.Idle) — and only for that — a type 80 of
//     exactly the balance with the host's own transaction id is accepted when that
//     id is new to the machine (no live code, not in the history, not the last
//     transfer's); the idle code is consumed in its place. A player's CASH OUT
//     still needs its scanned code (95 otherwise). This is simpler and safer than
//     exposing the live code over the link: any host that may transfer (the
//     registration key) could then take any cash-out.
//   - Lock (74): granted at once when idle; asked during a game it is pending and
//     takes hold when the game ends (aft_game_locked event, exception 6F). While
//     locked no bet and no deposit is taken; the lock ends at its timeout, on
//     cancel, or with a completed transfer (unless the transfer asked to stay
//     locked). It is kept in memory only: a power cut ends it.
//
// Not implemented: bonus (10/11), debit (40/60), ticket (20) and win-to-host (90)
// transfers (answered 82), restricted and non-restricted credits (83), partial
// transfers (a 01 request moves the full amount or nothing), receipts, and
// exception 6B. A lock with timeout 0 lapses at once.
//
// The lab's AFT host that moves money through a machine until it is killed (the
// AFT power-fail campaign) is in lab/campaign (aft_host.go); the machine exports nothing for it.
//
// The test wallet (InDeposit, OutCashoutRequest, InCashoutConfirmed) stays for
// development (the F2 key, autoplay): a machine that is not AFT-registered cashes
// out through it.
//
// # Faults
//
// A commit refused for its content tilts with "program error". A failed write (full
// or read-only disk) stops critical memory and tilts with "critical memory error";
// the attendant key reopens critical memory and boots again, resuming the game; a
// reopen that fails too (the disk still full) leaves no store: RAM ERROR, where
// View returns ErrNoStore, until a later attendant key reopens it. A
// RAM error (meters.RAMError, at Open or from a validation) is the RAMError state;
// only InRAMClear with the operator's name ends it. An RNG failure is sticky in the
// generator: the attendant key does not clear it while the RNG still fails.
//
// # Independence (R-RNG-3)
//
// The outcome is whatever the title's Play returns from the Decider's source: the
// balance, the time, the history and the selection's timing never reach it. With a
// Seeded decider the same seed gives the same outcomes whatever the balances, doors,
// deposits and cash-outs in between (TestOutcomesIndependent).
package machine
