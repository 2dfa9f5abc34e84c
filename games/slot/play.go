package slot

import (
	"egm/features/lockspin"
	"egm/reels"
	"egm/rng"
)

// Play decides one paid game from src and records it in out, whose buffers it
// reuses (the simulator's hot path allocates nothing for a base game). The draw
// order is the package documentation's. bet must pass CheckBet: the bet is in
// euro cents (PlayIn for another currency's range).
func (t *Title) Play(src rng.Source, bet Bet, out *Outcome) error {
	return t.PlayIn(src, bet, EURLimits, out)
}

// PlayIn is Play within the bet range l (a jurisdiction's currency): bet must pass
// CheckBetIn, and a jackpot symbol qualifies with the chance total bet ÷ l.MaxBet.
func (t *Title) PlayIn(src rng.Source, bet Bet, l Limits, out *Outcome) error {
	if err := t.CheckBetIn(bet, l); err != nil {
		return err
	}
	g := t.Game
	out.reset(t.Spec.ID, bet)
	reels.Spin(src, g.Base, &out.Window)
	ev := g.Evaluate(&out.Window, out.lineBuf[:])
	out.Lines = append(out.Lines, out.lineBuf[:min(ev.LineWins, len(out.lineBuf))]...)
	out.LinePay, out.Scatters, out.ScatterPay = ev.LinePay, ev.Scatters, ev.ScatterPay
	base := ev.Total // × line bet

	// Coins in view and their values.
	hasClover := false
	for r := 0; r < g.Reels; r++ {
		for row := 0; row < g.Rows; row++ {
			switch out.Window.Cells[r][row] {
			case t.coin:
				out.Coins = append(out.Coins, lockspin.Lock{Reel: r, Row: row, Symbol: t.LockSpin.DrawTriggerSymbol(src)})
			case t.clover:
				hasClover = true
			}
		}
	}
	if hasClover {
		out.Clover = t.clovers.draw(src)
		base *= out.Clover
	}
	out.BaseWin = base * bet.LineCents

	n := len(out.Coins)
	trigger := t.trigger
	if t.Spec.Colors != nil && n >= t.Spec.Colors.MinCoins && n < trigger {
		i := t.colors.index(src)
		c := &ColorsResult{Colour: t.Spec.Colors.Wheel[i].Name, Factor: t.colors.factor[i]}
		for _, l := range out.Coins {
			c.Coins += l.Symbol.Value
		}
		c.Pay = c.Coins * c.Factor
		out.Colors = c
		out.ColorsWin = c.Pay * bet.TotalCents()
	}
	if t.Free != nil {
		if award := t.Free.Award(ev.Scatters); award > 0 {
			t.Free.Play(src, award, &out.round)
			out.FreeGames = &out.round
			out.FreeGamesWin = out.round.Win * bet.LineCents
		}
	}
	if n >= trigger {
		ls, err := t.LockSpin.Play(src, out.Coins, t.LockSpin.All(bet.qualification(l)))
		if err != nil {
			return err
		}
		out.LockSpin = ls
		out.LockSpinWin = ls.Total * bet.TotalCents()
		for _, h := range ls.Jackpots {
			out.Jackpots = append(out.Jackpots, h.Level)
		}
	}
	out.Win = out.BaseWin + out.ColorsWin + out.FreeGamesWin + out.LockSpinWin
	if c := t.Spec.MaxWinX * bet.TotalCents(); t.Spec.MaxWinX > 0 && out.Win > c {
		out.Capped, out.UncappedWin, out.Win = true, out.Win, c
	}
	return nil
}

// index draws an entry of the table by weight.
func (w *weights) index(src rng.Source) int {
	x := rng.Uint64n(src, w.total)
	for i, wt := range w.weight {
		if x < wt {
			return i
		}
		x -= wt
	}
	return len(w.weight) - 1 // unreachable: x < total
}

func (w *weights) draw(src rng.Source) int64 { return w.factor[w.index(src)] }
