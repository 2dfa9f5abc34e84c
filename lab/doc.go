// Package lab is the machine's GLI-style test harness: the checks a test lab runs,
// written so that they run on any Linux box and print a verdict with its evidence.
//
// It owns the statistical battery for the RNG (raw and scaled output: chi-square per
// range, bit runs, serial correlation, gap test, at 99% confidence) and the
// statistics those tests need (incomplete gamma, normal tails), and the kill
// campaigns with their invariant checks:
//
//   - Powerfail (powerfail*.go): `egm run --headless --autoplay` children SIGKILLed
//     once they were seen to commit to critical memory 1..MaxCommits times (then up
//     to MaxDelay more), so a loaded machine is exercised as an idle one; after each
//     kill ReadMemory and PowerfailChecker.Check (credits equation, no meter down,
//     every game settled once or in progress, recall arithmetic, no outcome
//     redrawn) and ChildSaid (the resumed game's outcome);
//   - AFTPowerfail (aft_powerfail.go, aft_host.go): the lab's AFT host in a child
//     (AFTChild) killed after 1..MaxTransfers reported transfers; AFTLedger.Check
//     after each restart;
//   - WalletFaults (wallet_faults.go): the machine, the floor's scan or the link
//     killed mid-transfer; CheckWalletBooks over each reconciliation;
//   - JackpotFaults (jackpot_faults.go): machines and the floor with its jackpot
//     controller killed at random; CheckJackpotBooks over the books at rest;
//   - BoardPowerfail (board_powerfail.go): the test image's power cut in QEMU;
//     BoardDoors (board_doors*.go): the test image with its test kit
//     (internal/testkit), the screen killed while doors open and close, every
//     opening read over SAS and found counted and logged on the data disk.
//
// It owns the simulations through the titles' own Play: Simulate and RTPProof
// (sim.go: `egm-lab sim`, `egm-lab rtp`; each measured RTP of the game's pays against
// the PAR's exact figure in its 99% interval) and JackpotRTP (jackpot_rtp.go,
// `egm-lab jackpot-rtp`: linked play of several machines against jackpot.Memory,
// the measured jackpot return against the PAR's); the table games' simulation
// through the machine's own round engine, TablesSim and TablesProof
// (tables_sim.go, tables_rounds.go, tables_print.go, `egm-lab tables`; item 18 of
// `egm-lab all` in check_tables.go: play.Deal from seeded generators on every core, decisions by
// play.Auto, bets on every row of each game's sheet, blackjack's insurance taken
// whenever offered on its own line; each bet's net per unit summed exactly in
// cents and held to the sheet's exact edge in its 99% interval with the sheet's
// σ, the verdict over all bets family-wise); the generator a check draws from
// (Generator: the cabinet's, or seeded to reproduce a run) and the raw stream for
// external batteries (WriteStream); the reports' printing (Print methods); and
// OfflineMoney (money.go), a stopped machine's AFT counters and credits read
// offline for the wallet's reconciliation.
//
// A campaign takes the egm binary to launch (Egm: its path and any environment),
// a working directory and its options, and returns its report; progress goes to a
// callback (Progress). The checks are plain functions of what was read, tested on
// crafted good and bad books.
//
// Every long run stops when its context is done: the simulations' Context
// variants (SimulateContext, RTPProofContext, TablesProofContext,
// JackpotRTPContext, battery.RunContext, WriteStreamContext) between two chunks,
// with what they had and the context's error; a campaign through Egm.Context
// (its children get SIGTERM, then SIGKILL after ChildStopGrace; it returns
// between two kills), BoardPowerfailOptions.Context or BoardDoorsOptions.Context;
// RunAll through AllOptions.Context, leaving the item in progress undecided
// (StoppedAll).
//
// The battery draws only from the rng.Source it is handed, never from a generator
// of its own. The campaigns read critical memory only offline (read-only, the
// child stopped) and move money only through the floor's wallet and the machine's
// AFT, as an operator would; nothing here decides a game or touches the screen.
package lab
