package help

import (
	"fmt"
	"slices"
	"strings"

	"egm/features/lockspin"
	"egm/games/slot"
	"egm/jurisdiction"
	"egm/locale"
	"egm/reels"
)

// Rules are a title's rules as the player reads them (R-HELP-1): generated from
// the title's Spec and PAR sheet, so the help screen and the HTML export can never
// disagree with the math.
type Rules struct {
	ID, Name, Family, Volatility string
	// Lang is the language the texts are in; amounts are in the printer's currency.
	Lang                     locale.Lang
	Reels, Rows              int
	Paytable                 []PayRow
	Lines                    [][]int
	Features                 []Feature
	MinBetCents, MaxBetCents int64   // minor units of the reader's currency
	Denominations            []int64 // minor units
	RTP                      float64 // percent, from the PAR sheet
	MaxWinX                  float64 // × total bet
	MaxWinCapX               int64   // the cap on one game's award, × total bet (0: none)
	// The rules the feature texts state, as data (the tests hold Play to them):
	// the bonus symbols that start Lock & Spin and how many, the base game's coin
	// values (× total bet), and the Magic Clover's factors, which multiply the
	// base game's line and scatter wins only.
	LockSpinTrigger int
	TriggerLevels   []string
	BaseCoinValues  []int64
	CloverFactors   []int64
	p               *locale.Printer // the reader's: the headings of WriteText and WriteHTML
}

// PayRow is one symbol's pays: Pays[i] pays X[i] for Count[i] of a kind.
type PayRow struct {
	Symbol   string
	Kind     string // regular, wild, scatter, bonus
	KindText string // the kind in the reader's language
	Counts   []int
	X        []int64 // × line bet (scatter: × total bet)
	Note     string
}

// Feature is one feature's name and explanation.
type Feature struct {
	Name string
	Text []string
}

// NewRules builds the rules of t from its Spec and its exact PAR sheet, in p's
// language, with amounts in p's currency and the bet range of the jurisdiction's
// limits lim (in minor units of that currency).
func NewRules(t *slot.Title, p *locale.Printer, lim jurisdiction.Limits) (*Rules, error) {
	par, err := t.PAR()
	if err != nil {
		return nil, fmt.Errorf("help: rules of %s: %w", t.Spec.ID, err)
	}
	if lim.MinBet <= 0 || lim.MaxBet < lim.MinBet {
		return nil, fmt.Errorf("help: rules of %s: bet range %d..%d", t.Spec.ID, lim.MinBet, lim.MaxBet)
	}
	s := t.Spec
	rtp := par.RTP // with the cap on one game's award counted, when the PAR has it
	if c := par.Cap; c != nil {
		rtp = (c.RTPLow + c.RTPHigh) / 2
	}
	r := &Rules{ID: s.ID, Name: s.Name, Family: s.Family, Volatility: par.Volatility, Lang: p.Lang(), p: p,
		Reels: s.Reels.Reels, Rows: s.Reels.Rows, Lines: par.Lines,
		MinBetCents: minTotal(t.Lines(), lim), MaxBetCents: maxTotal(t.Lines(), lim),
		Denominations: offered(t.Lines(), lim), RTP: rtp * 100, MaxWinX: par.MaxWin,
		MaxWinCapX: s.MaxWinX}
	for _, pr := range par.Paytable {
		row := PayRow{Symbol: pr.Symbol, Kind: pr.Kind, KindText: kindText(p, pr.Kind)}
		for n := range pr.Pays {
			row.Counts = append(row.Counts, n)
		}
		slices.Sort(row.Counts)
		slices.Reverse(row.Counts)
		for _, n := range row.Counts {
			row.X = append(row.X, pr.Pays[n])
		}
		switch pr.Kind {
		case reels.Wild.String():
			row.Note = p.T("rules.note.wild")
		case reels.Scatter.String():
			row.Note = p.T("rules.note.scatter")
		case reels.Bonus.String():
			if pr.Symbol == s.Coin {
				row.Note = p.N("rules.note.coin", int64(s.LockSpin.Trigger))
			} else if s.Clover != nil && pr.Symbol == s.Clover.Symbol {
				row.Note = p.T("rules.note.clover")
			}
		}
		r.Paytable = append(r.Paytable, row)
	}
	r.Features = features(t, p, lim)
	r.LockSpinTrigger = s.LockSpin.Trigger
	for _, w := range s.LockSpin.TriggerSymbols {
		switch w.Symbol.Kind {
		case lockspin.Coin:
			r.BaseCoinValues = append(r.BaseCoinValues, w.Symbol.Value)
		case lockspin.Jackpot:
			r.TriggerLevels = append(r.TriggerLevels, w.Symbol.Level)
		}
	}
	if s.Clover != nil {
		for _, f := range s.Clover.Factors {
			r.CloverFactors = append(r.CloverFactors, f.Factor)
		}
	}
	return r, nil
}

