package ui

import (
	"fmt"

	"egm/features/gamble"
	"egm/features/lockspin"
	"egm/ui/internal/kit"

	"egm/games/slot"
	"egm/rng"
)

// Highlight is what the next demo game should show (attract-mode feature
// highlights). The demo session plays games from its seeded rng until one shows it.
type Highlight uint8

// Highlights.
const (
	AnyGame Highlight = iota
	LineWin
	LockSpin
	FreeGames
	// BaseFeature is Magic Clover multiplying a win, or the Super Colors wheel.
	BaseFeature
)

// maxHunt bounds the games played looking for a highlight.
const maxHunt = 200_000

// BetLevels are the total bets (minor units of the profile's currency) offered
// for a title with lines lines: the steps of R-GAME-11's 0.50–40.00 euros that
// split into whole cents per line, scaled to the profile (demoScale).
func BetLevels(lines int) []int64 {
	var out []int64
	for _, c := range []int64{50, 80, 100, 150, 200, 250, 300, 400, 500, 800, 1000, 1500, 2000, 2500, 3000, 4000} {
		if lines > 0 && c%int64(lines) == 0 && c >= slot.MinBetCents && c <= slot.MaxBetCents {
			out = append(out, c*kit.DemoScale())
		}
	}
	return out
}

// DemoSession is a Session for demo play: it decides games with the title's own
// Play from a seeded rng, keeps a demo balance, and shows demo jackpot values.
type DemoSession struct {
	title   *slot.Title
	src     rng.Source
	credit  int64
	win     int64
	denom   int
	bets    []int64
	bet     int
	game    uint64
	cur     *slot.Outcome
	scratch *slot.Outcome
	step    int
	want    Highlight
	msg     string // the status line's message id ("": none)
	round   *gamble.Round
	history gamble.History
}

// NewDemoSession starts a demo session of title t with a seeded rng.
func NewDemoSession(t *slot.Title, seed uint64) *DemoSession {
	d := &DemoSession{title: t, src: rng.NewSeeded(seed), credit: kit.DemoCreditNow(), scratch: new(slot.Outcome)}
	d.bets = BetLevels(t.Lines())
	d.bet = min(2, len(d.bets)-1)
	return d
}

// Want makes the next game one that shows h (the attract mode's highlights).
func (d *DemoSession) Want(h Highlight) { d.want = h }

// Title returns the session's title.
func (d *DemoSession) Title() *slot.Title { return d.title }

// Bet returns the current bet.
func (d *DemoSession) Bet() slot.Bet {
	total := d.bets[d.bet]
	return slot.Bet{LineCents: total / int64(d.title.Lines()), Lines: d.title.Lines()}
}

// Snapshot implements Session.
func (d *DemoSession) Snapshot() kit.Snapshot {
	return kit.Snapshot{
		Title: d.title, Credit: d.credit, Denom: kit.ProfileDenoms()[d.denom], Bet: d.Bet(), MaxBet: d.bets[len(d.bets)-1],
		Game: d.game, Outcome: d.cur, Step: d.step, Win: d.win,
		CanSpin: true, CanGamble: d.win > 0 && d.round == nil && d.title.Spec.Gamble, CanTakeWin: d.win > 0 || d.round != nil,
		CanCashOut: false, Grand: kit.GrandReset(), Major: kit.MajorReset(), Demo: true, Message: d.message(),
		Gamble: d.round, GambleHistory: d.history.Cards,
	}
}

// message is the status line in the player's language.
func (d *DemoSession) message() string {
	if d.msg == "" {
		return ""
	}
	return kit.Tr(d.msg)
}

