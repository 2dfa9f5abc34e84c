package uth

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"fmt"
	"io"
	"sync"
)

// strategyFile is the flop decisions of the whole analysis (Main(Default, nil)): per
// flop class (in flopClasses order), 166 bytes of bits indexed by the holding's
// pairIndex (1: bet 2x), then the flop class's checksums (Σ over holdings of the
// decision's total, sum of squares and wins) as three little-endian int64.
//
//go:embed strategy.bin.gz
var strategyFile []byte

const flopRecord = numPairs/8 + 1 + 24

// Strategy is the optimal strategy of the Default pay table as the exact analysis
// computed it: pre-flop by hole class, on the flop by the holding and the flop (up to
// suits), on the river by counting the 990 dealer holdings left.
type Strategy struct {
	ctx     mainCtx
	preFlop [169]Decision
	flop    [][numPairs/8 + 1]byte
	sums    []path
}

var (
	houseOnce sync.Once
	house     *Strategy
	houseErr  error
)

// HouseStrategy is the optimal strategy for Default (loaded once).
func HouseStrategy() (*Strategy, error) {
	houseOnce.Do(func() { house, houseErr = loadStrategy() })
	return house, houseErr
}

func loadStrategy() (*Strategy, error) {
	z, err := gzip.NewReader(bytes.NewReader(strategyFile))
	if err != nil {
		return nil, fmt.Errorf("uth: strategy: %v", err)
	}
	raw, err := io.ReadAll(z)
	if err != nil {
		return nil, fmt.Errorf("uth: strategy: %v", err)
	}
	if len(raw) != len(flopClasses)*flopRecord {
		return nil, fmt.Errorf("uth: strategy: %d bytes, want %d", len(raw), len(flopClasses)*flopRecord)
	}
	ctx, err := newMainCtx(Default)
	if err != nil {
		return nil, err
	}
	s := &Strategy{ctx: ctx}
	for i := range flopClasses {
		rec := raw[i*flopRecord : (i+1)*flopRecord]
		s.flop = append(s.flop, [numPairs/8 + 1]byte(rec[:numPairs/8+1]))
		x := rec[numPairs/8+1:]
		s.sums = append(s.sums, path{
			ev: int64(binary.LittleEndian.Uint64(x[0:])),
			m2: int64(binary.LittleEndian.Uint64(x[8:])),
			w:  int64(binary.LittleEndian.Uint64(x[16:])),
		})
	}
	if len(goldenPreFlop) != 169 {
		return nil, fmt.Errorf("uth: strategy: pre-flop table of %d", len(goldenPreFlop))
	}
	for k, c := range goldenPreFlop {
		s.preFlop[k] = map[rune]Decision{'4': Bet4x, '3': Bet3x, 'c': Check}[c]
	}
	return s, nil
}

// PreFlop is the decision for a hole class (HoleClass): Bet4x or Check.
func (s *Strategy) PreFlop(class int) Decision { return s.preFlop[class] }

// Decide is the strategy's decision for the player's cards and the community cards
// shown (none pre-flop, three on the flop, five on the river). It never looks at
// the dealer's cards.
func (s *Strategy) Decide(player [2]Card, board []Card) (Decision, error) {
	switch len(board) {
	case 0:
		return s.preFlop[HoleClass(player[0], player[1])], nil
	case 3:
		key, perm := canonicalFlop([3]Card(board))
		i, ok := flopIndex[key]
		if !ok {
			return 0, fmt.Errorf("uth: flop %v", board)
		}
		p := pairIndex[permute(player[0], perm)][permute(player[1], perm)]
		if s.flop[i][p/8]&(1<<(p%8)) != 0 {
			return Bet2x, nil
		}
		return Check, nil
	case 5:
		if riverBet(s.ctx, player, [5]Card(board)) {
			return Bet1x, nil
		}
		return Fold, nil
	}
	return 0, fmt.Errorf("uth: %d community cards", len(board))
}

// riverBet reports whether betting 1x beats folding on the river: it settles the
// player's hand against each of the 990 dealer holdings of the 45 cards left (the
// direct count, independent of Main's sorted counting) and bets when the total of
// Ante, Blind and a 1x Play exceeds folding's loss of Ante and Blind.
func riverBet(c mainCtx, player [2]Card, board [5]Card) bool {
	used := MaskOf(player[0], player[1], board[0], board[1], board[2], board[3], board[4])
	bm := MaskOf(board[:]...)
	p := Eval(used)
	bp := c.blind[p.Category()]
	var left []Card
	for x := Card(0); x < 52; x++ {
		if used&bit(x) == 0 {
			left = append(left, x)
		}
	}
	sc := c.scale
	var total int64
	for i := range left {
		for j := i + 1; j < len(left); j++ {
			q := Eval(bm | bit(left[i]) | bit(left[j]))
			switch {
			case p > q:
				total += sc + bp // Play
				if Qualifies(q) {
					total += sc
				}
			case p < q:
				total -= 2 * sc // Play and Blind
				if Qualifies(q) {
					total -= sc
				}
			}
		}
	}
	return total > -2*sc*990
}
