package threecard

import (
	"egm/money"
	"errors"
	"fmt"
)

// ProgressiveHand is a player's hand's class on the progressive side bet, weakest
// first. The bet is on the player's three cards alone, "olenemata diileri käest"
// (whatever the dealer holds, whether the hand beats it or not).
type ProgressiveHand int

const (
	ProgNone            ProgressiveHand = iota // no win: "kaotab progressiivne panus"
	ProgFlush                                  // a flush
	ProgStraight                               // a straight
	ProgTrips                                  // three of a kind
	ProgStraightFlush                          // a straight flush other than A-K-Q
	ProgMiniRoyal                              // A-K-Q of one suit, not spades
	ProgMiniRoyalSpades                        // A-K-Q of spades
	NumProgressiveHands
)

var progressiveHandNames = [NumProgressiveHands]string{
	"no win", "flush", "straight", "three of a kind", "straight flush",
	"mini-royal (A-K-Q suited), not spades", "mini-royal in spades",
}

func (h ProgressiveHand) String() string {
	if h < 0 || h >= NumProgressiveHands {
		return fmt.Sprintf("progressive hand(%d)", int(h))
	}
	return progressiveHandNames[h]
}

// ProgressiveHandOf classifies three distinct cards.
func ProgressiveHandOf(cs [3]Card) ProgressiveHand {
	v := Evaluate(cs)
	switch v.Category() {
	case StraightFlush:
		if v>>8&0xf != 12 { // top card not the ace: not A-K-Q (3-2-A's top card is the three)
			return ProgStraightFlush
		}
		if cs[0].Suit() == Spades {
			return ProgMiniRoyalSpades
		}
		return ProgMiniRoyal
	case Trips:
		return ProgTrips
	case Straight:
		return ProgStraight
	case Flush:
		return ProgFlush
	}
	return ProgNone
}

// ProgressivePay is what a hand class pays on one fixed stake: For stakes "for 1"
// (the amount paid back, the stake not returned besides), or, with Pool, the whole
// pool, after which the pool resets to its seed.
type ProgressivePay struct {
	For  int64
	Pool bool
}

// ProgressiveTable is the side bet's pay table by hand class.
type ProgressiveTable struct {
	Name   string
	Source string // where the pays come from
	// OperatorToConfirm marks a table that is not the house rules' own: the
	// sheet prints it.
	OperatorToConfirm bool
	Pays              [NumProgressiveHands]ProgressivePay
}

// Pool is the progressive pool's rules, money in minor units of Currency.
type Pool struct {
	Currency  money.Currency
	Stake     int64 // the fixed stake ("fikseeritud panusega")
	Seed      int64 // what the pool shows after a jackpot is paid
	GrowthBP  int64 // share of each stake added to the pool, basis points
	ReserveBP int64 // share of each stake set aside to repay the next seed
}

// Progressive is the side bet: a pay table and a pool.
type Progressive struct {
	Table ProgressiveTable
	Pool  Pool
}

// MotorCity is the published "Three Card Poker Progressive Pay Table ($1.00 wager)"
// of MotorCity Casino, Detroit (motorcitycasino.com, table games, 3 Card Poker):
// A-K-Q of spades the progressive meter, A-K-Q of another suit 500 for 1, straight
// flush 100 for 1, three of a kind 90 for 1. The same table (its break-even meter,
// about 11,500 stakes) is described on 3cardpoker.com's "3 Card Poker Progressive
// Jackpot" page. The house rules ("Progressiivsed Panused", "Progressiivsed
// Jackpoti lisapanused") state that the table is shown at the table, not what it
// is: it is for the operator to confirm.
var MotorCity = ProgressiveTable{
	Name:              "mini-royal progressive (MotorCity Casino)",
	Source:            "MotorCity Casino's published Three Card Poker Progressive pay table ($1.00 wager); the house rules' table is shown at the table and not in the text",
	OperatorToConfirm: true,
	Pays: [NumProgressiveHands]ProgressivePay{
		ProgMiniRoyalSpades: {Pool: true},
		ProgMiniRoyal:       {For: 500},
		ProgStraightFlush:   {For: 100},
		ProgTrips:           {For: 90},
	},
}

// DefaultPool is the shipped pool: 1.00 EUR fixed stake, 5,000.00 EUR seed, 15% of
// each stake grows the pool, no reserve (the seed is paid from the house's hold).
// The house rules give none of these figures; the operator sets them.
var DefaultPool = Pool{Currency: money.EUR, Stake: 100, Seed: 500_000, GrowthBP: 1500}

// DefaultProgressive is the shipped side bet.
var DefaultProgressive = Progressive{Table: MotorCity, Pool: DefaultPool}

// Validate checks the pool's rules and the pay table: a positive stake, a seed
// not below zero, shares of the stake that leave some of it to the house, pays not
// below zero, at least one hand paying the pool, and a reserve no larger than the
// seed's cost per stake (beyond it the reserve would keep money no hand pays).
func (p Progressive) Validate() error {
	q := p.Pool
	switch {
	case q.Currency.Code == "":
		return fmt.Errorf("threecard: progressive pool in no currency")
	case q.Stake <= 0:
		return fmt.Errorf("threecard: progressive stake %d cents", q.Stake)
	case q.Seed < 0:
		return fmt.Errorf("threecard: progressive seed %d cents", q.Seed)
	case q.GrowthBP < 0 || q.ReserveBP < 0 || q.GrowthBP+q.ReserveBP >= 10000:
		return fmt.Errorf("threecard: progressive shares %d + %d basis points", q.GrowthBP, q.ReserveBP)
	case q.Stake*q.GrowthBP%10000 != 0 || q.Stake*q.ReserveBP%10000 != 0:
		return fmt.Errorf("threecard: progressive shares of a %d-cent stake are not whole cents", q.Stake)
	}
	pool := false
	for h, x := range p.Table.Pays {
		if x.For < 0 {
			return fmt.Errorf("threecard: progressive %s pays %d for 1", ProgressiveHand(h), x.For)
		}
		pool = pool || x.Pool
	}
	if !pool {
		return errors.New("threecard: no progressive hand pays the pool")
	}
	if p.Table.Pays[ProgNone] != (ProgressivePay{}) {
		return errors.New("threecard: progressive pays a losing hand")
	}
	// reserve/10000 ≤ P(pool hand)·seed/stake, in integers over the 22,100 hands.
	if q.ReserveBP*numHands*q.Stake > 10000*poolHands(p.Table)*q.Seed {
		return fmt.Errorf("threecard: progressive reserve %d basis points exceeds the seed's cost", q.ReserveBP)
	}
	return nil
}

// poolHands is the number of the 22,100 hands that win the pool.
func poolHands(t ProgressiveTable) int64 {
	var n int64
	for _, h := range allHands {
		if t.Pays[ProgressiveHandOf(h.cards)].Pool {
			n++
		}
	}
	return n
}

// Contribution is what one stake adds to the pool and to the reserve, in cents.
func (q Pool) Contribution() (growth, reserve int64) {
	return q.Stake * q.GrowthBP / 10000, q.Stake * q.ReserveBP / 10000
}

// Pays is what the side bet pays back on the player's three cards with the pool
// at pool cents (0 when it loses), and the hand's class. A pool win pays the whole
// pool; the pool then resets to its seed (the caller's pool, not this function's).
func (p Progressive) Pays(player [3]Card, pool int64) (int64, ProgressiveHand) {
	h := ProgressiveHandOf(player)
	x := p.Table.Pays[h]
	if x.Pool {
		return pool, h
	}
	return x.For * p.Pool.Stake, h
}
