package help

import (
	"egm/internal/euro"
	"fmt"
	"slices"
	"strings"

	"egm/features/lockspin"
	"egm/games/slot"
	"egm/reels"
)

// Denominations are R-GAME-11's, in cents (slot.Denominations). A title's page
// lists those of them the machine offers it at (slot.Offered).
var Denominations = slot.Denominations

// Rules are a title's rules as the player reads them (R-HELP-1): generated from
// the title's Spec and PAR sheet, so the help screen and the HTML export can never
// disagree with the math.
type Rules struct {
	ID, Name, Family, Volatility string
	Reels, Rows                  int
	Paytable                     []PayRow
	Lines                        [][]int
	Features                     []Feature
	MinBetCents, MaxBetCents     int64
	Denominations                []int64 // cents
	RTP                          float64 // percent, from the PAR sheet
	MaxWinX                      float64 // × total bet
	MaxWinCapX                   int64   // the cap on one game's award, × total bet (0: none)
	// The rules the feature texts state, as data (the tests hold Play to them):
	// the bonus symbols that start Lock & Spin and how many, the base game's coin
	// values (× total bet), and the Magic Clover's factors, which multiply the
	// base game's line and scatter wins only.
	LockSpinTrigger int
	TriggerLevels   []string
	BaseCoinValues  []int64
	CloverFactors   []int64
}

// PayRow is one symbol's pays: Pays[i] pays X[i] for Count[i] of a kind.
type PayRow struct {
	Symbol string
	Kind   string // regular, wild, scatter, bonus
	Counts []int
	X      []int64 // × line bet (scatter: × total bet)
	Note   string
}

// Feature is one feature's name and explanation.
type Feature struct {
	Name string
	Text []string
}

