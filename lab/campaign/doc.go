// Package campaign is the lab's kill campaigns on the host: the machine's own
// programs run as children and killed at random, with the invariant checks over
// what each kill left behind.
//
// It owns:
//
//   - Powerfail (powerfail*.go): `egm run --headless --autoplay` children SIGKILLed
//     once they were seen to commit to critical memory 1..MaxCommits times (then up
//     to MaxDelay more), so a loaded machine is exercised as an idle one; after each
//     kill ReadMemory and PowerfailChecker.Check (credits equation, no meter down,
//     every game settled once or in progress, recall arithmetic, no outcome
//     redrawn; CheckDir does both) and ChildSaid (the resumed game's outcome), which
//     lab/board runs over the board's data disk too;
//   - AFTPowerfail (aft_powerfail.go, aft_host.go): the lab's AFT host in a child
//     (AFTChild, `egm-lab aft-powerfail --child`) killed after 1..MaxTransfers
//     reported transfers; AFTLedger.Check after each restart;
//   - WalletFaults (wallet_faults.go): the machine, the floor's scan or the link
//     killed mid-transfer; the wallet's books checked over each reconciliation
//     (wallet_check.go);
//   - JackpotFaults (jackpot_faults.go): machines and the floor with its jackpot
//     controller killed at random; the books at rest reconciled to the cent
//     (jackpot_check.go);
//   - the programs a campaign launches (campaign.go: Egm, Program, ChildStopGrace),
//     its working directory (Workdir) and its progress callback (Progress);
//   - OfflineMoney (money.go), a stopped machine's AFT counters and credits read
//     offline for the wallet's reconciliation (egm-floor uses it too).
//
// A campaign takes the egm binary to launch (Egm: its path and any environment),
// a working directory and its options, and returns its report; progress goes to a
// callback (Progress). The checks are plain functions of what was read, tested on
// crafted good and bad books. A campaign stops through Egm.Context: its children
// get SIGTERM, then SIGKILL after ChildStopGrace; it returns between two kills.
//
// It must not touch lab/board or lab/checklist (they import it). It reads
// critical memory only offline (read-only, the child stopped) and moves money
// only through the floor's wallet and the machine's AFT, as an operator would;
// nothing here decides a game or touches the screen.
package campaign
