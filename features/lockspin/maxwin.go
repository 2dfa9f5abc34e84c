package lockspin

// MaxTotal returns the largest coin total the feature can pay, × total bet: every
// cell filled, the triggering ones with the trigger table's largest value and the
// rest landing together on one respin with the best mix of the largest coin and
// the largest Scale Up factor (all coins on the grid are then multiplied). The
// count of triggering symbols is chosen to maximise it. Fallback values count as
// coins. For a PAR sheet's max win; its odds are for the title to state.
func (g *Game) MaxTotal() int64 {
	best := func(t []Weighted) (v, f int64) {
		f = 1
		for _, w := range t {
			switch w.Symbol.Kind {
			case Coin:
				v = max(v, w.Symbol.Value)
			case Jackpot:
				v = max(v, g.cfg.Jackpots[g.level(w.Symbol.Level)].Fallback)
			case ScaleUp:
				f = max(f, w.Symbol.Factor)
			}
		}
		return v, f
	}
	v0, _ := best(g.cfg.TriggerSymbols)
	v, f := best(g.cfg.Symbols)
	var top int64
	for n0 := g.cfg.Trigger; n0 <= g.cells; n0++ {
		mult := int64(1)
		for k := 0; k <= g.cells-n0; k++ {
			top = max(top, (int64(n0)*v0+int64(g.cells-n0-k)*v)*mult)
			if f == 1 || n0 == g.cells {
				break
			}
			mult *= f // checkRange bounds this product
		}
	}
	return top
}
