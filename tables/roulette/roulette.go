package roulette

import (
	"errors"
	"fmt"
	"math/big"
	"slices"

	"egm/rng"
)

// Pockets is the number of pockets on the wheel: 0–36 (Kazakh rules §28(1)).
const Pockets = 37

// Wheel is the single-zero wheel's pocket order, clockwise from zero. The Estonian
// rules' race-track sections fix it: "2, 25, (17), 34, 6" (Naabrid), Tiers "from 27 to
// 33", Voisins "from 22 to 25"; TestWheelMatchesRaceTrackSections checks all three.
var Wheel = [Pockets]int{
	0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10,
	5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
}

// wheelPos[n] is the position of number n in Wheel.
var wheelPos = func() (p [Pockets]int) {
	for i, n := range Wheel {
		p[n] = i
	}
	return p
}()

// Red numbers (the standard layout; the Estonian rules' "Ratas": numbers red and
// black, zero green).
var redSet = map[int]bool{1: true, 3: true, 5: true, 7: true, 9: true, 12: true, 14: true,
	16: true, 18: true, 19: true, 21: true, 23: true, 25: true, 27: true, 30: true,
	32: true, 34: true, 36: true}

// IsRed reports whether n is a red number (0 is neither red nor black).
func IsRed(n int) bool { return redSet[n] }

// Spin draws the winning number: one rng.Intn(src, 37) picks the pocket on the wheel.
func Spin(src rng.Source) int { return Wheel[rng.Intn(src, Pockets)] }

// Kind is a bet's type.
type Kind int

// The bet kinds of Kazakh rules §28(10) and §28(12) and the Estonian race-track sections.
const (
	Straight   Kind = iota // one number, 35:1
	Split                  // two adjacent numbers, 17:1
	Street                 // three numbers: a row, or a trio with zero (0-1-2, 0-2-3), 11:1
	Corner                 // four numbers in a square, or the first four 0-1-2-3, 8:1
	SixLine                // two adjacent rows, 5:1
	Dozen                  // Target 1, 2, 3: 1–12, 13–24, 25–36, 2:1
	Column                 // Target 1, 2, 3: 1-34, 2-35, 3-36, 2:1
	Red                    // 1:1
	Black                  // 1:1
	Odd                    // 1:1
	Even                   // 1:1
	Low                    // 1–18, 1:1
	High                   // 19–36, 1:1
	Neighbours             // Target and two either side on the wheel, 5 chips
	Tiers                  // tiers du cylindre, 6 chips
	Voisins                // voisins du zéro, 9 chips
	Orphelins              // 5 chips
	numKinds
)

var kindNames = [numKinds]string{"straight", "split", "street", "corner", "six line",
	"dozen", "column", "red", "black", "odd", "even", "1-18", "19-36", "neighbours",
	"tiers", "voisins", "orphelins"}

func (k Kind) String() string {
	if k < 0 || k >= numKinds {
		return fmt.Sprintf("kind(%d)", int(k))
	}
	return kindNames[k]
}

// Covers is how many numbers a layout bet of kind k covers, so that it pays
// Pays(k.Covers()):1; 0 for the race-track bets (made of several layout bets).
func (k Kind) Covers() int {
	switch k {
	case Straight, Split, Street, Corner:
		return int(k-Straight) + 1
	case SixLine:
		return 6
	case Dozen, Column:
		return 12
	case Red, Black, Odd, Even, Low, High:
		return 18
	}
	return 0
}

// Pays is the win of a layout bet that covers n numbers: Pays(n):1, the stake
// returned with it (0 for a count no layout bet covers).
func Pays(n int) int64 { return payout[n] }

// payout is the table of Kazakh rules §28(12), keyed by how many numbers a
// layout bet covers: the win is payout[n]:1 and the stake is returned with it.
var payout = map[int]int64{
	1:  35, // "Straight up/1 число — Тридцать пять к одному"
	2:  17, // "Split/2 числа — Семнадцать к одному"
	3:  11, // "Street/3 числа — Одиннадцать к одному"
	4:  8,  // "Corner first four/ 4 числа — Восемь к одному"
	6:  5,  // "Six line/6 чисел — Пять к одному"
	12: 2,  // "Column/Колонка … Два к одному", "Dozen/Дюжина … Два к одному"
	18: 1,  // "Even/Равные шансы (Red-black, Even-odd, Low 1-18/high 19-36) — Один к одному"
}

