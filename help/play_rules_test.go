package help

import (
	"egm/jurisdiction"
	"slices"
	"strings"
	"testing"

	"egm/features/lockspin"
	"egm/games"
	"egm/games/slot"
	"egm/money"
	"egm/reels"
	"egm/rng"
)

// TestRulesMatchPlay holds every title's help page to Play (R-HELP-1): each rule the
// page states — the Lock & Spin trigger (coins and jackpot symbols), the base
// game's coin values, the Magic Clover's scope and factors, the cap on one
// game's award and the denominations offered — is stated in the text and obeyed
// by a seeded sample of games.
func TestRulesMatchPlay(t *testing.T) {
	ts, err := games.All()
	if err != nil {
		t.Fatal(err)
	}
	const n = 4000
	jackpotStarts := 0
	for _, ti := range ts {
		r, err := NewRules(ti, english(), jurisdiction.EE.Limits)
		if err != nil {
			t.Fatal(err)
		}
		text := pageText(r)
		id := ti.Spec.ID
		// denominations: listed exactly where the machine's bet range has room
		for _, d := range jurisdiction.EE.Limits.Denominations {
			_, _, ok := slot.BetRange(ti.Lines(), d)
			if ok != slices.Contains(r.Denominations, d) {
				t.Errorf("%s: denomination %d cents listed %v, offered %v", id, d, !ok, ok)
			}
			amount := money.EUR.Format(d, "en")
			if listed := strings.Contains(text, " "+amount+",") || strings.Contains(text, " "+amount+"."); ok != listed {
				t.Errorf("%s: denomination %s: page and offer disagree", id, amount)
			}
		}
		if !strings.Contains(text, "coins and jackpot symbols together") || len(r.TriggerLevels) != 2 {
			t.Errorf("%s: the page does not say coins or jackpot symbols start Lock & Spin (%v)", id, r.TriggerLevels)
		}
		if r.MaxWinCapX <= 0 || !strings.Contains(text, money.Count(r.MaxWinCapX, "en")+" × total bet") {
			t.Errorf("%s: the cap %d× is not stated", id, r.MaxWinCapX)
		}
		if r.CloverFactors != nil && !strings.Contains(text, "Lock & Spin, Super Colors, Free Games and jackpots started on that spin are not multiplied") {
			t.Errorf("%s: the clover's scope is not stated", id)
		}
		src := rng.NewSeeded(uint64(len(id)) * 7919)
		bet := slot.Bet{LineCents: r.MinBetCents / int64(ti.Lines()), Lines: ti.Lines()}
		var o slot.Outcome
		for range n {
			if err := ti.Play(src, bet, &o); err != nil {
				t.Fatal(err)
			}
			bonus := 0
			for rr := range o.Window.Reels {
				for row := range o.Window.Rows {
					if o.Window.Cells[rr][row] == coinID(ti) {
						bonus++
					}
				}
			}
			if bonus != len(o.Coins) {
				t.Fatalf("%s: %d bonus symbols, %d drawn", id, bonus, len(o.Coins))
			}
			for _, c := range o.Coins {
				switch c.Symbol.Kind {
				case lockspin.Coin:
					if !slices.Contains(r.BaseCoinValues, c.Symbol.Value) {
						t.Fatalf("%s: base coin value %d not on the page %v", id, c.Symbol.Value, r.BaseCoinValues)
					}
				case lockspin.Jackpot:
					if !slices.Contains(r.TriggerLevels, c.Symbol.Level) {
						t.Fatalf("%s: base jackpot symbol %q not on the page", id, c.Symbol.Level)
					}
					if o.LockSpin != nil {
						jackpotStarts++
					}
				default:
					t.Fatalf("%s: base bonus symbol %v", id, c.Symbol)
				}
			}
			if (o.LockSpin != nil) != (bonus >= r.LockSpinTrigger) {
				t.Fatalf("%s: %d bonus symbols, trigger %d, Lock & Spin %v", id, bonus, r.LockSpinTrigger, o.LockSpin != nil)
			}
			lineAndScatter := (o.LinePay + o.ScatterPay*int64(ti.Lines())) * bet.LineCents
			if o.Clover > 0 {
				if !slices.Contains(r.CloverFactors, o.Clover) {
					t.Fatalf("%s: clover factor %d not on the page %v", id, o.Clover, r.CloverFactors)
				}
				lineAndScatter *= o.Clover
			}
			if o.BaseWin != lineAndScatter {
				t.Fatalf("%s: base win %d, the page's rule gives %d (clover %d)", id, o.BaseWin, lineAndScatter, o.Clover)
			}
			if o.LockSpin != nil && o.LockSpinWin != o.LockSpin.Total*bet.TotalCents() {
				t.Fatalf("%s: Lock & Spin pays %d, its coins %d × bet (clover %d)", id, o.LockSpinWin, o.LockSpin.Total, o.Clover)
			}
			sum := o.BaseWin + o.ColorsWin + o.FreeGamesWin + o.LockSpinWin
			if c := r.MaxWinCapX * bet.TotalCents(); o.Win != min(sum, c) || o.Capped != (sum > c) {
				t.Fatalf("%s: win %d of parts %d, cap %d, capped %v", id, o.Win, sum, c, o.Capped)
			}
		}
	}
	if jackpotStarts == 0 {
		t.Errorf("no Lock & Spin in the sample started with a jackpot symbol")
	}
}

func coinID(ti *slot.Title) reels.SymbolID {
	id, _ := ti.Game.Symbol(ti.Spec.Coin)
	return id
}

func pageText(r *Rules) string {
	var b strings.Builder
	for _, f := range r.Features {
		for _, s := range f.Text {
			b.WriteString(s + "\n")
		}
	}
	for _, p := range r.Paytable {
		b.WriteString(p.Note + "\n")
	}
	return b.String()
}
