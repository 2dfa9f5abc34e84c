package uth

import (
	"errors"
	"fmt"
)

// Pay is a payout Num:Den (3:2 is {3, 2}); the zero Pay means the hand is not paid.
type Pay struct{ Num, Den int64 }

func (p Pay) String() string {
	if p.Den == 1 {
		return fmt.Sprintf("%d:1", p.Num)
	}
	return fmt.Sprintf("%d:%d", p.Num, p.Den)
}

// PayTable is what the Blind and Trips bets pay by the player's category.
type PayTable struct {
	Name   string
	Source string
	Blind  [NumCategories]Pay // paid on a win (a lesser win pushes)
	Trips  [NumCategories]Pay // paid whatever the dealer holds
}

// Default is the shipped pay table. The house rules give the Blind's rule ("Blind
// panus makstakse ainult siis, kui mängija võidab sirge või parema käega. Kui mängija
// võidab nõrgema käega, Blind panus jääb alles (push)") but their tables are missing:
// "Blind Panuse Väljamaksed" and "Trips Bonus Külgpanuse Väljamaksed (Valikuline)" are
// headings with no table under them. These are the game's common published tables
// (Blind 500-50-10-3-3:2-1, Trips 50-40-30-8-6-5-3), NOT from the house rules, for the
// operator to confirm.
var Default = PayTable{
	Name:   "default",
	Source: "Blind 500-50-10-3-3:2-1 and Trips 50-40-30-8-6-5-3: the game's common published tables (the house rules' tables are missing)",
	Blind: [NumCategories]Pay{
		RoyalFlush: {500, 1}, StraightFlush: {50, 1}, Quads: {10, 1}, FullHouse: {3, 1},
		Flush: {3, 2}, Straight: {1, 1},
	},
	Trips: [NumCategories]Pay{
		RoyalFlush: {50, 1}, StraightFlush: {40, 1}, Quads: {30, 1}, FullHouse: {8, 1},
		Flush: {6, 1}, Straight: {5, 1}, Trips: {3, 1},
	},
}

// Bets are the player's stakes in cents. Ante and Blind are equal ("Enne kaartide
// jagamist peab mängija tegema Ante ja Blind panuse"); Trips ("Trips Bonus") is optional.
type Bets struct {
	Ante, Blind, Trips int64
}

// Decision is one decision of the player, an input the machine commits before the
// next cards are shown. The legal ones at each street ("Panustamisvoorud"):
//   - pre-flop: Bet4x or Bet3x the Ante, or Check;
//   - flop (after a pre-flop check): Bet2x, or Check;
//   - river (after two checks; the turn and river are shown together): Bet1x, or Fold.
//
// After a bet no further decision is taken: the hand goes to the showdown.
type Decision int

const (
	Check Decision = iota
	Bet4x
	Bet3x
	Bet2x
	Bet1x
	Fold
)

var decisionNames = [...]string{"check", "bet 4x", "bet 3x", "bet 2x", "bet 1x", "fold"}

func (d Decision) String() string {
	if d < 0 || int(d) >= len(decisionNames) {
		return fmt.Sprintf("decision(%d)", int(d))
	}
	return decisionNames[d]
}

// Multiple is the Play bet a decision makes, in Antes (0 for Check and Fold).
func (d Decision) Multiple() int64 {
	switch d {
	case Bet4x:
		return 4
	case Bet3x:
		return 3
	case Bet2x:
		return 2
	case Bet1x:
		return 1
	}
	return 0
}

// Street is where a hand stands: the decision it waits for, or Showdown.
type Street int

const (
	PreFlop  Street = iota // the player's two cards shown
	Flop                   // and the first three community cards
	River                  // and all five
	Showdown               // decided: the dealer's cards are shown and the hand settles
)

// Legal reports whether d may be taken at street s.
func (s Street) Legal(d Decision) bool {
	switch s {
	case PreFlop:
		return d == Bet4x || d == Bet3x || d == Check
	case Flop:
		return d == Bet2x || d == Check
	case River:
		return d == Bet1x || d == Fold
	}
	return false
}