// Part is one chip-placement of a bet: Chips chips on the layout bet covering Numbers.
type Part struct {
	Numbers []int
	Chips   int64
}

// series are the announced bets chip by chip (Estonian rules). The chip counts agree
// with Kazakh rules §28(10): Voisins 9, Tier 6, Orphelins 5.
var series = map[Kind][]Part{
	// "Tiers du Cylindre (Tiers)": 12 numbers from 27 to 33; 6 chips on the splits
	// 5/8, 10/11, 13/16, 23/24, 27/30, 33/36.
	Tiers: {{[]int{5, 8}, 1}, {[]int{10, 11}, 1}, {[]int{13, 16}, 1}, {[]int{23, 24}, 1},
		{[]int{27, 30}, 1}, {[]int{33, 36}, 1}},
	// "Voisins du Zéro": 17 numbers from 22 to 25; 9 chips: 0/2/3 (2 chips), 4/7,
	// 12/15, 18/21, 19/22, 25/29 (2 chips), 32/35. "25/29" is the corner
	// 25-26-28-29 named by its diagonal: 25 and 29 are not adjacent, so no split
	// 25/29 exists, and only the corner makes the 17 numbers the section states (the
	// splits would cover 15) and the numbers from 22 to 25 on the wheel.
	Voisins: {{[]int{0, 2, 3}, 2}, {[]int{4, 7}, 1}, {[]int{12, 15}, 1}, {[]int{18, 21}, 1},
		{[]int{19, 22}, 1}, {[]int{25, 26, 28, 29}, 2}, {[]int{32, 35}, 1}},
	// "Orphelins": the 8 numbers neither Tiers nor Voisins covers; 5 chips: 1,
	// 6/9, 14/17, 17/20, 31/34.
	Orphelins: {{[]int{1}, 1}, {[]int{6, 9}, 1}, {[]int{14, 17}, 1}, {[]int{17, 20}, 1},
		{[]int{31, 34}, 1}},
}

// Bet is one bet: its kind, what it covers and its total stake in cents. Numbers is
// used by Straight, Split, Street, Corner and SixLine; Target by Dozen and Column (1–3)
// and Neighbours (the centre number). Announced bets (Neighbours, Tiers, Voisins,
// Orphelins) spread Stake evenly over their chips, so Stake must be a multiple of the
// chip count (Kazakh rules §28(13): neighbours "должна быть кратна 5").
type Bet struct {
	Kind    Kind
	Numbers []int
	Target  int
	Stake   int64
}

// Chips is the number of equal chips a bet of this kind is made of.
func (b Bet) Chips() int64 {
	switch b.Kind {
	case Neighbours:
		return 5
	case Tiers, Voisins, Orphelins:
		var c int64
		for _, p := range series[b.Kind] {
			c += p.Chips
		}
		return c
	}
	return 1
}

// Parts returns the bet's chip placements, each a valid layout bet.
func (b Bet) Parts() ([]Part, error) {
	if err := b.check(); err != nil {
		return nil, err
	}
	switch b.Kind {
	case Straight, Split, Street, Corner, SixLine:
		return []Part{{slices.Clone(b.Numbers), 1}}, nil
	case Dozen, Column, Red, Black, Odd, Even, Low, High:
		var ns []int
		for n := 1; n <= 36; n++ {
			if outsideHas(b.Kind, b.Target, n) {
				ns = append(ns, n)
			}
		}
		return []Part{{ns, 1}}, nil
	case Neighbours:
		ps := make([]Part, 0, 5)
		for d := -2; d <= 2; d++ {
			ps = append(ps, Part{[]int{neighbour(b.Target, d)}, 1})
		}
		return ps, nil
	}
	ps := make([]Part, len(series[b.Kind]))
	for i, p := range series[b.Kind] {
		ps[i] = Part{slices.Clone(p.Numbers), p.Chips}
	}
	return ps, nil
}

// check checks that b is a bet on the layout or the race track (its stake aside).
func (b Bet) check() error {
	switch b.Kind {
	case Straight, Split, Street, Corner, SixLine:
		return checkInside(b.Kind, b.Numbers)
	case Dozen, Column:
		if b.Target < 1 || b.Target > 3 {
			return fmt.Errorf("roulette: %v %d: want 1, 2 or 3", b.Kind, b.Target)
		}
	case Red, Black, Odd, Even, Low, High, Tiers, Voisins, Orphelins:
	case Neighbours:
		if b.Target < 0 || b.Target > 36 {
			return fmt.Errorf("roulette: neighbours of %d: no such number", b.Target)
		}
	default:
		return fmt.Errorf("roulette: unknown bet kind %d", int(b.Kind))
	}
	return nil
}

