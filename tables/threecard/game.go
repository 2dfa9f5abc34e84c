package threecard

import (
	"errors"
	"fmt"
	"strings"

	"egm/tables/cards"
)

// PayTable is what the game pays, each entry k for k:1 (0: the hand does not win).
type PayTable struct {
	Name      string
	Source    string               // where the figures come from
	PairPlus  [NumCategories]int64 // by the player's category
	AnteBonus [NumCategories]int64 // by the player's category, on the Ante
	Prime     int64                // three cards of one colour
	PrimeSix  int64                // the dealer's three of the same colour too
}

// Default is the shipped pay table. Prime is the house rules' ("Prime Panus": "kolm
// kaarti sama värvi … makstakse 3:1", "diileril on samuti kolm sama värvi kaarti … 4:1").
// The Pair Plus and Ante Bonus tables are NOT in the house rules (their headings
// "Pair Plus Võidutabel" and "Ante Boonuse Väljamaksed" have no table under them):
// these are the game's original published tables, to be confirmed by the operator.
var Default = PayTable{
	Name:   "default",
	Source: "Prime: Estonian rules 'Prime Panus'; Pair Plus 40-30-6-4-1 and Ante Bonus 5-4-1: the game's original tables (the house rules' tables are missing)",
	PairPlus: [NumCategories]int64{
		Pair: 1, Flush: 4, Straight: 6, Trips: 30, StraightFlush: 40,
	},
	AnteBonus: [NumCategories]int64{
		Straight: 1, Trips: 4, StraightFlush: 5,
	},
	Prime:    3,
	PrimeSix: 4,
}

// Bets are the player's stakes in cents. Play, when the player plays, equals Ante
// ("PLAY lahtrisse summa, mis võrdub ANTE panusega").
type Bets struct {
	Ante, PairPlus, Prime int64
}

// Decision is the player's choice after seeing the cards.
type Decision int

const (
	Fold Decision = iota
	Play
)

// Result is a settled round: what each bet returns (stake and win, 0 when it loses).
type Result struct {
	Player, Dealer  Value
	DealerQualifies bool
	Staked          int64 // Ante + Play + Pair Plus + Prime
	Ante, Play      int64
	AnteBonus       int64 // the bonus alone (the Ante's stake is in Ante)
	PairPlus, Prime int64
	Returned        int64
}

// Settle settles a round under pay table pt. The rules applied, each from the
// Estonian sections:
//   - Fold: the Ante loses ("Kui mängija loobub, kaotab ANTE panus"); no bonus.
//   - Play: the dealer not qualifying pays the Ante 1:1 and returns the Play; a
//     qualifying dealer beaten pays both 1:1, beating the player takes both, a tie
//     returns both. The Ante Bonus is paid on a played straight or better "sõltumata
//     diileri käest" (whatever the dealer holds).
//   - Pair Plus pays on the player's hand "sõltumata diileri käest", played or not.
//   - Prime pays on colours: the dealer's cards are dealt whatever the player decides.
//     It needs a main-game bet ("koos ANTE või PAIR PLUS panusega").
func Settle(pt PayTable, r Round, b Bets, d Decision) (Result, error) {
	if b.Ante < 0 || b.PairPlus < 0 || b.Prime < 0 {
		return Result{}, fmt.Errorf("threecard: negative stake %+v", b)
	}
	if b.Ante == 0 && b.PairPlus == 0 {
		return Result{}, errors.New("threecard: no Ante or Pair Plus bet")
	}
	if d != Fold && d != Play {
		return Result{}, fmt.Errorf("threecard: unknown decision %d", int(d))
	}
	if err := checkRound(r); err != nil {
		return Result{}, err
	}
	p, q := Evaluate(r.Player), Evaluate(r.Dealer)
	res := Result{Player: p, Dealer: q, DealerQualifies: Qualifies(q)}
	res.Staked = b.Ante + b.PairPlus + b.Prime
	if b.Ante > 0 && d == Play {
		res.Staked += b.Ante
		switch {
		case !res.DealerQualifies:
			res.Ante, res.Play = 2*b.Ante, b.Ante
		case p > q:
			res.Ante, res.Play = 2*b.Ante, 2*b.Ante
		case p == q:
			res.Ante, res.Play = b.Ante, b.Ante
		}
		if k := pt.AnteBonus[p.Category()]; k > 0 {
			res.AnteBonus = k * b.Ante
		}
	}
	if k := pt.PairPlus[p.Category()]; k > 0 && b.PairPlus > 0 {
		res.PairPlus = (k + 1) * b.PairPlus
	}
	if b.Prime > 0 {
		if k := primePays(pt, r.Player, r.Dealer); k > 0 {
			res.Prime = (k + 1) * b.Prime
		}
	}
	res.Returned = res.Ante + res.Play + res.AnteBonus + res.PairPlus + res.Prime
	return res, nil
}

// primePays is the Prime bet's k:1 (0 when it loses).
func primePays(pt PayTable, player, dealer [3]Card) int64 {
	c := player[0].Red()
	if player[1].Red() != c || player[2].Red() != c {
		return 0
	}
	if dealer[0].Red() == c && dealer[1].Red() == c && dealer[2].Red() == c {
		return pt.PrimeSix // "Kõik 6 kaarti peavad olema sama värvi"
	}
	return pt.Prime
}

// checkRound checks that the six cards are distinct cards of one deck.
func checkRound(r Round) error { return cards.CheckDistinct("threecard", r.Player[:], r.Dealer[:]) }

// PaysText states a pay table by the player's category, strongest first:
// "straight flush 40:1, three of a kind 30:1, …" (the sheet and the player's rules).
func PaysText(t [NumCategories]int64) string {
	var out []string
	for c := NumCategories - 1; c >= 0; c-- {
		if t[c] > 0 {
			out = append(out, fmt.Sprintf("%v %d:1", Category(c), t[c]))
		}
	}
	return strings.Join(out, ", ")
}
