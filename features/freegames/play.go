package freegames

import (
	"egm/reels"
	"egm/rng"
)

// Spin is the record of one free game. Wins are in line bets, multiplier applied.
type Spin struct {
	Stops      [reels.MaxReels]int32 `json:"stops"`
	Lines      []reels.LineWin       `json:"lines,omitempty"` // line wins before the multiplier
	Scatters   int                   `json:"scatters"`
	ScatterPay int64                 `json:"scatter_pay"` // × total bet, before the multiplier
	// ExpandReels is the mask of reels the expanding symbol covers (bit r = reel
	// r), set only when it paid; ExpandPay is its pay before the multiplier.
	ExpandReels uint8 `json:"expand_reels,omitempty"`
	ExpandCount int   `json:"expand_count,omitempty"`
	ExpandPay   int64 `json:"expand_pay,omitempty"`
	Retrigger   int   `json:"retrigger,omitempty"` // further games awarded
	Win         int64 `json:"win"`                 // (lines + scatter + expansion) × multiplier
}

// Round is the complete record of a free-games round.
type Round struct {
	Awarded    int             `json:"awarded"`   // games of the triggering award
	Expanding  reels.SymbolID  `json:"expanding"` // reels.NoSymbol when none
	Name       string          `json:"expanding_name,omitempty"`
	Multiplier int64           `json:"multiplier"`
	Games      []Spin          `json:"games"`
	Forfeited  int             `json:"forfeited,omitempty"` // awarded games beyond the cap
	Win        int64           `json:"win"`                 // Σ game wins, line bets
	lineBuf    []reels.LineWin // backing store of the games' Lines, reused
}

// Play plays a round of awarded free games from src and records it in r. All
// chance comes from src: first the expanding symbol, then one spin per game. r's
// buffers are reused, so serialise or copy a Round before playing into it again.
func (f *Feature) Play(src rng.Source, awarded int, r *Round) {
	g := f.Game
	nl := g.NumLines()
	*r = Round{Awarded: awarded, Expanding: reels.NoSymbol, Multiplier: f.Multiplier,
		Games: r.Games[:0], lineBuf: r.lineBuf[:0]}
	if len(f.exp) > 0 {
		x := rng.Uint64n(src, f.expTotal)
		for i, w := range f.expW {
			if x < w {
				r.Expanding = f.exp[i]
				break
			}
			x -= w
		}
		r.Name = g.Symbols[r.Expanding].Name
	}
	if cap(r.lineBuf) < f.MaxGames*nl {
		r.lineBuf = make([]reels.LineWin, 0, f.MaxGames*nl)
	}
	pending := awarded
	var w reels.Window
	for pending > 0 && len(r.Games) < f.MaxGames {
		pending--
		reels.Spin(src, f.Set, &w)
		buf := r.lineBuf[len(r.lineBuf) : len(r.lineBuf)+nl]
		gm := f.evaluate(&w, r.Expanding, buf)
		r.lineBuf = r.lineBuf[:len(r.lineBuf)+len(gm.Lines)]
		pending += gm.Retrigger
		r.Win += gm.Win
		r.Games = append(r.Games, gm)
	}
	r.Forfeited = pending
}

// evaluate pays one free game's window with expanding symbol s (NoSymbol: none);
// line wins are written to buf (len ≥ lines).
func (f *Feature) evaluate(w *reels.Window, s reels.SymbolID, buf []reels.LineWin) Spin {
	g := f.Game
	ev := g.Evaluate(w, buf)
	gm := Spin{Stops: w.Stops, Lines: buf[:ev.LineWins], Scatters: ev.Scatters, ScatterPay: ev.ScatterPay,
		Retrigger: f.Retrigger(ev.Scatters)}
	win := ev.Total
	if s != reels.NoSymbol {
		mask := w.ReelsWith(s)
		n := 0
		for m := mask; m != 0; m &= m - 1 {
			n++
		}
		if p := g.LinePay(s, n); p > 0 {
			gm.ExpandReels, gm.ExpandCount = mask, n
			gm.ExpandPay = p * int64(g.NumLines())
			win += gm.ExpandPay
		}
	}
	gm.Win = win * f.Multiplier
	return gm
}