// Send implements Session.
func (d *DemoSession) Send(e kit.Event) error {
	d.msg = ""
	switch e.Input {
	case kit.InputSpin:
		return d.spin()
	case kit.InputMaxBet:
		d.bet = len(d.bets) - 1
		return d.spin()
	case kit.InputBetUp:
		d.bet = min(d.bet+1, len(d.bets)-1)
	case kit.InputBetDown:
		d.bet = max(d.bet-1, 0)
	case kit.InputDenom:
		d.denom = (d.denom + 1) % len(kit.ProfileDenoms())
	case kit.InputTakeWin, kit.InputCollect:
		d.collect()
	case kit.InputGamble:
		if d.win <= 0 || d.round != nil || !d.title.Spec.Gamble {
			d.msg = "play.status.nothing_to_gamble"
			return nil
		}
		r, err := gamble.NewRound(gamble.DefaultConfig, d.win)
		if err != nil {
			return fmt.Errorf("ui: demo session: %w", err)
		}
		d.round, d.win = r, 0
	case kit.InputGambleRed, kit.InputGambleBlack:
		if d.round == nil || d.round.Over() {
			d.msg = "play.status.no_gamble"
			return nil
		}
		c := gamble.Red
		if e.Input == kit.InputGambleBlack {
			c = gamble.Black
		}
		if _, err := d.round.Play(d.src, gamble.Choice{Kind: gamble.OnColour, Colour: c}, &d.history); err != nil {
			return fmt.Errorf("ui: demo session: %w", err)
		}
	case kit.InputCashOut:
		d.msg = "play.status.demo_no_cashout"
	case kit.InputPresented:
		if e.Game == d.game {
			d.step = max(d.step, e.Step+1)
		}
	default:
		return fmt.Errorf("ui: demo session: unknown input %d", e.Input)
	}
	return nil
}

// collect credits the win, or what the gamble round holds, and ends the round.
func (d *DemoSession) collect() {
	if d.round != nil {
		d.credit += d.round.Collect()
		d.round = nil
	}
	d.credit += d.win
	d.win = 0
}

func (d *DemoSession) spin() error {
	d.collect()
	bet := d.Bet()
	if d.credit < bet.TotalCents() {
		d.credit = kit.DemoCreditNow()
	}
	for i := 0; ; i++ {
		if err := d.title.PlayIn(d.src, bet, demoLimits(), d.scratch); err != nil {
			return fmt.Errorf("ui: demo session: %w", err)
		}
		// the first half of the hunt also asks for the feature's best moments
		if d.want.shows(d.title, d.scratch) && (i >= maxHunt/2 || d.want.showsAll(d.title, d.scratch)) || i >= maxHunt {
			break
		}
	}
	d.want = AnyGame
	d.credit -= bet.TotalCents()
	d.cur, d.scratch = d.scratch, new(slot.Outcome)
	d.win = d.cur.Win
	d.game++
	d.step = 0
	return nil
}

func (h Highlight) shows(t *slot.Title, o *slot.Outcome) bool {
	switch h {
	case LineWin:
		return len(o.Lines) > 0 && o.LockSpin == nil && o.FreeGames == nil
	case LockSpin:
		return o.LockSpin != nil && len(o.LockSpin.Respins) >= 4 && len(o.LockSpin.Grid) >= o.LockSpin.Reels*o.LockSpin.Rows/2
	case BaseFeature:
		return o.Clover > 1 && o.BaseWin > 0 || o.Colors != nil
	case FreeGames:
		if t.Free == nil {
			return o.LockSpin != nil
		}
		return o.FreeGames != nil && o.FreeGames.Win > 0 && len(o.FreeGames.Games) <= 12
	}
	return true
}

// showsAll asks a Lock & Spin highlight for a Grand or Major symbol and, where the
// title has them, a Scale Up; other highlights have nothing more to show.
func (h Highlight) showsAll(t *slot.Title, o *slot.Outcome) bool {
	ls := o.LockSpin
	if h != LockSpin || ls == nil {
		return true
	}
	jp, scale := false, false
	for _, c := range ls.Grid {
		jp = jp || c.Symbol.Kind == lockspin.Jackpot
	}
	for _, r := range ls.Respins {
		scale = scale || r.ScaleUp > 1
	}
	return jp && (scale || !hasScaleUp(t))
}

func hasScaleUp(t *slot.Title) bool {
	for _, w := range t.LockSpin.Config().Symbols {
		if w.Symbol.Kind == lockspin.ScaleUp {
			return true
		}
	}
	return false
}

// demoLimits is the profile's slot bet range (the euro's × demoScale).
func demoLimits() slot.Limits {
	l := kit.ScreenLang.Profile.Limits
	return slot.Limits{MinBet: l.MinBet, MaxBet: l.MaxBet}
}