// neighbour is the number d pockets from n on the wheel (d < 0: anticlockwise).
func neighbour(n, d int) int { return Wheel[(wheelPos[n]+d+Pockets)%Pockets] }

// outsideHas reports whether number n (0–36) is in the outside bet of kind k (a
// dozen or column: target 1–3; an even chance): zero is in none.
func outsideHas(k Kind, target, n int) bool {
	switch {
	case n < 1 || n > 36:
		return false
	case k == Dozen:
		return (n-1)/12+1 == target
	case k == Column:
		return (n-1)%3+1 == target
	}
	return evenChance(k, n)
}

// evenChance reports whether n (1–36) is in the even chance k.
func evenChance(k Kind, n int) bool {
	switch k {
	case Red:
		return IsRed(n)
	case Black:
		return !IsRed(n)
	case Odd:
		return n%2 == 1
	case Even:
		return n%2 == 0
	case Low:
		return n <= 18
	}
	return n >= 19 // High
}

// checkInside checks that ns is a bet of kind k on the layout (three columns of twelve
// rows, number n in row (n-1)/3 and column (n-1)%3, zero above the first row).
func checkInside(k Kind, ns []int) error {
	want := k.Covers()
	if len(ns) != want {
		return fmt.Errorf("roulette: %v %v: want %d distinct numbers", k, ns, want)
	}
	var s insideKey // ns sorted, without allocating: the deal path checks every bet
	copy(s[:], ns)
	slices.Sort(s[:want])
	for i := 1; i < want; i++ {
		if s[i] == s[i-1] {
			return fmt.Errorf("roulette: %v %v: want %d distinct numbers", k, ns, want)
		}
	}
	for _, n := range s[:want] {
		if n < 0 || n > 36 {
			return fmt.Errorf("roulette: %v %v: %d is not on the wheel", k, ns, n)
		}
	}
	if _, ok := insideBets[k][s]; ok {
		return nil
	}
	return fmt.Errorf("roulette: %v %v: not a %v on the layout", k, ns, k)
}

// insideKey is an inside bet's numbers ascending, padded with zeros.
type insideKey [6]int

// insideBets are validInside's bets by kind, keyed by their numbers.
var insideBets = func() (m [numKinds]map[insideKey]struct{}) {
	for _, k := range []Kind{Straight, Split, Street, Corner, SixLine} {
		m[k] = map[insideKey]struct{}{}
		for _, ns := range validInside(k) {
			var key insideKey
			copy(key[:], ns)
			m[k][key] = struct{}{}
		}
	}
	return m
}()

// validInside lists every bet of kind k on the layout, numbers ascending.
func validInside(k Kind) [][]int {
	var out [][]int
	switch k {
	case Straight:
		for n := 0; n <= 36; n++ {
			out = append(out, []int{n})
		}
	case Split:
		out = append(out, []int{0, 1}, []int{0, 2}, []int{0, 3})
		for n := 1; n <= 36; n++ {
			if (n-1)%3 < 2 {
				out = append(out, []int{n, n + 1})
			}
			if n+3 <= 36 {
				out = append(out, []int{n, n + 3})
			}
		}
	case Street:
		out = append(out, []int{0, 1, 2}, []int{0, 2, 3})
		for r := 0; r < 12; r++ {
			out = append(out, []int{3*r + 1, 3*r + 2, 3*r + 3})
		}
	case Corner:
		out = append(out, []int{0, 1, 2, 3}) // "Corner first four"
		for n := 1; n+4 <= 36; n++ {
			if (n-1)%3 < 2 {
				out = append(out, []int{n, n + 1, n + 3, n + 4})
			}
		}
	case SixLine:
		for r := 0; r < 11; r++ {
			out = append(out, []int{3*r + 1, 3*r + 2, 3*r + 3, 3*r + 4, 3*r + 5, 3*r + 6})
		}
	}
	return out
}

