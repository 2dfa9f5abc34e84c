// Package roulette is the exact math of the house's single-zero roulette: the wheel,
// every bet the house rules define with its payout, one spin from rng, the settlement
// of a set of bets in cents, and the exact house edge of each bet by counting the 37
// pockets (math/big.Rat).
//
// Sources (../shared/seeds/): the Kazakh house rules §28 (the Russian text, "Правила
// ведения азартной игры «Американская рулетка»"): 28(1) the wheel of 37 pockets 0–36
// (single zero, despite the title's "American"), 28(10) the bets taken — numbers and
// their combinations, even chances, columns, dozens, a number's neighbours and the
// series Voisins de zéro (9 chips), Tiers (6), Orphelins (5) —, 28(12) the payout
// table, 28(13) neighbours = the number and two either side on the wheel, 5 chips.
// The Estonian house rules, sections "Ruletti Maja Eelis" (the 2.7% edge), "Naabrid",
// "Tiers du Cylindre", "Voisins du Zéro", "Orphelins" (the race-track bets chip by
// chip) and "Ruletti Väljamaksed" (on zero every bet not on or with zero loses; even
// chances lose on zero: no la partage, no en prison). Jeu zéro is defined in neither
// document and is not offered.
//
// It owns the wheel order, the layout geometry, the bet kinds, their payouts and the
// edge computation. It must not touch the machine, meters, the screen, critical
// memory or any other source of chance than the rng.Source it is given.
package roulette
