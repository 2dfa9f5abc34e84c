package blackjack

import (
	"fmt"
	"math"
	"math/big"
	"strings"
)

// ThreeCard is the poker reading of the player's two cards and the dealer's card for
// 21+3 and Top 3, each three cards in the best class they make.
type ThreeCard int

const (
	NoHand ThreeCard = iota
	Flush
	Straight
	Trips
	StraightFlush
	SuitedTrips // three of one rank and one suit: only with more than one deck
	NumThree
)

var threeNames = [NumThree]string{"nothing", "flush", "straight", "three of a kind", "straight flush", "suited trips"}

func (c ThreeCard) String() string {
	if c < 0 || c >= NumThree {
		return fmt.Sprintf("three(%d)", int(c))
	}
	return threeNames[c]
}

// ThreeCardOf classifies three cards. Straights are three consecutive ranks, the ace
// low (A-2-3) or high (Q-K-A) but not both (K-A-2 is no straight): "Rida või Mastirida
// võib sisaldada ässa kas alguses (A, 2, 3) või lõpus (Q, K, A)".
func ThreeCardOf(cs [3]Card) ThreeCard {
	r := [3]int{cs[0].Rank(), cs[1].Rank(), cs[2].Rank()}
	suited := cs[0].Suit() == cs[1].Suit() && cs[1].Suit() == cs[2].Suit()
	if r[0] == r[1] && r[1] == r[2] {
		if suited {
			return SuitedTrips
		}
		return Trips
	}
	// sort the three ranks
	if r[0] > r[1] {
		r[0], r[1] = r[1], r[0]
	}
	if r[1] > r[2] {
		r[1], r[2] = r[2], r[1]
	}
	if r[0] > r[1] {
		r[0], r[1] = r[1], r[0]
	}
	straight := (r[1] == r[0]+1 && r[2] == r[1]+1) || (r[0] == 0 && r[1] == 1 && r[2] == Ace)
	switch {
	case straight && suited:
		return StraightFlush
	case straight:
		return Straight
	case suited:
		return Flush
	}
	return NoHand
}

// Pair is the Perfect Pairs reading of the player's first two cards ("Perfect Pairs").
type Pair int

const (
	NoPair      Pair = iota
	MixedPair        // "eri värvi ja eri mastis"
	ColourPair       // "sama värvi, kuid erinevas mastis"
	PerfectPair      // "sama mastiga"
	NumPair
)

var pairNames = [NumPair]string{"no pair", "mixed pair", "colour pair", "perfect pair"}

func (p Pair) String() string {
	if p < 0 || p >= NumPair {
		return fmt.Sprintf("pair(%d)", int(p))
	}
	return pairNames[p]
}

// PairOf reads two cards: a pair is two cards of one rank (a king and a queen are no
// pair).
func PairOf(a, b Card) Pair {
	switch {
	case a.Rank() != b.Rank():
		return NoPair
	case a.Suit() == b.Suit():
		return PerfectPair
	case a.Red() == b.Red():
		return ColourPair
	}
	return MixedPair
}

// SidePays are the side bets' pay tables, each entry k for k:1 (0: the bet loses).
type SidePays struct {
	Name           string
	Source         string
	TwentyOnePlus3 [NumThree]int64
	Top3           [NumThree]int64
	PerfectPairs   [NumPair]int64
}

// HousePays are the Estonian house rules' tables, all three present in the document:
//   - 21+3 ("Väljamaksed" under "21 + 3"): flush, straight, three of a kind, straight
//     flush and suited trips each 9:1;
//   - Top 3 ("Top 3 (Kui saadaval)"): suited trips 270:1, straight flush 180:1, three
//     of a kind 90:1 (a flush or a straight alone loses);
//   - Perfect Pairs ("Perfect Pairs (Kui saadaval)"): perfect pair 30:1, colour pair
//     12:1, mixed pair 5:1.
var HousePays = SidePays{
	Name:   "house",
	Source: "Estonian house rules, blackjack 'Külgpanused (Side Bets)': 21+3, Top 3, Perfect Pairs",
	TwentyOnePlus3: [NumThree]int64{
		Flush: 9, Straight: 9, Trips: 9, StraightFlush: 9, SuitedTrips: 9,
	},
	Top3: [NumThree]int64{
		Trips: 90, StraightFlush: 180, SuitedTrips: 270,
	},
	PerfectPairs: [NumPair]int64{
		MixedPair: 5, ColourPair: 12, PerfectPair: 30,
	},
}

// SideBet names one of the three side bets.
type SideBet int

const (
	TwentyOnePlus3 SideBet = iota
	Top3
	PerfectPairs
)

func (s SideBet) String() string {
	return [...]string{"21+3", "Top 3", "Perfect Pairs"}[s]
}