// Play follows a list of decisions from the pre-flop: the street it leaves the hand
// at, the Play bet in Antes and whether the player folded. An illegal decision, or
// one after the hand is decided, is an error.
func Play(ds []Decision) (s Street, multiple int64, folded bool, err error) {
	for i, d := range ds {
		if !s.Legal(d) {
			return s, 0, false, fmt.Errorf("uth: decision %d (%v) is not legal at street %d", i, d, int(s))
		}
		switch {
		case d == Fold:
			s, folded = Showdown, true
		case d != Check:
			s, multiple = Showdown, d.Multiple()
		default:
			s++
		}
	}
	return s, multiple, folded, nil
}

// Result is a settled round: what each bet returns (stake and win; 0 when it loses).
type Result struct {
	Player, Dealer  Value
	DealerQualifies bool
	Folded          bool
	Multiple        int64 // the Play bet in Antes
	Staked          int64 // Ante + Blind + Play + Trips
	Ante, Blind     int64
	Play, Trips     int64
	Returned        int64
}

// Settle settles a round under pay table pt, the player having taken decisions ds
// (which must bring the hand to the showdown). The rules applied, from the Estonian
// section "Võitmine ja Väljamaksed":
//   - Fold: Ante and Blind lose.
//   - The dealer qualifies with a pair or better ("vähemalt üks paar või parem käsi");
//     if not, the Ante pushes ("Ante panus jääb alles (push) ja teised panused
//     arvestatakse tavapäraselt"), whoever wins.
//   - The player's best five of seven beating the dealer's: Play 1:1, Ante 1:1 ("Play
//     ja Ante panused 1:1"), the Blind by its table on a straight or better and pushed
//     on a lesser hand ("Blind panus makstakse ainult siis, kui mängija võidab sirge
//     või parema käega … nõrgema käega, Blind panus jääb alles").
//   - The dealer winning: Play, Ante (when the dealer qualifies) and Blind lose
//     ("kaotavad Play, Ante ja Blind panused"). Equal hands push everything.
//   - Trips pays by its table on the player's hand whatever the dealer holds, folded
//     or not.
//
// A Blind payout must be whole cents (a 3:2 flush needs an even Blind).
func Settle(pt PayTable, r Round, b Bets, ds []Decision) (Result, error) {
	if b.Ante <= 0 || b.Blind != b.Ante || b.Trips < 0 {
		return Result{}, fmt.Errorf("uth: bets %+v: Ante must be positive, Blind equal to it, Trips not negative", b)
	}
	for c, p := range pt.Blind {
		if p.Den <= 0 && p.Num != 0 || p.Num < 0 {
			return Result{}, fmt.Errorf("uth: Blind pay %v for %v", p, Category(c))
		}
		if p.Num != 0 && b.Blind*p.Num%p.Den != 0 {
			return Result{}, fmt.Errorf("uth: a Blind of %d cents is not paid %v in whole cents", b.Blind, p)
		}
	}
	for c, p := range pt.Trips {
		if p.Den <= 0 && p.Num != 0 || p.Num < 0 || p.Num != 0 && b.Trips*p.Num%p.Den != 0 {
			return Result{}, fmt.Errorf("uth: Trips of %d cents is not paid %v for %v in whole cents", b.Trips, p, Category(c))
		}
	}
	if err := checkCards(r); err != nil {
		return Result{}, err
	}
	s, mult, folded, err := Play(ds)
	if err != nil {
		return Result{}, err
	}
	if s != Showdown {
		return Result{}, errors.New("uth: the hand is not decided")
	}
	p, q := Eval7(r.Player, r.Board), Eval7(r.Dealer, r.Board)
	res := Result{Player: p, Dealer: q, DealerQualifies: Qualifies(q), Folded: folded, Multiple: mult}
	play := mult * b.Ante
	res.Staked = b.Ante + b.Blind + play + b.Trips
	if !folded {
		switch {
		case p > q:
			res.Play = 2 * play
			res.Ante = 2 * b.Ante
			if !res.DealerQualifies {
				res.Ante = b.Ante
			}
			res.Blind = b.Blind
			if k := pt.Blind[p.Category()]; k.Num > 0 {
				res.Blind += b.Blind * k.Num / k.Den
			}
		case p == q:
			res.Play, res.Ante, res.Blind = play, b.Ante, b.Blind
		default:
			if !res.DealerQualifies {
				res.Ante = b.Ante
			}
		}
	}
	if k := pt.Trips[p.Category()]; k.Num > 0 && b.Trips > 0 {
		res.Trips = b.Trips + b.Trips*k.Num/k.Den
	}
	res.Returned = res.Ante + res.Blind + res.Play + res.Trips
	return res, nil
}
