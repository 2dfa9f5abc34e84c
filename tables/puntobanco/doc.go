// Package puntobanco is the exact math of the house's punto banco (baccarat): the
// eight-deck shoe shuffled from rng, the deal of one coup by the tableau, the pay
// tables of the commission and commission-free games with UR Way Égalité and the side
// bets, the settlement of a coup's bets in cents, and the exact house edge, hit
// frequency and standard deviation of every bet by combinatorics over the shoe
// (exact.go).
//
// Source: the Estonian house rules (../shared/seeds/000_…txt), the punto banco
// section, quoted by its headings and lines: the opening line ("Punto Banco / Baccarat
// mängitakse kaheksa kaardipakiga": eight decks), the bets ("Mängija võib panustada
// kumbalegi käele … panus Égalité (viik)": either hand, or the tie), "Kaartide
// Väärtused" (tens and pictures 0, ace 1, the others their face value; the hand
// closest to nine wins), "Kaartide Jagamine" (cards 1 and 3 to the player, 2 and 4 to
// the banker, then extra cards by the table), "Tabel (Tableau)" (no optional draws),
// "UR Way Égalité – Kuidas see töötab" (a bet on each of the ten ties), "Mängu
// variatsioonid ja lisapanused (Komisjonivaba Baccarat)" (Bombay 6 12:1 and 20:1,
// Player and Banker pair 11:1). The Kazakh house rules have no punto banco section
// (their §7 deals roulette, blackjack and stud poker).
//
// What the document does not give, and what ships in its place, marked in the data:
//   - The tableau: only its column titles and one line survive ("PANKUR PEAB SEISMA,
//     KUI TAL ON 6 JA MÄNGIJAL ON 6 VÕI 7 ESMAJAGAMISEL"). With no optional draws the
//     game is punto banco's one fixed tableau (tableau.go); the surviving line is a row
//     of it.
//   - The main bets' payouts: none is stated. Commission ships Player 1:1, Banker 1:1
//     less 5% (19:20), Tie 8:1, a tie pushing Player and Banker. The commission-free
//     game's Banker rule is not stated either: NoCommission pays 1:1 but 1:2 on a
//     banker's winning 6, the game the Bombay 6 bet belongs to.
//   - "Viiginumbrid (Égalité) ja väljamaksed" (the tie payouts) is a heading with no
//     table: the British individual égalité table ships (0–9: 150, 215, 225, 200, 120,
//     110, 45, 45, 80, 80 to 1).
//   - "Maja eelis panusetüübi järgi" and "Baccarati maja eelis" (the house edge by bet
//     and of the game) are headings with nothing under them: the house rules state no
//     baccarat figure to compare with. The exact figures agree with the published
//     eight-deck analysis of the same rules to every digit of its combination counts
//     (TestExactEightDecks): Banker 1.0579% with the commission, 1.4581% without,
//     Player 1.2351%, Tie 14.3596%, pairs 43/415 = 10.3614%, Bombay 6 16.6836%,
//     Égalité 6.3899% (tie of 7) to 12.4527% (tie of 0).
//   - The progressive jackpot side bet ("Progressiivsed Jackpoti lisapanused") has no
//     pay table: it is not offered.
//
// Each coup is dealt from its own fully shuffled shoe (Deal), so coups are independent
// and each has exactly the distribution Exact computes: the first coup of a shoe.
//
// It owns the cards, the shoe and its shuffle, the deal and the tableau, the pay
// tables, the settlement and the exact figures. It must not touch the machine, meters,
// the screen, critical memory or any other source of chance than the rng.Source it is
// given.
package puntobanco
