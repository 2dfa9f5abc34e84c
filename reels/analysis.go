package reels

import (
	"math"
	"math/big"
)

// Analysis is the exact base-game math of one reel set: the figures of a PAR sheet.
// Ratios are exact; x = win / total bet.
type Analysis struct {
	Title        string       `json:"title"`
	Set          string       `json:"set"`
	Cycle        uint64       `json:"cycle"`
	Lines        int          `json:"lines"`
	RTP          *big.Rat     `json:"rtp"`            // E[x]: line pays + scatter pays
	LineRTP      *big.Rat     `json:"line_rtp"`       // the line-pay part of RTP
	ScatterRTP   *big.Rat     `json:"scatter_rtp"`    // the scatter-pay part of RTP
	HitFrequency *big.Rat     `json:"hit_frequency"`  // P(x > 0)
	SecondMoment *big.Rat     `json:"second_moment"`  // E[x²]
	Variance     *big.Rat     `json:"variance"`       // E[x²] − E[x]²
	MaxWin       *big.Rat     `json:"max_win_x_bet"`  // the largest x
	MaxWinWeight uint64       `json:"max_win_weight"` // stop combinations paying it
	Combos       []ComboRow   `json:"combos"`
	Scatters     []ScatterRow `json:"scatters"`
}

// ComboRow is one line combination on the PAR sheet.
type ComboRow struct {
	Symbol string   `json:"symbol"`
	Count  int      `json:"count"`
	Pay    int64    `json:"pay"`  // × line bet
	Hits   uint64   `json:"hits"` // (stop combination, line) pairs over the cycle
	RTP    *big.Rat `json:"rtp"`  // Hits·Pay / (Cycle·Lines)
}

// ScatterRow is one scatter count on the PAR sheet.
type ScatterRow struct {
	Count  int      `json:"count"`
	Pay    int64    `json:"pay"`    // × total bet
	Weight uint64   `json:"weight"` // stop combinations showing exactly Count scatters
	RTP    *big.Rat `json:"rtp"`    // Weight·Pay / Cycle
}

// Analyze enumerates set and derives its PAR figures.
func (g *Game) Analyze(set *ReelSet) *Analysis {
	return g.AnalysisOf(set, g.Enumerate(set, nil))
}

// AnalysisOf derives the PAR figures from an enumeration of set (any tagger).
func (g *Game) AnalysisOf(set *ReelSet, e *Enumeration) *Analysis {
	a := &Analysis{Title: g.Title, Set: set.Name, Cycle: e.Cycle, Lines: e.Lines}
	a.RTP = e.RTP()
	a.HitFrequency = e.HitFrequency()
	a.SecondMoment = e.SecondMoment()
	a.Variance = new(big.Rat).Sub(a.SecondMoment, new(big.Rat).Mul(a.RTP, a.RTP))
	a.MaxWin = big.NewRat(int64(e.Total.Max), int64(e.Lines))
	a.MaxWinWeight = e.Total.MaxWeight
	den := new(big.Int).Mul(new(big.Int).SetUint64(e.Cycle), big.NewInt(int64(e.Lines)))
	a.LineRTP = new(big.Rat)
	for _, c := range e.Combos {
		num := new(big.Int).Mul(new(big.Int).SetUint64(c.Hits), big.NewInt(c.Pay))
		r := new(big.Rat).SetFrac(num, den)
		a.LineRTP.Add(a.LineRTP, r)
		a.Combos = append(a.Combos, ComboRow{Symbol: g.Symbols[c.Symbol].Name, Count: c.Count, Pay: c.Pay, Hits: c.Hits, RTP: r})
	}
	a.ScatterRTP = new(big.Rat)
	byCount := map[int]uint64{}
	maxCount := 0
	for _, c := range e.Classes {
		byCount[c.Scatters] += c.Weight
		maxCount = max(maxCount, c.Scatters)
	}
	if g.Scatter != NoSymbol {
		for n := 0; n <= maxCount; n++ {
			w := byCount[n]
			r := new(big.Rat).SetFrac(new(big.Int).Mul(new(big.Int).SetUint64(w), big.NewInt(g.scatPay[n])),
				new(big.Int).SetUint64(e.Cycle))
			a.ScatterRTP.Add(a.ScatterRTP, r)
			a.Scatters = append(a.Scatters, ScatterRow{Count: n, Pay: g.scatPay[n], Weight: w, RTP: r})
		}
	}
	return a
}

// Sigma is the standard deviation of x per game (for printing).
func (a *Analysis) Sigma() float64 {
	v, _ := a.Variance.Float64()
	return math.Sqrt(v)
}

// RTP is E[win] / total bet over the cycle.
func (e *Enumeration) RTP() *big.Rat {
	return ratio(e.Total.Sum.Big(), e.Cycle, uint64(e.Lines))
}

// HitFrequency is P(win > 0).
func (e *Enumeration) HitFrequency() *big.Rat {
	return ratio(new(big.Int).SetUint64(e.Total.Hits), e.Cycle, 1)
}

// SecondMoment is E[(win / total bet)²].
func (e *Enumeration) SecondMoment() *big.Rat {
	return ratio(e.Total.SumSq.Big(), e.Cycle, uint64(e.Lines)*uint64(e.Lines))
}

// ratio is num / (a·b) exactly.
func ratio(num *big.Int, a, b uint64) *big.Rat {
	den := new(big.Int).Mul(new(big.Int).SetUint64(a), new(big.Int).SetUint64(b))
	return new(big.Rat).SetFrac(num, den)
}
