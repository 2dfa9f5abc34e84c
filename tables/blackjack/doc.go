// Package blackjack is the exact math of the house's blackjack: the six-deck shoe
// shuffled from rng, hand values, the dealer's rule, the player's decisions as inputs
// (hit, stand, double, split, insurance; surrender as a rule option), settlement in
// cents, the side bets 21+3, Top 3 and Perfect Pairs with their exact figures by
// combinatorics over the shoe, and the main game's house edge under a basic strategy
// the analysis derives itself.
//
// # Source
//
// The Estonian house rules (../shared/seeds/000_…txt), blackjack sections "Mängija
// Juhend", "Kahekordistamine (Doubling Down)", "Kaartide Jagamine (Splitting)",
// "Kindlustus (Insurance)", "Külgpanused (Side Bets)" and "Maja Eelis (House Edge) –
// Blackjack"; the Kazakh rules' §29 ("Правила ведения азартной игры «БЛЭК-ДЖЕК»")
// where it agrees. HouseRules and HousePays quote each rule. Six decks is stated only
// in the Estonian house-edge section ("6 kaardipakki"). The dealer stands on every 17
// (the first ace counts 11 when it does not bust: soft 17 is 17). The dealer takes one
// card before the players play and the second after them (no hole card); the
// documents do not say what the doubled and split stakes do against the dealer's
// blackjack, and the package applies the usual no-hole-card rule: all of them lose
// (the Estonian note that a split ace + ten "kaotab diileri Blackjacki vastu" agrees).
// Two Kazakh options are not in the house's game: "SURENDA" (§29(8); Rules.Surrender
// exists for the analysis, see below) and "DOUBLE FOR LESS" (§29(6); the Estonian
// "lisapanuse, mis ei ületa algset panust" too): doubling always doubles the bet — a
// smaller double has an expected result linear in its size, so it is never better than
// the full double or a hit. Insurance is taken at exactly half the bet (the most
// "kuni pool" allows); the main bet is an even number of cents so that 3:2, the
// insurance and surrender's half are whole cents.
//
// # The round
//
// Deal shuffles the whole shoe (311 draws of rng.Intn, Fisher–Yates) for every round;
// the shuffled shoe is the outcome. NewGame takes the player's card, the dealer's card,
// the player's second card from its top; each Decision applied (Game.Apply) takes the
// next cards; the dealer's cards come last. The same shoe and the same decisions
// (Game.Log) rebuild the same round, and a decision never redraws a card.
//
// # Side bets: exact figures (SideFigures)
//
// The three cards (the player's two and the dealer's) are three of the 312 cards drawn
// without replacement; every set is counted by face multiplicities (C(6,m) ways to
// take m copies of a face), and SideFiguresBrute enumerates all C(312,3) = 5,013,320
// sets of physical cards to the same fractions. Six decks, the house's tables:
//
//	21+3 (all 9:1)               edge 4059/125333 = 3.2386%  hit 9.676%  σ 2.956
//	Top 3 (270/180/90)           edge 13878/125333 = 11.0729% hit 0.732% σ 11.13
//	Perfect Pairs (30/12/5)      edge 6/311 = 1.9293%        hit 7.395%  σ 4.375
//
// The house rules' 21+3 3,24% and Perfect Pairs 1,93% are these rounded. Their Top 3
// "9%" is not the six-deck figure: it is the eight-deck one (33502/372255 = 8.9997%);
// with six decks, as the section heading states, the bet keeps 11.07%.
//
// # Main game (Main)
//
// For each dealer up card, every player hand is a node: the multiset of its cards plus
// the cards gone from the shoe besides it and the up card. The dealer's distribution
// (17–21, blackjack, bust) is exact for each shoe composition: the dealer's stopping
// multisets from the up card are listed once with the number of orders that stop
// exactly on their last card, and each composition weighs them by falling factorials
// (drawing without replacement); it is computed once per composition. A node's stand,
// hit, and double values follow exactly from its composition.
//
// The strategy is total-dependent, as printed basic strategy: per up card, hit or stand
// by hard/soft total (any number of cards), double by total (two cards), split by pair
// rank, surrender by total when allowed, never insurance. It is derived by improvement
// to a fixed point: a sweep decides the states from the highest hard sum down (a hit
// only leads to a higher hard sum), each by the exact gain of changing it,
// Σ reach·(EV_new − EV_old) over the hands arriving there, reach being the expected
// number of arrivals under the current strategy (split hands included); then the
// pairs, by the split value against the pair played as a total. Every change raises
// the expected result; sweeps repeat until nothing changes (two for the house rules).
// The result is a strategy no single entry of which can be changed with gain.
//
// Splits use one approximation: each hand of a split is valued on the shoe less the up
// card, every pair card seen (the two split and those drawn for resplits) and its own
// cards, but not the other split hands' cards; resplits to four hands (aces once, one
// card each) follow the exact probabilities of drawing the pair rank again, and hands
// completed after more than two extra pair cards have left the shoe are valued as after
// two. Everything else is exact in float64 arithmetic. TestSplitApproximation measures
// the approximation against an exact enumeration of two-hand splits (both hands' cards
// removed, the dealer drawing from what both left): at most 3.9·10⁻⁴ per split over
// every pair the strategy splits, and +0.0003 pp on the house edge (0.5174% becomes
// 0.5177%; BLACKJACK_SPLIT_ALL=1 runs all of them). TestSplitSimulation plays split
// hands through Game against the split values.
//
// The expected total stake of a round follows the same composition: a dealt hand
// stakes one first bet, two when doubled; a split the stakes of its completed hands,
// weighed as its value is; the strategy never insures. MainFigures.Edge over Stake
// is the house edge per unit of everything staked, exact under the same model.
//
// Figures for HouseRules (TestMainGame, TestMainStake): house edge 0.5174% per initial
// bet (σ 1.135 measured over 10^6 rounds), 1.115366 first bets staked on average
// (doubles of unsplit hands 0.0817, splits 0.0336), 0.4639% per unit staked;
// insurance 23/311 = 7.395% (3·96/311 − 1: the dealer's second card is a ten with
// probability 96/311 whatever the player holds, on average). Rule effects computed the
// same way agree with the published sizes: hitting soft 17 +0.213 pp, no double after
// split +0.140 pp; the Kazakh surrender, taken before the dealer's second card in a
// no-hole-card game, is early surrender: −0.644 pp, a player advantage of 0.126% — not
// to be offered with these rules.
//
// The house rules' "6 kaardipakki: 4,7% kuni 0,47%" is a range over players' skill;
// its low end is 0.047 pp under the exact figure. The difference is the no-hole-card
// rule with every stake lost to the dealer's blackjack: published analyses put its cost
// at about 0.11 pp, and the same rules with a hole card and peek at about 0.40–0.42%,
// so 0.47% lies between the two readings of the rules; neither document states the
// figure's assumptions.
//
// # What it owns and must not touch
//
// It owns cards, the shoe and its shuffle, hand values, the dealer's rule, the
// decisions and their legality, settlement, the pay tables and the exact figures. It
// must not touch the machine, meters, the screen, critical memory or any source of
// chance other than the rng.Source it is given. Errors begin "blackjack: ".
package blackjack