// Return is what bet b returns when number n wins: its stake and win, or 0 when it
// loses. A part covering k numbers that wins pays Pays(k):1 on its chips.
func Return(b Bet, n int) (int64, error) {
	if n < 0 || n > 36 {
		return 0, fmt.Errorf("roulette: winning number %d is not on the wheel", n)
	}
	if b.Stake <= 0 {
		return 0, fmt.Errorf("roulette: %v: stake %d cents, want > 0", b.Kind, b.Stake)
	}
	chips := b.Chips()
	if b.Stake%chips != 0 {
		return 0, fmt.Errorf("roulette: %v: stake %d cents is not a multiple of its %d chips", b.Kind, b.Stake, chips)
	}
	if err := b.check(); err != nil {
		return 0, err
	}
	// The parts that cover n, read off the bet without building them (Parts): the
	// deal path settles every bet of every spin.
	chip := b.Stake / chips
	switch b.Kind {
	case Straight, Split, Street, Corner, SixLine:
		if slices.Contains(b.Numbers, n) {
			return chip * (Pays(len(b.Numbers)) + 1), nil
		}
		return 0, nil
	case Dozen, Column, Red, Black, Odd, Even, Low, High:
		if outsideHas(b.Kind, b.Target, n) {
			return chip * (Pays(b.Kind.Covers()) + 1), nil
		}
		return 0, nil
	case Neighbours:
		for d := -2; d <= 2; d++ {
			if neighbour(b.Target, d) == n {
				return chip * (Pays(1) + 1), nil // five distinct pockets: one wins at most
			}
		}
		return 0, nil
	}
	var ret int64
	for _, p := range series[b.Kind] {
		if slices.Contains(p.Numbers, n) {
			ret += p.Chips * chip * (Pays(len(p.Numbers)) + 1)
		}
	}
	return ret, nil
}

// Settle returns the total staked and the total returned (stakes of winning parts
// plus their wins) for a set of bets when number n wins. Any invalid bet fails the
// whole set, so nothing is settled.
func Settle(bets []Bet, n int) (staked, returned int64, err error) {
	if len(bets) == 0 {
		return 0, 0, errors.New("roulette: no bets")
	}
	for i, b := range bets {
		r, err := Return(b, n)
		if err != nil {
			return 0, 0, fmt.Errorf("roulette: bet %d: %w", i, err)
		}
		staked += b.Stake
		returned += r
	}
	return staked, returned, nil
}

// Stats are a bet's exact figures per unit staked, counted over the 37 pockets.
type Stats struct {
	Edge     *big.Rat // house edge: 1 − E[return]/stake
	HitFreq  *big.Rat // probability that the bet returns anything
	Variance *big.Rat // variance of the net result per unit staked
}

// Exact counts the 37 pockets for bet b: its exact house edge, hit frequency and
// variance per unit staked.
func Exact(b Bet) (Stats, error) {
	var sum, sum2 big.Rat
	hits := 0
	for n := 0; n < Pockets; n++ {
		r, err := Return(b, n)
		if err != nil {
			return Stats{}, err
		}
		if r > 0 {
			hits++
		}
		net := big.NewRat(r-b.Stake, b.Stake)
		sum.Add(&sum, net)
		sum2.Add(&sum2, new(big.Rat).Mul(net, net))
	}
	p := big.NewRat(1, Pockets)
	mean := new(big.Rat).Mul(&sum, p)
	m2 := new(big.Rat).Mul(&sum2, p)
	return Stats{
		Edge:     new(big.Rat).Neg(mean),
		HitFreq:  big.NewRat(int64(hits), Pockets),
		Variance: new(big.Rat).Sub(m2, new(big.Rat).Mul(mean, mean)),
	}, nil
}

// AllBets lists every distinct bet the house rules define, each with the smallest
// stake of whole chips (1 cent a chip): every inside bet on the layout, the dozens,
// columns and even chances, the neighbours of every number and the three series.
func AllBets() []Bet {
	var bs []Bet
	for _, k := range []Kind{Straight, Split, Street, Corner, SixLine} {
		for _, ns := range validInside(k) {
			bs = append(bs, Bet{Kind: k, Numbers: ns, Stake: 1})
		}
	}
	for _, k := range []Kind{Dozen, Column} {
		for t := 1; t <= 3; t++ {
			bs = append(bs, Bet{Kind: k, Target: t, Stake: 1})
		}
	}
	for _, k := range []Kind{Red, Black, Odd, Even, Low, High} {
		bs = append(bs, Bet{Kind: k, Stake: 1})
	}
	for n := 0; n <= 36; n++ {
		bs = append(bs, Bet{Kind: Neighbours, Target: n, Stake: 5})
	}
	for _, k := range []Kind{Tiers, Voisins, Orphelins} {
		b := Bet{Kind: k}
		b.Stake = b.Chips()
		bs = append(bs, b)
	}
	return bs
}
