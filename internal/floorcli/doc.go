// Package floorcli is the program egm-floor: the floor system's commands. `run`
// polls machines over SAS (floor.Loop) with the linked jackpot controller
// (--jackpot), the cashless wallet (--wallet, with its control socket) and one
// look at a machine (--once: its meters and exceptions, or --rom-signature SEED,
// long poll 21); `wallet …` is the wallet's desk (machines' keys, players'
// accounts, scans, balances, reconciliation, the register of restrictions)
// through the running floor (--floor ADDR) or on the floor database.
//
// It parses flags and wires the floor's packages; it decides nothing about money
// itself, and it is never on the cabinet: egm links no package of the floor.
package floorcli