// NewRules builds the rules of t from its Spec and its exact PAR sheet.
func NewRules(t *slot.Title) (*Rules, error) {
	par, err := t.PAR()
	if err != nil {
		return nil, fmt.Errorf("ui: rules of %s: %w", t.Spec.ID, err)
	}
	s := t.Spec
	rtp := par.RTP // with the cap on one game's award counted, when the PAR has it
	if c := par.Cap; c != nil {
		rtp = (c.RTPLow + c.RTPHigh) / 2
	}
	r := &Rules{ID: s.ID, Name: s.Name, Family: s.Family, Volatility: par.Volatility,
		Reels: s.Reels.Reels, Rows: s.Reels.Rows, Lines: par.Lines,
		MinBetCents: slot.MinTotalCents(t.Lines()), MaxBetCents: slot.MaxTotalCents(t.Lines()),
		Denominations: slot.Offered(t.Lines(), Denominations), RTP: rtp * 100, MaxWinX: par.MaxWin,
		MaxWinCapX: s.MaxWinX}
	for _, p := range par.Paytable {
		row := PayRow{Symbol: p.Symbol, Kind: p.Kind}
		for n := range p.Pays {
			row.Counts = append(row.Counts, n)
		}
		slices.Sort(row.Counts)
		slices.Reverse(row.Counts)
		for _, n := range row.Counts {
			row.X = append(row.X, p.Pays[n])
		}
		switch p.Kind {
		case reels.Wild.String():
			row.Note = "substitutes for every symbol but scatter and bonus symbols"
		case reels.Scatter.String():
			row.Note = "pays anywhere, × total bet"
		case reels.Bonus.String():
			if p.Symbol == s.Coin {
				row.Note = fmt.Sprintf("a coin with a value or a jackpot symbol; %d or more start Lock & Spin", s.LockSpin.Trigger)
			} else if s.Clover != nil && p.Symbol == s.Clover.Symbol {
				row.Note = "Magic Clover: multiplies the base game's win"
			}
		}
		r.Paytable = append(r.Paytable, row)
	}
	r.Features = features(t)
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

func features(t *slot.Title) []Feature {
	s := t.Spec
	var fs []Feature
	fs = append(fs, Feature{"Lines", []string{
		fmt.Sprintf("%d fixed lines on %d reels × %d rows, all always active; total bet = %d × line bet.", t.Lines(), s.Reels.Reels, s.Reels.Rows, t.Lines()),
		"Lines pay left to right from the leftmost reel; only the highest win per line is paid.",
		"Line wins pay × line bet; scatter wins pay × total bet and are added to line wins.",
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
		fmt.Sprintf("Each %s symbol in the base game shows a coin value or a jackpot symbol (%s). %d or more of them anywhere, coins and jackpot symbols together, start Lock & Spin. They lock in place and %d respins are given.", s.Coin, strings.Join(trigLevels, ", "), ls.Trigger, lockspin.Respins),
		fmt.Sprintf("Every new coin or jackpot symbol locks and resets the respins to %d. The feature ends when no symbol lands in the remaining respins, or the grid is full.", lockspin.Respins),
		"Coin values are multiples of the total bet: " + joinX(coins) + ". At the end all locked values are added and paid.",
	}
	if len(levels) > 0 {
		lsText = append(lsText, fmt.Sprintf("%s symbols may also land during Lock & Spin. A jackpot symbol on the Lock & Spin grid (triggering or landed) wins its linked level with a chance of total bet ÷ %s (certain at the maximum bet); otherwise it stays on the grid worth nothing.", strings.Join(levels, " and "), euro.Num(slot.MaxBetCents)))
	}
	fs = append(fs, Feature{"Lock & Spin", lsText})
	if len(scale) > 0 {
		fs = append(fs, Feature{"Scale Up", []string{"During Lock & Spin a Scale Up symbol may land: it multiplies every coin value on the grid by its factor (" + joinX(scale) + ")."}})
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
			aw = append(aw, fmt.Sprintf("%d scatters: %d free games", n, fc.Awards[n]))
		}
		ft := []string{"Scatter symbols start Free Games: " + strings.Join(aw, ", ") + "."}
		if len(fc.Retriggers) > 0 {
			ns = ns[:0]
			for n := range fc.Retriggers {
				ns = append(ns, n)
			}
			slices.Sort(ns)
			aw = aw[:0]
			for _, n := range ns {
				aw = append(aw, fmt.Sprintf("%d scatters: %d more", n, fc.Retriggers[n]))
			}
			ft = append(ft, "Free games can be won again during the round: "+strings.Join(aw, ", ")+".")
		}
		if fc.Multiplier > 1 {
			ft = append(ft, fmt.Sprintf("Every free-game win is multiplied by %d.", fc.Multiplier))
		}
		ft = append(ft, fmt.Sprintf("Free games are played at the bet that started them, on their own reels; at most %d games per round. Their wins go to the balance.", t.Free.MaxGames))
		fs = append(fs, Feature{"Free Games", ft})
		if len(fc.Expanding) > 0 {
			var names []string
			for _, w := range fc.Expanding {
				names = append(names, w.Symbol)
			}
			fs = append(fs, Feature{"Special Expanding Symbol", []string{
				"Before the free games one symbol is chosen at random for the whole round from: " + strings.Join(names, ", ") + ".",
				"When it shows on enough reels to pay, it expands to cover each of those reels and pays on every line, as if it were on the line on each of them, in addition to the ordinary wins.",
			}})
		}
	}
	if c := s.Clover; c != nil {
		var fx []int64
		for _, f := range c.Factors {
			fx = append(fx, f.Factor)
		}
		fs = append(fs, Feature{"Magic Clover", []string{fmt.Sprintf("When a %s symbol shows in the base game, the line and scatter wins of that spin are multiplied by a magic multiplier: %s. Lock & Spin, Super Colors, Free Games and jackpots started on that spin are not multiplied. The clover itself does not pay and breaks the lines it is on.", c.Symbol, joinX(fx))}})
	}
	if c := s.Colors; c != nil {
		var fx []string
		for _, w := range c.Wheel {
			fx = append(fx, fmt.Sprintf("%s ×%d", w.Name, w.Factor))
		}
		fs = append(fs, Feature{"Super Colors", []string{fmt.Sprintf("When %d or more coins show but too few for Lock & Spin, the Super Colors wheel turns: its colour pays every coin in view its value times the colour's factor (%s).", c.MinCoins, strings.Join(fx, ", "))}})
	}
	if s.Gamble {
		fs = append(fs, Feature{"Gamble", []string{"After any win you may gamble it: guess the colour of a face-down card, red or black. A right guess doubles the win, a wrong one loses it. Gamble is optional; TAKE WIN adds the win to the credit. The casino may switch Gamble off."}})
	}
	fs = append(fs, Feature{"Jackpots", []string{
		fmt.Sprintf("Grand and Major are linked jackpots shared by the linked machines; the current amounts are shown on the screen. Reset values: Grand %s, Major %s.", euro.Format(slot.GrandResetCents), euro.Format(slot.MajorResetCents)),
		"A mystery jackpot, funded by 2% of all bets on the linked machines, is paid at random between 8,000 and 12,000 EUR.",
	}})
	fs = append(fs, Feature{"General", []string{
		fmt.Sprintf("Total bet from %s to %s, shared equally by the lines. Denominations: %s.", euro.Format(slot.MinTotalCents(t.Lines())), euro.Format(slot.MaxTotalCents(t.Lines())), denomList(slot.Offered(t.Lines(), Denominations))),
		"Every outcome is decided by the machine's random number generator at the moment of play. Malfunction voids all pays and plays.",
	}})
	if s.MaxWinX > 0 {
		g := &fs[len(fs)-1]
		g.Text = append(g.Text, fmt.Sprintf("The total award of one game (base game, Super Colors, Free Games and Lock & Spin together) is at most %s × total bet; an award above it is paid at %s × total bet. Jackpots are paid in addition.", euro.Grouped(s.MaxWinX), euro.Grouped(s.MaxWinX)))
	}
	return fs
}

func joinX(v []int64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprintf("×%d", x)
	}
	return strings.Join(s, ", ")
}

func denomList(ds []int64) string {
	s := make([]string, len(ds))
	for i, d := range ds {
		s[i] = euro.Num(d)
	}
	return strings.Join(s, ", ") + " EUR"
}

// RTPText is the return to player as printed: "94.00 %".
func (r *Rules) RTPText() string { return fmt.Sprintf("%.2f %%", r.RTP) }