// kindText is a symbol kind in the reader's language.
func kindText(p *locale.Printer, kind string) string {
	switch kind {
	case reels.Wild.String():
		return p.T("rules.kind.wild")
	case reels.Scatter.String():
		return p.T("rules.kind.scatter")
	case reels.Bonus.String():
		return p.T("rules.kind.bonus")
	}
	return p.T("rules.kind.regular")
}

// VolatilityText is the volatility in the reader's language.
func (r *Rules) VolatilityText() string {
	switch r.Volatility {
	case "low":
		return r.p.T("rules.volatility.low")
	case "medium":
		return r.p.T("rules.volatility.medium")
	case "high":
		return r.p.T("rules.volatility.high")
	case "very high":
		return r.p.T("rules.volatility.very_high")
	}
	return r.Volatility
}

// Feature names the house rules keep in every language (seed 000, "Erifunktsioonid").
const (
	nameLockSpin  = "Lock & Spin"
	nameScaleUp   = "Scale Up"
	nameFreeGames = "Free Games"
	nameExpanding = "Special Expanding Symbol"
	nameClover    = "Magic Clover"
	nameColors    = "Super Colors"
	nameGamble    = "Gamble"
)

func features(t *slot.Title, p *locale.Printer, lim jurisdiction.Limits) []Feature {
	s := t.Spec
	var fs []Feature
	fs = append(fs, Feature{p.T("rules.feature.lines"), []string{
		p.N("rules.lines.fixed", int64(t.Lines()), "Reels", s.Reels.Reels, "Rows", s.Reels.Rows),
		p.T("rules.lines.pay"),
		p.T("rules.lines.scatter"),
	}})
	ls := t.LockSpin.Config()
	var coins []int64
	var scale []int64
	var levels []string
	for _, w := range ls.Symbols {
		switch w.Symbol.Kind {
		case lockspin.Coin:
			coins = append(coins, w.Symbol.Value)
		case lockspin.ScaleUp:
			scale = append(scale, w.Symbol.Factor)
		case lockspin.Jackpot:
			levels = append(levels, strings.ToUpper(w.Symbol.Level))
		}
	}
	var trigLevels []string
	for _, w := range ls.TriggerSymbols {
		switch w.Symbol.Kind {
		case lockspin.Coin:
			coins = append(coins, w.Symbol.Value)
		case lockspin.Jackpot:
			trigLevels = append(trigLevels, strings.ToUpper(w.Symbol.Level))
		}
	}
	slices.Sort(coins)
	coins = slices.Compact(coins)
	slices.Sort(scale)
	scale = slices.Compact(scale)
	slices.Sort(levels)
	levels = slices.Compact(levels)
	lsText := []string{
		p.N("rules.lockspin.trigger", int64(ls.Trigger), "Coin", s.Coin, "Levels", strings.Join(trigLevels, ", ")) + " " +
			p.N("rules.lockspin.respins", int64(lockspin.Respins)),
		p.T("rules.lockspin.reset", "Respins", lockspin.Respins),
		p.T("rules.lockspin.coins", "Values", joinX(coins)),
	}
	if len(levels) > 0 {
		lsText = append(lsText, p.T("rules.lockspin.jackpots", "Levels", andList(p, levels), "MaxBet", p.Money(lim.MaxBet)))
	}
	fs = append(fs, Feature{nameLockSpin, lsText})
	if len(scale) > 0 {
		fs = append(fs, Feature{nameScaleUp, []string{p.T("rules.scaleup", "Factors", joinX(scale))}})
	}
	if t.Free != nil {
		fc := t.Free.Config()
		var ns []int
		for n := range fc.Awards {
			ns = append(ns, n)
		}
		slices.Sort(ns)
		var aw []string
		for _, n := range ns {
			aw = append(aw, p.T("rules.free.award", "Scatters", p.N("rules.count.scatters", int64(n)), "Games", p.N("rules.count.free_games", int64(fc.Awards[n]))))
		}
		ft := []string{p.T("rules.free.start", "Awards", strings.Join(aw, ", "))}
		if len(fc.Retriggers) > 0 {
			ns = ns[:0]
			for n := range fc.Retriggers {
				ns = append(ns, n)
			}
			slices.Sort(ns)
			aw = aw[:0]
			for _, n := range ns {
				aw = append(aw, p.T("rules.free.award", "Scatters", p.N("rules.count.scatters", int64(n)), "Games", p.N("rules.count.more_games", int64(fc.Retriggers[n]))))
			}
			ft = append(ft, p.T("rules.free.retrigger", "Awards", strings.Join(aw, ", ")))
		}
		if fc.Multiplier > 1 {
			ft = append(ft, p.T("rules.free.multiplier", "Factor", fc.Multiplier))
		}
		ft = append(ft, p.N("rules.free.bet", int64(t.Free.MaxGames)))
		fs = append(fs, Feature{nameFreeGames, ft})
		if len(fc.Expanding) > 0 {
			var names []string
			for _, w := range fc.Expanding {
				names = append(names, w.Symbol)
			}
			fs = append(fs, Feature{nameExpanding, []string{
				p.T("rules.expanding.choose", "Symbols", strings.Join(names, ", ")),
				p.T("rules.expanding.pays"),
			}})
		}
	}
	if c := s.Clover; c != nil {
		var fx []int64
		for _, f := range c.Factors {
			fx = append(fx, f.Factor)
		}
		fs = append(fs, Feature{nameClover, []string{p.T("rules.clover", "Symbol", c.Symbol, "Factors", joinX(fx))}})
	}
	if c := s.Colors; c != nil {
		var fx []string
		for _, w := range c.Wheel {
			fx = append(fx, fmt.Sprintf("%s ×%d", colourName(p, w.Name), w.Factor))
		}
		fs = append(fs, Feature{nameColors, []string{p.N("rules.colors", int64(c.MinCoins), "Factors", strings.Join(fx, ", "))}})
	}
	if s.Gamble {
		fs = append(fs, Feature{nameGamble, []string{p.T("rules.gamble")}})
	}
	fs = append(fs, Feature{p.T("rules.feature.jackpots"), []string{
		p.T("rules.jackpots.linked", "Grand", p.Money(lim.GrandReset), "Major", p.Money(lim.MajorReset)),
		p.T("rules.jackpots.mystery", "Min", p.Money(lim.MysteryMin), "Max", p.Money(lim.MysteryMax)),
	}})
	fs = append(fs, Feature{p.T("rules.feature.general"), []string{
		p.T("rules.general.bet", "Min", p.Money(minTotal(t.Lines(), lim)), "Max", p.Money(maxTotal(t.Lines(), lim)), "Denominations", denomList(p, offered(t.Lines(), lim))),
		p.T("rules.general.rng"),
	}})
	if s.MaxWinX > 0 {
		g := &fs[len(fs)-1]
		g.Text = append(g.Text, p.T("rules.general.cap", "X", p.Count(s.MaxWinX)))
	}
	return fs
}

// colourName is a Super Colors wheel colour in the reader's language.
func colourName(p *locale.Printer, name string) string {
	switch name {
	case "green":
		return p.T("rules.colour.green")
	case "red":
		return p.T("rules.colour.red")
	case "gold":
		return p.T("rules.colour.gold")
	}
	return name
}

func joinX(v []int64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprintf("×%d", x)
	}
	return strings.Join(s, ", ")
}

// denomList writes the denominations as amounts: "€0.01, €0.02, …".
func denomList(p *locale.Printer, ds []int64) string {
	s := make([]string, len(ds))
	for i, d := range ds {
		s[i] = p.Money(d)
	}
	return strings.Join(s, ", ")
}

// RTPText is the return to player as printed: "94.00 %" ("94,00 %").
func (r *Rules) RTPText() string { return percent(r.p, r.RTP) }

// Printer is the reader's printer the rules were built with.
func (r *Rules) Printer() *locale.Printer { return r.p }
