// Package lab is the machine's GLI-style test harness: the checks a test lab runs,
// written so that they run on any Linux box and print a verdict with its evidence.
// It is cut by job into this package and three below it, none importing a package
// beside or above it but lab itself:
//
//   - lab (here): the simulations and what every part of the lab shares;
//   - lab/campaign: the kill campaigns on the host (Powerfail, AFTPowerfail,
//     WalletFaults, JackpotFaults), the programs they launch (Egm) and the
//     invariant checks over what a killed machine left behind;
//   - lab/board: the emulated board's campaigns in QEMU (board.Powerfail,
//     board.Doors), which check the board's data disk with campaign's checker;
//   - lab/checklist: `egm-lab all`, every row of the lab checklist run against
//     the machine (RunAll), drawing on the three others, with its HTML report and
//     plots.
//
// This package owns the simulations through the titles' own Play: Simulate and
// RTPProof (sim.go: `egm-lab sim`, `egm-lab rtp`; each measured RTP of the game's
// pays against the PAR's exact figure in its 99% interval) and JackpotRTP
// (jackpot_rtp.go, `egm-lab jackpot-rtp`: linked play of several machines against
// jackpot.Memory, the measured jackpot return against the PAR's); the table games'
// simulation through the machine's own round engine, TablesSim and TablesProof
// (tables_sim.go, tables_rounds.go, tables_print.go, `egm-lab tables`: play.Deal
// from seeded generators on every core, decisions by play.Auto, bets on every row
// of each game's sheet (TableSheet), blackjack's insurance taken whenever offered
// on its own line; each bet's net per unit summed exactly in cents and held to the
// sheet's exact edge in its 99% interval with the sheet's σ, the verdict over all
// bets family-wise, TablesVerdict); the generator a check draws from (Generator:
// the cabinet's, or seeded to reproduce a run) and the raw stream for external
// batteries (WriteStream); and the words the reports share (words.go: the lab's
// Currency and Euros, Verdict with Pass and Fail, Inside, PrintViolations,
// FirstLine). The statistical battery itself is rng/battery's.
//
// Every long run stops when its context is done: the Context variants
// (SimulateContext, RTPProofContext, TablesProofContext, JackpotRTPContext,
// WriteStreamContext) between two chunks, with what they had and the context's
// error.
//
// It must not touch the subpackages (they import it), a machine's critical memory
// or the floor: the simulations run the games' and tables' own code in memory,
// drawing only from the rng.Source they are handed; nothing here decides a game
// on a cabinet or touches the screen.
package lab
