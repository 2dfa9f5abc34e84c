// Package saslink is the machine's face on the floor link: it implements
// sas.Machine over a running machine.Machine, so that sas.Link and sas.Responder
// answer the floor system from the machine's own meters and state.
//
// It owns the map from the machine's committed events to SAS exceptions (doors 11/12,
// AC power 17/18, tilts 20, options changed 3C, handpay pending/reset 51/52 (51
// raised again every 15 s while the host has not read the handpay with 1B),
// cash-out pressed 66, game started/ended 7E/7F, level hit 56, progressive win 54,
// legacy bonus 7C; AFT: transfer complete 69, host cash-out requested 6A, game
// locked 6F, registration 6C/6D/6E — aft.go; the machine reserved for its
// player, 6F too — see below), the
// exception queue's content in critical memory (its value machine.LinkKey), the SAS view
// of the machine's games (the 25 titles as game numbers 1..25 in catalogue order,
// in progressive group 1 with levels 1 and 2; then the five table games as 26..30
// in play.IDs order — tables.go: listed whether enabled or not, so a number never
// moves, game id TG, 1 EUR, base % the main bet's exact return, progressive group
// 0 and no levels, because their coin-in is no part of the linked jackpots' funding
// and they win none of them), the per-game meters,
// the ROM signature (CRC-16 over the program file, seeded by the host), and the linked
// jackpot levels the floor broadcasts (80/86, group 1: Grand, Major, mystery) with
// exception 53 when they stop for 5 s, and the machine's side of linked hits and
// floor bonuses (jackpot.go, sas.JackpotMachine): the waiting game's hits as the
// SAS progressive win queue (85/87), the last paid level (84), the controller's
// amount for the first unanswered hit (an 80 addressed to the machine while a hit
// waits — the broadcasts are 86 or address 0 and never pay anything), the legacy
// bonus (8A) and its meters (9A). New marks the machine's jackpots as linked.
//
// The machine is the only owner of critical memory: the bridge holds no store.
// It reads meters, recall and counters through machine.View, and writes its
// exception queue (value machine.LinkKey, "" when empty) only through the
// machine, under the machine's lock, with the machine.LinkSetter it is handed,
// which writes that one value: exceptions enter critical memory in the
// machine's own commit of the event that raises them (machine.OnCommit: the door
// event and its 11, the game's bet and its 7E are one atomic commit), and leave it
// in a commit the bridge asks of the machine when the host's next poll
// acknowledges them (machine.CommitLink, where a failed write stops play as the
// machine's own would), so none is lost across a power cut or while the link is
// down.
//
// Without critical memory (RAM ERROR after the attendant key's reopen failed, a
// closed machine; memory.go) the bridge never panics: the polls that report
// meters (0F, 10–1A, 1C, 2F, 84, 9A) are met with silence (sas.MeterAvailability)
// rather than zeros the host could book, the general poll reports ExRAMError (31)
// once per memory fault (a failed write's tilt too), the other polls are answered
// as the machine stands (enable/disable refused with a NACK, AFT "unable now"),
// and the queue lives on in memory until a commit succeeds again. The
// acknowledgement drops the exception that was delivered (sas.Queue.Ack), not the
// queue's head: one of higher priority queued in between (a 6A after a game's 7F)
// stays to be delivered. One may be
// delivered twice if the power fails between its delivery and the acknowledgement's
// commit: at least once, never lost.
//
// The meters follow SAS's definitions, not the machine's names (meters.go): coin
// out (01) is the credits games and floor bonuses paid to the credit meter
// (won_to_credits), jackpot (02) the wins the attendant paid, cancelled credits
// (03/04) the handpaid cash-outs; per game, coin out is the title's wins less its
// handpays plus any bonus credited while it was selected, and jackpot its handpays
// (per-title counters the machine commits with the game, machine/names.go; a table
// game's the same, from the rows and counters with its id), so the 30 games'
// meters add up to the machine's for every meter reported both ways.
// Long poll 18 counts games since power-up and since the slot door last closed. The
// ROM signature (21) is computed off the link and cached per seed. The link's
// counters (sas.Stats: served, ignored by cause, CRC and line errors, exceptions
// delivered and re-delivered, TCP hosts and takeovers) are logged every minute
// they change and read with Bridge.LinkStats (`egm link` through the platform).
//
// AFT (72/73/74) is answered by the machine's own AFT engine (machine/aft.go): the
// bridge forwards, and maps the AFT meters A0/A1/B8/B9 to the machine's AFT
// counters.
//
// Attach (attach.go) puts the bridge on a floor line for a running machine —
// tcp:HOST:PORT (listening), pty:PATH, serial:DEVICE or tty:DEVICE — and keeps it served
// (sas.Link.KeepServing, reopened after Backoff, every attempt logged).
//
// A reservation of the machine for its player (machine/reserve) raises 6F, game
// locked, in the reservation's commit: of the codes SAS-NOTES.md and package sas
// name it is the one that says what the floor must know — the machine is locked
// against play and transfers, by the machine's own decision — while 3C (options
// changed) would send the floor to re-read a configuration that did not change
// and 66 or 6A would ask for a cash-out that must not happen. While reserved the
// machine is not Idle, so 74 offers no transfer and 72 is refused "unable now"
// (87), as for a host disable, except the player's cash-in scan, which ends the
// reservation. Its end raises nothing of its own: 74 offers transfers again, and
// an end by time is followed by the idle cash-out's 66 or 6A.
//
// It must not decide anything about a game or change money: enable/disable and the
// clock are the only commands it passes on, as machine inputs. Sound off/on (03/04)
// goes to the callback the screen registers (OnSound) and is stored nowhere.
package saslink
