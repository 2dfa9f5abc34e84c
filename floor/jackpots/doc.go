// Package jackpots runs the floor's linked jackpots: several machines around one
// jackpot controller (egm/jackpot), over each machine's SAS link (floor.Poller).
// Linked (linked.go) is the floor loop's floor.Jackpots: each machine's poll cycle
// reads the hits from its progressive win queue (87) and answers them with the
// controller's amount (an addressed 80); contributes the coin-in above the
// controller's own account of the machine — only its linked games' (linked_games.go:
// which games are in progressive group 1 with levels, read once per link with 51
// and one B5 per game; each cycle the machine's coin-in less the coin-in of the
// games outside the group, one 6F per such game and only when the machine's
// coin-in moved — 5 polls for the table games of this project's machine; a hit
// while the player is on such a game (55) refused; a machine that does not say
// which games are linked contributes its whole coin-in, logged once per link);
// journals the mystery awards (BonusPayment, linkstore.go) and pays them as legacy
// bonuses (8A) exactly once by reading the machine's bonus meters (9A) before any
// resend; and broadcasts the levels to every machine (86). OpenLinked
// (linked_open.go) opens the controller — its own bbolt file, or (InFloorDB,
// --jackpot db) the wide-area one in the floor's PostgreSQL database, shared by
// every floor host on it — and links the floor's machines. With a wide-area
// controller every host journals every mystery award in the shared bonus
// journal (once: keyed by the award's number) and only the host polling the
// machine pays it.
//
// Its records are the floor database's (floor.JackpotRecords through
// floor.Store.Jackpots, on bbolt or PostgreSQL: each machine's first read and
// baseline, the bonus journal), each step one durable transaction;
// NoteFirstRead, FirstReadOf, Baseline, BaselineOf, JournalAwards, PutBonus and
// BonusPayments (linkstore.go) read and write them. A machine's baseline is its
// coin-in at the link's first meter read (linked_games.go), kept at that read,
// before the floor knows which of its games are linked. A
// failure of the floor's database or the controller's is a *floor.DatabaseError,
// which stops the floor's loop; a machine's link failing never does.
//
// It owns the floor's side of the linked levels only: the SAS polls are
// floor.Poller's, the money rules the controller's. It must not touch the wallet
// (floor/desk) nor the machine's critical memory, and floor must not import it.
package jackpots