// Figures are one side bet's exact figures per unit staked.
type Figures struct {
	Bet      SideBet
	Decks    int
	Draws    int64   // the equally likely sets of cards weighed: C(52·Decks, 3) or C(52·Decks, 2)
	Counts   []int64 // the draws in each class (ThreeCard or Pair)
	Edge     *big.Rat
	HitFreq  *big.Rat // probability the bet wins
	Variance *big.Rat // of the net result per unit
	Sigma    float64  // √Variance
}

// SideFigures computes a side bet's figures exactly by combinatorics over a shoe of
// decks decks: the player's two cards and the dealer's card are three cards drawn
// without replacement (the bet depends only on which three), so each class's count
// is a sum over the multisets of the 52 card faces of the product of binomials
// C(decks, m) for a face appearing m times. Perfect Pairs the same over two cards.
func SideFigures(pays SidePays, bet SideBet, decks int) Figures {
	var counts []int64
	if bet == PerfectPairs {
		counts = make([]int64, NumPair)
		for a := range 52 {
			for b := a; b < 52; b++ {
				counts[PairOf(Card(a), Card(b))] += faceWays(decks, a, b)
			}
		}
	} else {
		counts = make([]int64, NumThree)
		for a := range 52 {
			for b := a; b < 52; b++ {
				for c := b; c < 52; c++ {
					counts[ThreeCardOf([3]Card{Card(a), Card(b), Card(c)})] += faceWays(decks, a, b, c)
				}
			}
		}
	}
	return figuresFromCounts(pays, bet, decks, counts)
}

// faceWays is the number of ways to take the faces given (sorted, repeats allowed)
// from a shoe holding each face decks times.
func faceWays(decks int, faces ...int) int64 {
	ways := int64(1)
	for i := 0; i < len(faces); {
		j := i
		for j < len(faces) && faces[j] == faces[i] {
			j++
		}
		ways *= binom(int64(decks), int64(j-i))
		i = j
	}
	return ways
}

func binom(n, k int64) int64 {
	if k < 0 || k > n {
		return 0
	}
	r := int64(1)
	for i := int64(1); i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

// table is the bet's pay table as a slice indexed by class.
func (p SidePays) table(bet SideBet) []int64 {
	switch bet {
	case TwentyOnePlus3:
		return p.TwentyOnePlus3[:]
	case Top3:
		return p.Top3[:]
	}
	return p.PerfectPairs[:]
}

func figuresFromCounts(pays SidePays, bet SideBet, decks int, counts []int64) Figures {
	f := Figures{Bet: bet, Decks: decks, Counts: counts}
	tab := pays.table(bet)
	var sum, sum2, wins int64
	for cls, n := range counts {
		f.Draws += n
		x := int64(-1)
		if tab[cls] > 0 {
			x = tab[cls]
			wins += n
		}
		sum += n * x
		sum2 += n * x * x
	}
	mean := big.NewRat(sum, f.Draws)
	f.Variance = new(big.Rat).Sub(big.NewRat(sum2, f.Draws), new(big.Rat).Mul(mean, mean))
	f.Edge = mean.Neg(mean)
	f.HitFreq = big.NewRat(wins, f.Draws)
	v, _ := f.Variance.Float64()
	f.Sigma = math.Sqrt(v)
	return f
}

// SideFiguresBrute is SideFigures by enumerating every set of physical cards of the
// shoe (C(312, 3) = 5,013,320 for six decks) with no grouping by face.
func SideFiguresBrute(pays SidePays, bet SideBet, decks int) Figures {
	shoe := NewShoe(decks)
	var counts []int64
	if bet == PerfectPairs {
		counts = make([]int64, NumPair)
		for i := range shoe {
			for j := i + 1; j < len(shoe); j++ {
				counts[PairOf(shoe[i], shoe[j])]++
			}
		}
	} else {
		counts = make([]int64, NumThree)
		for i := range shoe {
			for j := i + 1; j < len(shoe); j++ {
				for k := j + 1; k < len(shoe); k++ {
					counts[ThreeCardOf([3]Card{shoe[i], shoe[j], shoe[k]})]++
				}
			}
		}
	}
	return figuresFromCounts(pays, bet, decks, counts)
}

// Text states side bet b's pay table, the best hand first: "suited trips 270:1,
// straight flush 180:1, three of a kind 90:1" (the sheet, the player's rules and
// the table's cloth).
func (sp SidePays) Text(b SideBet) string {
	var out []string
	if b == PerfectPairs {
		for k := NumPair - 1; k > NoPair; k-- {
			if sp.PerfectPairs[k] > 0 {
				out = append(out, fmt.Sprintf("%v %d:1", k, sp.PerfectPairs[k]))
			}
		}
		return strings.Join(out, ", ")
	}
	t := sp.TwentyOnePlus3
	if b == Top3 {
		t = sp.Top3
	}
	for k := NumThree - 1; k > NoHand; k-- {
		if t[k] > 0 {
			out = append(out, fmt.Sprintf("%v %d:1", k, t[k]))
		}
	}
	return strings.Join(out, ", ")
}
