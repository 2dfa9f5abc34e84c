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

// Denominations are R-GAME-11's, in cents.
var Denominations = []int64{1, 2, 5, 10, 20, 50, 100, 200}

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
	r := &Rules{ID: s.ID, Name: s.Name, Family: s.Family, Volatility: s.Volatility,
		Reels: s.Reels.Reels, Rows: s.Reels.Rows, Lines: par.Lines,
		MinBetCents: minTotal(t.Lines()), MaxBetCents: slot.MaxBetCents / int64(t.Lines()) * int64(t.Lines()),
		Denominations: slices.Clone(Denominations), RTP: par.RTP * 100, MaxWinX: par.MaxWin}
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
				row.Note = fmt.Sprintf("coin with a value; %d or more start Lock & Spin", s.LockSpin.Trigger)
			} else if s.Clover != nil && p.Symbol == s.Clover.Symbol {
				row.Note = "Magic Clover: multiplies the base game's win"
			}
		}
		r.Paytable = append(r.Paytable, row)
	}
	r.Features = features(t)
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
	for _, w := range ls.TriggerSymbols {
		coins = append(coins, w.Symbol.Value)
	}
	slices.Sort(coins)
	coins = slices.Compact(coins)
	slices.Sort(scale)
	scale = slices.Compact(scale)
	slices.Sort(levels)
	levels = slices.Compact(levels)
	lsText := []string{
		fmt.Sprintf("%d or more %s symbols anywhere start Lock & Spin. They lock in place and %d respins are given.", ls.Trigger, s.Coin, lockspin.Respins),
		fmt.Sprintf("Every new coin or jackpot symbol locks and resets the respins to %d. The feature ends when no symbol lands in the remaining respins, or the grid is full.", lockspin.Respins),
		"Coin values are multiples of the total bet: " + joinX(coins) + ". At the end all locked values are added and paid.",
	}
	if len(levels) > 0 {
		lsText = append(lsText, fmt.Sprintf("%s symbols may land during Lock & Spin. A jackpot symbol wins its linked level with a chance of total bet ÷ %s (certain at the maximum bet); otherwise it stays on the grid worth nothing.", strings.Join(levels, " and "), euro.Num(slot.MaxBetCents)))
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
		fs = append(fs, Feature{"Magic Clover", []string{fmt.Sprintf("When a %s symbol shows in the base game, every win of that spin is multiplied by a magic multiplier: %s. The clover itself does not pay and breaks the lines it is on.", c.Symbol, joinX(fx))}})
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
		fmt.Sprintf("Total bet from %s to %s, shared equally by the lines. Denominations: %s.", euro.Format(minTotal(t.Lines())), euro.Format(slot.MaxBetCents/int64(t.Lines())*int64(t.Lines())), denomList()),
		"Every outcome is decided by the machine's random number generator at the moment of play. Malfunction voids all pays and plays.",
	}})
	return fs
}

// minTotal is the least total bet of R-GAME-11's range that splits into whole
// cents on every line.
func minTotal(lines int) int64 {
	l := int64(lines)
	return (slot.MinBetCents + l - 1) / l * l
}

func joinX(v []int64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprintf("×%d", x)
	}
	return strings.Join(s, ", ")
}

func denomList() string {
	s := make([]string, len(Denominations))
	for i, d := range Denominations {
		s[i] = euro.Num(d)
	}
	return strings.Join(s, ", ") + " EUR"
}

// RTPText is the return to player as printed: "94.00 %".
func (r *Rules) RTPText() string { return fmt.Sprintf("%.2f %%", r.RTP) }
