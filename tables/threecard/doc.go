// Package threecard is the exact math of the house's three card poker: one 52-card
// deck shuffled from rng, the three-card hand ranking, the Ante/Play game with its
// Ante Bonus, the Pair Plus and Prime side bets, their settlement in cents given the
// player's decision, and the exact house edge of every bet by enumeration (exact.go).
//
// Source: the Estonian house rules (../shared/seeds/000_…txt), the three card poker
// sections, quoted by their headings: "Neli Võiduvõimalust" (Pair Plus wins with a
// pair or better regardless of the dealer's hand; Ante players play or fold after
// seeing their cards; Play equals the Ante), "Käte tugevused" (the ranking; 3-2-A is
// the lowest straight and straight flush; the dealer qualifies with queen high or
// better; the four outcomes of Ante and Play), "Ante Boonus" (straight or better is
// paid a bonus regardless of the dealer's hand) and "Prime Panus" (3:1 for three
// cards of one colour, 4:1 when the dealer's three are that colour too).
//
// The documents' tables did not survive: "Pair Plus Võidutabel" and "Ante Boonuse
// Väljamaksed" are headings with no table under them, and "Kolme Kaardi Pokkeri Maja
// Eelis" (the house edge) has no figure. The pay tables are therefore data
// (PayTable); Default ships the game's original published tables (Pair Plus 40-30-6-4-1,
// Ante Bonus 5-4-1), marked as not from the house rules, for the operator to confirm.
//
// The progressive side bet ("Progressiivsed Panused", "Progressiivsed Jackpoti
// lisapanused": a fixed stake on the player's three cards, whatever the dealer
// holds, for a jackpot whose amount the table shows) is progressive.go: its hand
// classes, its pay table and its pool's rules as data (Progressive: fixed stake,
// seed, growth and reserve shares, in cents and basis points), and what a hand pays
// at a given pool. The house rules' pay table is shown at the table, not in the
// text: DefaultProgressive ships MotorCity Casino's published table (A-K-Q of spades
// the pool, other A-K-Q 500 for 1, straight flush 100 for 1, three of a kind 90 for
// 1), marked OperatorToConfirm. progressive_exact.go computes its return per stake
// exactly from the 22,100 hands: a straight line in the pool (intercept and slope),
// its value at the seed, the break-even pool and the long-run return (at the seed
// plus the growth share, as the slots' PAR carries linked levels);
// progressive_sheet.go is its section of the sheet.
//
// It owns cards, the deal, the ranking, the pay tables, the settlement and the exact
// figures, the progressive side bet's included. It must not touch the machine,
// meters, the screen, critical memory or any other source of chance than the
// rng.Source it is given; it does not keep a pool's amount (its caller does).
package threecard
