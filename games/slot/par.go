package slot

import (
	"fmt"
	"math"
	"math/big"

	"egm/features/freegames"
	"egm/features/lockspin"
	"egm/reels"
)

// Component is one part of the total RTP.
type Component struct {
	Name  string   `json:"name"`
	RTP   float64  `json:"rtp"`
	Exact *big.Rat `json:"exact"`
}

// Award is one advertised award and its odds per game.
type Award struct {
	Name    string   `json:"name"`
	PayX    float64  `json:"pay_x_bet"`     // × total bet (jackpots at reset, max bet)
	PerGame *big.Rat `json:"p_per_game"`    // expected occurrences per game
	OneIn   float64  `json:"one_in"`        // games per occurrence
	In1e8   bool     `json:"reachable_1e8"` // expected at least once in 10^8 games
}

// Band is the 95% interval of the measured RTP after N games.
type Band struct {
	Games float64 `json:"games"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
}

// PAR is a title's exact PAR sheet. Ratios are per total bet; x = win / total bet.
type PAR struct {
	Title      string      `json:"title"`
	Name       string      `json:"name"`
	Family     string      `json:"family"`
	Volatility string      `json:"volatility"`
	RTP        float64     `json:"rtp"`
	RTPExact   *big.Rat    `json:"rtp_exact"`
	Components []Component `json:"components"`
	// GamePays is the RTP paid by the game itself (all but jackpots and
	// contributions): what a simulation of Play measures without jackpot money.
	GamePays *big.Rat `json:"game_pays"`
	// HitFrequency is P(a game pays a win or starts a feature).
	HitFrequency float64 `json:"hit_frequency"`
	// Sigma is the standard deviation of x of the game's own pays (jackpot levels
	// excluded: their odds are in Awards), VI90/VI95 = 1.645σ / 1.96σ per game.
	Sigma float64 `json:"sigma"`
	VI90  float64 `json:"vi90"`
	VI95  float64 `json:"vi95"`
	// MaxWin is the largest award one game can pay, × total bet: the cap when
	// the rules allow more (MaxWinUncapped above MaxWinCap), else MaxWinUncapped.
	// MaxWinUncapped bounds the award before the cap: the base game's largest
	// win (× the largest clover factor), the largest Super Colors pay, the
	// largest Lock & Spin total and the round of the most free games each at the
	// largest free-game win, added together. Jackpot levels are not part of it.
	MaxWin         float64 `json:"max_win_x_bet"`
	MaxWinCap      int64   `json:"max_win_cap_x_bet"`
	MaxWinUncapped float64 `json:"max_win_uncapped_x_bet"`
	// VolatilityRule states how Volatility follows from Sigma.
	VolatilityRule string `json:"volatility_rule"`
	// ByBet gives σ and the volatility index at the least and the largest total
	// bet, of the game's own pays and with the linked levels (Grand, Major) paid at
	// their reset values (their return per unit bet is the same at every bet).
	ByBet     []BetSigma            `json:"sigma_by_bet"`
	Bands     []Band                `json:"confidence_bands"`
	Awards    []Award               `json:"awards"`
	LockSpin  LSFigures             `json:"lock_spin"`
	FreeGames *FGFigures            `json:"free_games,omitempty"`
	Base      *reels.Analysis       `json:"base"`
	ReelSets  map[string][][]string `json:"reel_sets"`
	Lines     [][]int               `json:"lines"`
	Paytable  []PayRow              `json:"paytable"`
	Gamble    string                `json:"gamble,omitempty"`
	// Grid, Definition, Rules and Linked make the PAR self-contained: every
	// table and weight that decides an outcome (the title's data: strips, lines,
	// paytable, Lock & Spin landing, respin and trigger tables, Magic Clover and
	// Super Colors weights, the Free Games awards, the cap), the rules that read
	// them, and the linked levels' terms.
	// Cap is the cap's cost in the RTP, the RTP with the cap counted and the odds
	// of reaching the cap (RTP above is before the cap); nil when not computed.
	Cap        *CapFigures `json:"cap,omitempty"`
	Grid       Grid        `json:"grid"`
	Definition Spec        `json:"definition"`
	Rules      Rules       `json:"rules"`
	Linked     LinkedTerms `json:"linked_levels"`
}

// BetSigma is σ (x = win / total bet) at one total bet. Linked: the Grand and
// Major paid at reset are added as independent rare awards, E[J²] = Σ hits·pay²
// (a level hit at most once a game, no covariance with the game's pays: an
// approximation the PAR states).
type BetSigma struct {
	BetCents    int64   `json:"bet_cents"`
	Sigma       float64 `json:"sigma"`
	VI90        float64 `json:"vi90"`
	VI95        float64 `json:"vi95"`
	SigmaLinked float64 `json:"sigma_linked"`
	VI90Linked  float64 `json:"vi90_linked"`
	VI95Linked  float64 `json:"vi95_linked"`
}

// Volatility bands on σ of the game's own pays per game (× total bet).
const VolatilityRule = "from σ of the game's own pays per game at total bet: low below 4, medium 4 to below 7, high 7 to below 10, very high 10 and above"

// VolatilityOf is a title's volatility label from σ (VolatilityRule).
func VolatilityOf(sigma float64) string {
	switch {
	case sigma < 4:
		return "low"
	case sigma < 7:
		return "medium"
	case sigma < 10:
		return "high"
	}
	return "very high"
}

// LSFigures summarise Lock & Spin.
type LSFigures struct {
	Trigger *big.Rat         `json:"p_trigger"`
	OneIn   float64          `json:"one_in"`
	Mean    float64          `json:"mean_x_bet"`
	PFull   float64          `json:"p_full_grid"`
	Respins float64          `json:"respins"`
	Report  *lockspin.Report `json:"report"`
}

// FGFigures summarise Free Games.
type FGFigures struct {
	Trigger  *big.Rat            `json:"p_trigger"`
	OneIn    float64             `json:"one_in"`
	Games    float64             `json:"games_per_round"`
	Analysis *freegames.Analysis `json:"analysis"`
}

// PayRow is one symbol's pays in plain terms.
type PayRow struct {
	Symbol string        `json:"symbol"`
	Kind   string        `json:"kind"`
	Pays   map[int]int64 `json:"pays,omitempty"` // count → × line bet (scatter: × total bet)
}

// coinTag tags a column with its coins (bits 0–2) and whether the clover shows (bit 3).
func (t *Title) coinTag() reels.Tagger {
	return func(_ int, col []reels.SymbolID) uint8 {
		var n uint8
		for _, s := range col {
			switch s {
			case t.coin:
				n++
			case t.clover:
				n |= 8
			}
		}
		return n
	}
}

func rat(n int64) *big.Rat       { return big.NewRat(n, 1) }
func u128(x reels.U128) *big.Rat { return new(big.Rat).SetInt(x.Big()) }
func ru(x uint64) *big.Rat       { return new(big.Rat).SetInt(new(big.Int).SetUint64(x)) }
func mul(a, b *big.Rat) *big.Rat { return new(big.Rat).Mul(a, b) }
func add(a, b *big.Rat) *big.Rat { return new(big.Rat).Add(a, b) }
func f64(r *big.Rat) float64     { f, _ := r.Float64(); return f }

// moments returns E[X] and E[X²] of a weighted factor table.
func (w *weights) moments() (*big.Rat, *big.Rat) {
	m1, m2 := new(big.Rat), new(big.Rat)
	tot := ru(w.total)
	for i, f := range w.factor {
		p := new(big.Rat).Quo(ru(w.weight[i]), tot)
		m1.Add(m1, mul(p, rat(f)))
		m2.Add(m2, mul(p, rat(f*f)))
	}
	return m1, m2
}

// PAR returns the title's exact PAR sheet. It is computed at the first call and
// kept (a title does not change after New): the help pages of every language and
// profile, the lab's sheets and the screen's rules share one computation. Callers
// read the sheet and must not change it.
func (t *Title) PAR() (*PAR, error) {
	t.parOnce.Do(func() { t.par, t.parErr = t.computePAR() })
	return t.par, t.parErr
}

// computePAR computes the title's exact PAR sheet.
func (t *Title) computePAR() (*PAR, error) {
	g := t.Game
	L := rat(int64(g.NumLines()))
	L2 := mul(L, L)
	tag := t.coinTag()
	e := g.Enumerate(g.Base, tag)
	base := g.AnalysisOf(g.Base, e)
	cycle := ru(e.Cycle)

	// Lock & Spin: trigger distribution, per-start means, aggregate moments (q = 1).
	coinOnly := func(r int, col []reels.SymbolID) uint8 { return tag(r, col) & 7 }
	counts := g.TagCounts(g.Base, coinOnly)
	for r := range counts {
		for len(counts[r]) < g.Rows+1 {
			counts[r] = append(counts[r], 0)
		}
	}
	starts, pTrig, err := t.LockSpin.TriggerStarts(counts)
	if err != nil {
		return nil, fmt.Errorf("slot: title %q: %w", t.Spec.ID, err)
	}
	q1 := t.LockSpin.All(lockspin.Always)
	lsRep, err := t.LockSpin.Analyse(starts, q1)
	if err != nil {
		return nil, fmt.Errorf("slot: title %q: %w", t.Spec.ID, err)
	}
	perStart, err := t.LockSpin.AnalyseStarts(starts, q1)
	if err != nil {
		return nil, fmt.Errorf("slot: title %q: %w", t.Spec.ID, err)
	}
	lsMean := map[[reels.MaxReels]int]*big.Rat{}
	for _, sr := range perStart {
		var k [reels.MaxReels]int
		copy(k[:], sr.Locked)
		lsMean[k] = sr.Mean
	}
	trigger := t.LockSpin.Config().Trigger

	// Coin values in the base game.
	ev, ev2 := new(big.Rat), new(big.Rat)
	{
		var tot uint64
		for _, w := range t.LockSpin.Config().TriggerSymbols {
			tot += w.Weight
		}
		for _, w := range t.LockSpin.Config().TriggerSymbols {
			p := new(big.Rat).Quo(ru(w.Weight), ru(tot))
			ev.Add(ev, mul(p, rat(w.Symbol.Value)))
			ev2.Add(ev2, mul(p, rat(w.Symbol.Value*w.Symbol.Value)))
		}
	}
	varv := new(big.Rat).Sub(ev2, mul(ev, ev))
	em, em2 := rat(1), rat(1)
	if t.Spec.Clover != nil {
		em, em2 = t.clovers.moments()
	}
	var ec, ec2 *big.Rat
	if t.Spec.Colors != nil {
		ec, ec2 = t.colors.moments()
	}

	// Free games per award (line bets → total bets).
	var fga *freegames.Analysis
	type fgm struct{ m1, m2 *big.Rat }
	fgByAward := map[int]fgm{}
	if t.Free != nil {
		fga = t.Free.Analyze()
	}

	sum1, sum2 := new(big.Rat), new(big.Rat) // Σ over the cycle of x and x²
	var hits uint64
	parts := map[string]*big.Rat{"base": new(big.Rat), "clover": new(big.Rat), "colors": new(big.Rat), "free": new(big.Rat), "lockspin": new(big.Rat)}
	pFree := new(big.Rat)
	for _, c := range e.Classes {
		w := ru(c.Weight)
		S, Q := u128(c.Sum), u128(c.SumSq)
		n, clover := 0, false
		var k [reels.MaxReels]int
		for r := 0; r < g.Reels; r++ {
			k[r] = int(c.Tags[r] & 7)
			n += k[r]
			clover = clover || c.Tags[r]&8 != 0
		}
		m1, m2 := rat(1), rat(1)
		if clover {
			m1, m2 = em, em2
		}
		b1 := new(big.Rat).Quo(mul(m1, S), L) // Σ base x over the class
		b2 := new(big.Rat).Quo(mul(m2, Q), L2)
		parts["base"].Add(parts["base"], new(big.Rat).Quo(S, L))
		if clover {
			parts["clover"].Add(parts["clover"], new(big.Rat).Sub(b1, new(big.Rat).Quo(S, L)))
		}
		// Features given the class: conditional means x (per combination) and the
		// second moment without Lock & Spin's own square (added in aggregate).
		var means []*big.Rat
		xsq := new(big.Rat)
		feature := false
		if t.Spec.Colors != nil && n >= t.Spec.Colors.MinCoins && n < trigger {
			nn := rat(int64(n))
			c1 := mul(mul(nn, ev), ec)
			c2 := mul(ec2, add(mul(nn, varv), mul(mul(nn, nn), mul(ev, ev))))
			means = append(means, c1)
			xsq.Add(xsq, c2)
			parts["colors"].Add(parts["colors"], mul(w, c1))
			feature = true
		}
		if t.Free != nil {
			if award := t.Free.Award(c.Scatters); award > 0 {
				f, ok := fgByAward[award]
				if !ok {
					r1, r2 := fga.Round(award)
					f = fgm{new(big.Rat).Quo(r1, L), new(big.Rat).Quo(r2, L2)}
					fgByAward[award] = f
				}
				means = append(means, f.m1)
				xsq.Add(xsq, f.m2)
				parts["free"].Add(parts["free"], mul(w, f.m1))
				pFree.Add(pFree, w)
				feature = true
			}
		}
		if n >= trigger {
			l1, ok := lsMean[k]
			if !ok {
				return nil, fmt.Errorf("slot: title %q: no Lock & Spin start for %v", t.Spec.ID, k[:g.Reels])
			}
			means = append(means, l1)
			parts["lockspin"].Add(parts["lockspin"], mul(w, l1))
			feature = true
		}
		x1 := new(big.Rat)
		for i, a := range means {
			x1.Add(x1, a)
			for _, b := range means[i+1:] {
				xsq.Add(xsq, mul(rat(2), mul(a, b)))
			}
		}
		sum1.Add(sum1, add(b1, mul(w, x1)))
		sum2.Add(sum2, add(add(b2, mul(mul(rat(2), b1), x1)), mul(w, xsq)))
		hits += c.Hits
		if feature {
			hits += c.Weight - c.Hits
		}
	}
	// Lock & Spin's own second moment over the trigger distribution.
	sum2.Add(sum2, mul(mul(cycle, pTrig), lsRep.SecondMoment))

	per := func(x *big.Rat) *big.Rat { return new(big.Rat).Quo(x, cycle) }
	gamePays := per(sum1)
	second := per(sum2)
	variance := new(big.Rat).Sub(second, mul(gamePays, gamePays))

	p := &PAR{Title: t.Spec.ID, Name: t.Spec.Name, Family: t.Spec.Family,
		GamePays: gamePays, Base: base, Lines: t.Spec.Reels.Lines}
	comp := func(name string, r *big.Rat) {
		p.Components = append(p.Components, Component{Name: name, RTP: f64(r), Exact: r})
	}
	comp("base game line pays", base.LineRTP)
	if g.Scatter != reels.NoSymbol {
		comp("scatter pays", base.ScatterRTP)
	}
	if t.Spec.Clover != nil {
		comp("Magic Clover multiplier", per(parts["clover"]))
	}
	if t.Spec.Colors != nil {
		comp("Super Colors", per(parts["colors"]))
	}
	if t.Free != nil {
		comp("Free Games", per(parts["free"]))
	}
	comp("Lock & Spin coins", per(parts["lockspin"]))
	total := new(big.Rat).Set(gamePays)
	for i, l := range t.LockSpin.Config().Jackpots {
		h := mul(pTrig, lsRep.Jackpots[i].Hits) // qualified hits per game at max bet
		r := mul(h, rat(ResetX(l.Name)))
		comp(levelTitle(l.Name)+" at reset", r)
		total.Add(total, r)
		p.Awards = append(p.Awards, award(levelTitle(l.Name)+" jackpot (max bet)", float64(ResetX(l.Name)), h))
	}
	for _, c := range []struct {
		name string
		bp   int64
	}{{"Grand contribution", GrandRateBP}, {"Major contribution", MajorRateBP},
		{"mystery growth (shown)", MysteryRateBP - MysteryReserveBP}, {"mystery reserve (resets)", MysteryReserveBP}} {
		comp(c.name, bp(c.bp))
		total.Add(total, bp(c.bp))
	}
	if t.Spec.Gamble {
		comp("Gamble (RTP-neutral)", new(big.Rat))
		p.Gamble = "double or nothing on card colour: an exact 50% draw, expected return equal to the stake (RTP-neutral)"
	}
	p.RTPExact, p.RTP = total, f64(total)
	p.HitFrequency = float64(hits) / float64(e.Cycle)
	p.Sigma = math.Sqrt(f64(variance))
	p.VI90, p.VI95 = 1.645*p.Sigma, 1.96*p.Sigma
	p.Volatility, p.VolatilityRule = VolatilityOf(p.Sigma), VolatilityRule
	for _, b := range []int64{MinTotalCents(t.Lines()), MaxTotalCents(t.Lines())} {
		// a level hits pTrig·Hits·b/max times a game and pays ResetX·max/b bets
		ej, ej2 := 0.0, 0.0
		for i, l := range t.LockSpin.Config().Jackpots {
			h := f64(mul(pTrig, lsRep.Jackpots[i].Hits)) * float64(b) / MaxBetCents
			a := float64(ResetX(l.Name)) * MaxBetCents / float64(b)
			ej += h * a
			ej2 += h * a * a
		}
		gp := f64(gamePays)
		v := f64(second) + 2*gp*ej + ej2 - (gp+ej)*(gp+ej)
		sl := math.Sqrt(v)
		p.ByBet = append(p.ByBet, BetSigma{BetCents: b, Sigma: p.Sigma, VI90: p.VI90, VI95: p.VI95,
			SigmaLinked: sl, VI90Linked: 1.645 * sl, VI95Linked: 1.96 * sl})
	}
	for _, n := range []float64{1e3, 1e4, 1e5, 1e6, 1e7, 1e8} {
		h := p.VI95 / math.Sqrt(n)
		p.Bands = append(p.Bands, Band{Games: n, Low: p.RTP - h, High: p.RTP + h})
	}
	p.LockSpin = LSFigures{Trigger: pTrig, OneIn: 1 / f64(pTrig), Mean: f64(lsRep.Mean), PFull: f64(lsRep.PFull), Respins: f64(lsRep.Respins), Report: lsRep}
	p.Awards = append(p.Awards, award("Lock & Spin full grid", 0, mul(pTrig, lsRep.PFull)))
	if t.Free != nil {
		pf := per(pFree)
		gm, _ := fga.Games(t.Free.Award(g.Cells()))
		p.FreeGames = &FGFigures{Trigger: pf, OneIn: 1 / f64(pf), Games: f64(gm), Analysis: fga}
	}
	// Max win: every part of one game at its largest, added, then the cap.
	maxBase := f64(base.MaxWin)
	if t.Spec.Clover != nil {
		maxBase *= float64(maxFactor(t.clovers))
	}
	p.MaxWinUncapped = maxBase + float64(t.LockSpin.MaxTotal()) + t.maxColors() + t.maxFreeRound()
	p.MaxWinCap, p.MaxWin = t.Spec.MaxWinX, p.MaxWinUncapped
	if t.Spec.MaxWinX > 0 && p.MaxWin > float64(t.Spec.MaxWinX) {
		p.MaxWin = float64(t.Spec.MaxWinX)
	}
	for _, c := range base.Combos {
		if c.Hits > 0 {
			p.Awards = append(p.Awards, award(fmt.Sprintf("%d × %s", c.Count, c.Symbol), float64(c.Pay)/f64(L), new(big.Rat).Quo(ru(c.Hits), cycle)))
		}
	}
	if t.Spec.MaxWinX > 0 && !t.noCap {
		byN0 := map[int]float64{}
		for k, m := range lsMean {
			n := 0
			for _, x := range k {
				n += x
			}
			byN0[n] = f64(m)
		}
		t.capOnce.Do(func() {
			t.capFig, t.capErr = t.capFigures(p.MaxWinUncapped >= float64(t.Spec.MaxWinX), byN0, p.RTP)
		})
		if t.capErr != nil {
			return nil, t.capErr
		}
		cf := new(CapFigures)
		*cf = *t.capFig
		p.Cap = cf
		// the top award and its odds (GLI-11: printed beside it)
		switch {
		case cf.Binds:
			p.Awards = append(p.Awards, award(fmt.Sprintf("top award: the cap, %d× bet (odds from the lower bound of P(award ≥ cap))", cf.CapX),
				float64(cf.CapX), new(big.Rat).SetFloat64(cf.PCapLow)))
		case cf.TrueMax > 0:
			p.MaxWin = cf.TrueMax
			p.Awards = append(p.Awards, award(fmt.Sprintf("top award: %s× bet, the largest one game can pay", trimFloat(cf.TrueMax)),
				cf.TrueMax, new(big.Rat).SetFloat64(cf.PTrueMax)))
		}
	}
	p.Grid = Grid{Reels: g.Reels, Rows: g.Rows}
	p.Definition, p.Rules, p.Linked = t.Spec, t.rules(), linkedTerms()
	p.ReelSets = map[string][][]string{"base": t.Spec.Reels.Base}
	if len(t.Spec.Reels.Free) > 0 {
		p.ReelSets["free"] = t.Spec.Reels.Free
	}
	for _, s := range t.Spec.Reels.Symbols {
		p.Paytable = append(p.Paytable, PayRow{Symbol: s.Name, Kind: s.Kind.String(), Pays: s.Pays})
	}
	return p, nil
}

func award(name string, payX float64, perGame *big.Rat) Award {
	f := f64(perGame)
	a := Award{Name: name, PayX: payX, PerGame: perGame, In1e8: f*1e8 >= 1}
	if f > 0 {
		a.OneIn = 1 / f
	}
	return a
}

// maxColors is the largest Super Colors pay, × total bet: trigger−1 coins of the
// largest value at the largest factor.
func (t *Title) maxColors() float64 {
	if t.Spec.Colors == nil {
		return 0
	}
	var v int64
	for _, w := range t.LockSpin.Config().TriggerSymbols {
		v = max(v, w.Symbol.Value)
	}
	return float64(int64(t.trigger-1) * v * maxFactor(t.colors))
}

// maxFreeRound bounds a free-games round's win, × total bet: the most games a
// round plays, each at the largest free-game win (lines and scatters at their
// largest, plus the largest expansion pay on every line), × the multiplier.
func (t *Title) maxFreeRound() float64 {
	if t.Free == nil {
		return 0
	}
	g := t.Game
	a := g.Analyze(t.Free.Set)
	top := f64(a.MaxWin) // × total bet
	exp, _ := t.Free.Expanding()
	var e int64
	for _, s := range exp {
		e = max(e, g.LinePay(s, g.Reels)) // × line bet, on every line: × total bet
	}
	return float64(t.Free.MaxGames) * (top + float64(e)) * float64(t.Free.Multiplier)
}

func maxFactor(w weights) int64 {
	m := int64(1)
	for _, f := range w.factor {
		m = max(m, f)
	}
	return m
}

func levelTitle(l string) string {
	switch l {
	case Grand:
		return "Grand"
	case Major:
		return "Major"
	}
	return l
}
