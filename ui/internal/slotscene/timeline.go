package slotscene

import (
	"egm/features/lockspin"
	"egm/games/slot"
	"egm/ui/script"
)

// TPS is the presentation's ticks per second (Ebiten's default update rate; a
// script counts its time in these).
const TPS = script.TPS

// StepKind is one kind of presentation step.
type StepKind uint8

// Step kinds, in the order a game shows them.
const (
	StepSpin      StepKind = iota + 1 // the base spin: reels stop one by one
	StepClover                        // Magic Clover multiplies the base win
	StepWins                          // the base game's paying lines and scatters
	StepColors                        // the Super Colors wheel
	StepFreeIntro                     // free games awarded; the expanding symbol revealed
	StepFreeSpin                      // one free game (Index)
	StepFreeEnd                       // the round's total
	StepLockIntro                     // Lock & Spin triggered
	StepRespin                        // one respin (Index, from 0)
	StepLockEnd                       // the locked values added up
	StepDone                          // the game's total win
)

var stepNames = [...]string{StepSpin: "spin", StepClover: "clover", StepWins: "wins", StepColors: "colors",
	StepFreeIntro: "free games", StepFreeSpin: "free game", StepFreeEnd: "free games total",
	StepLockIntro: "lock & spin", StepRespin: "respin", StepLockEnd: "lock & spin total", StepDone: "done"}

func (k StepKind) String() string {
	if int(k) < len(stepNames) && stepNames[k] != "" {
		return stepNames[k]
	}
	return "step?"
}

// Step is one step of a game's presentation. The win meter counts from WinFrom to
// WinTo (cents) over the step's first CountTicks ticks.
//
// Unit is the outcome's own step that this presentation step shows, as the machine
// counts them (machine.Steps): 0 the base game, then one per free game, then one
// per Lock & Spin respin. The screen reports a unit as shown when the presentation
// moves past it, and resumes a restarted game at the unit the machine names.
type Step struct {
	Kind       StepKind
	Unit       int
	Index      int // free game or respin index
	Start, Len int // ticks
	WinFrom    int64
	WinTo      int64
	CountTicks int
}

// Timing of the reels, in ticks.
const (
	SpinLead    = 36 // ticks before the first reel stops
	reelStagger = 12 // between two reels' stops
	easeTicks   = 14 // the slowdown before a stop
	BounceTicks = 8  // the settle after a stop
	reelSpeed   = 0.55
	freeLead    = 24
	respinTicks = 48
	respinLand  = 28 // tick of a respin at which its symbols land
)

// Timeline is the presentation of one decided Outcome: pure data computed from the
// outcome alone, so the screen shows what was decided and nothing else.
type Timeline struct {
	Outcome *slot.Outcome
	Steps   []Step
	Total   int // ticks
	Units   int // the outcome's steps: 1 + free games + respins
	reels   int
	// grids[i] are the locked cells after i respins (values × total bet).
	grids [][]lockspin.Cell
}

// NewTimeline lays out the presentation of o for a window of reels reels.
func NewTimeline(o *slot.Outcome) *Timeline {
	tl := &Timeline{Outcome: o, reels: int(o.Window.Reels)}
	if tl.reels == 0 {
		tl.reels = 5
	}
	var win int64
	unit := 0
	add := func(k StepKind, idx, n int, gain int64) {
		s := Step{Kind: k, Unit: unit, Index: idx, Start: tl.Total, Len: n, WinFrom: win, WinTo: win + gain}
		if gain > 0 {
			s.CountTicks = countTicks(gain, o.Bet.TotalCents())
			s.Len = max(s.Len, s.CountTicks+30)
		}
		win += gain
		tl.Steps = append(tl.Steps, s)
		tl.Total += s.Len
	}
	add(StepSpin, 0, tl.spinLen(SpinLead), 0)
	if o.Clover > 0 {
		add(StepClover, 0, 70, 0)
	}
	if o.BaseWin > 0 {
		add(StepWins, 0, 60+50*min(len(o.Lines), 4), o.BaseWin)
	}
	if o.Colors != nil {
		add(StepColors, 0, 120, o.ColorsWin)
	}
	if r := o.FreeGames; r != nil {
		add(StepFreeIntro, 0, 150, 0)
		var sum int64
		for i, g := range r.Games {
			gain := g.Win * o.Bet.LineCents
			if i == len(r.Games)-1 {
				gain = o.FreeGamesWin - sum // exact: the round's win in cents
			}
			sum += gain
			n := tl.spinLen(freeLead) + 10
			if g.Win > 0 {
				n += 40
			}
			unit++
			add(StepFreeSpin, i, n, gain)
		}
		add(StepFreeEnd, 0, 100, 0)
	}
	if ls := o.LockSpin; ls != nil {
		tl.lockGrids(ls)
		add(StepLockIntro, 0, 100, 0)
		for i := range ls.Respins {
			unit++
			add(StepRespin, i, respinTicks, 0)
		}
		add(StepLockEnd, 0, 120, o.LockSpinWin)
	}
	add(StepDone, 0, 120, 0)
	tl.Units = unit + 1
	return tl
}

// StartOfUnit returns the first tick that shows the outcome's step u (resume after
// a restart at the step the machine names); past the last, the final step.
func (tl *Timeline) StartOfUnit(u int) int {
	if u <= 0 {
		return 0
	}
	for _, s := range tl.Steps {
		if s.Unit >= u {
			return s.Start
		}
	}
	return tl.Steps[len(tl.Steps)-1].Start
}

// UnitsShown is how many of the outcome's steps have been shown completely at tick:
// every unit before the current one, and all of them once the final step is reached.
func (tl *Timeline) UnitsShown(tick int) int {
	i, _ := tl.At(tick)
	if tl.Steps[i].Kind == StepDone {
		return tl.Units
	}
	return tl.Steps[i].Unit
}

// spinLen is a spin step's length: every reel stopped and settled.
func (tl *Timeline) spinLen(lead int) int {
	return lead + (tl.reels-1)*reelStagger + BounceTicks + 6
}

// CountTicks is how long a win of gain cents counts up: longer for bigger wins
// (relative to the bet), from half a second to four seconds.
func countTicks(gain, bet int64) int {
	if bet <= 0 {
		bet = 1
	}
	x := gain * 100 / bet // win in hundredths of the bet
	switch {
	case x <= 100:
		return 30
	case x <= 500:
		return 60
	case x <= 2000:
		return 120
	case x <= 10000:
		return 180
	}
	return 240
}

// At returns the step shown at tick (clamped to the last step) and the tick within it.
func (tl *Timeline) At(tick int) (int, int) {
	if tick < 0 {
		tick = 0
	}
	for i, s := range tl.Steps {
		if tick < s.Start+s.Len {
			return i, tick - s.Start
		}
	}
	last := len(tl.Steps) - 1
	return last, tl.Steps[last].Len
}

// StartOf returns the first tick of step i (resume after a restart).
func (tl *Timeline) StartOf(i int) int {
	if i <= 0 || len(tl.Steps) == 0 {
		return 0
	}
	i = min(i, len(tl.Steps)-1)
	return tl.Steps[i].Start
}

// Done reports whether the presentation has finished at tick.
func (tl *Timeline) Done(tick int) bool { return tick >= tl.Total }

// WinAt is the win meter at tick, in cents: the steps' wins counted up.
func (tl *Timeline) WinAt(tick int) int64 {
	i, t := tl.At(tick)
	s := tl.Steps[i]
	if s.CountTicks == 0 || t >= s.CountTicks {
		return s.WinTo
	}
	return s.WinFrom + (s.WinTo-s.WinFrom)*int64(t)/int64(s.CountTicks)
}

// ReelStopTick is the tick within a spin step at which reel r stops (lead: the
// Step's lead-in, spinLead for the base game).
func ReelStopTick(r, lead int) int { return lead + r*reelStagger }

// ReelPos is how far (in symbols) reel r is from its stop at tick t of a spin step:
// positive while it spins (the strip shows stop+pos at the top row), 0 when
// stopped, slightly negative during the settle bounce. Spinning reports whether the
// reel still moves.
func ReelPos(r, lead, t int) (pos float64, spinning bool) {
	stop := ReelStopTick(r, lead)
	rem := float64(stop - t)
	switch {
	case rem > easeTicks:
		return reelSpeed*easeTicks/3 + reelSpeed*(rem-easeTicks), true
	case rem > 0:
		return reelSpeed * rem * rem * rem / (3 * easeTicks * easeTicks), true
	case -rem < BounceTicks:
		k := -rem / BounceTicks
		return -0.12 * k * (1 - k) * 4, true
	}
	return 0, false
}

// lockGrids replays the Lock & Spin record into the grid after every respin: the
// symbols that landed lock with their values, and a Scale Up multiplies every
// value on the grid, including those that landed with it.
func (tl *Timeline) lockGrids(ls *lockspin.Outcome) {
	g := append([]lockspin.Cell(nil), ls.Initial...)
	tl.grids = append(tl.grids, g)
	for _, r := range ls.Respins {
		next := make([]lockspin.Cell, 0, len(g)+len(r.Landed))
		next = append(next, g...)
		next = append(next, r.Landed...)
		if r.ScaleUp > 1 {
			for i := range next {
				next[i].Value *= r.ScaleUp
			}
		}
		tl.grids = append(tl.grids, next)
		g = next
	}
}

// LockGrid returns the locked cells after n respins (values × total bet).
func (tl *Timeline) LockGrid(n int) []lockspin.Cell {
	if len(tl.grids) == 0 {
		return nil
	}
	return tl.grids[max(0, min(n, len(tl.grids)-1))]
}

// LockTotal is the sum of the values on the grid after n respins (× total bet).
func (tl *Timeline) LockTotal(n int) int64 {
	var s int64
	for _, c := range tl.LockGrid(n) {
		s += c.Value
	}
	return s
}

// Counter is the respin counter shown at tick t of respin i: the count before the
// respin until its symbols land, then the count after (back to 3 when one landed).
func (tl *Timeline) Counter(i, t int) int {
	rs := tl.Outcome.LockSpin.Respins[i]
	if t < respinLand {
		return rs.CounterBefore
	}
	return rs.CounterAfter
}

// CounterSequence is the respin counter as the player sees it: 3 at the start,
// then its value after every respin.
func (tl *Timeline) CounterSequence() []int {
	ls := tl.Outcome.LockSpin
	if ls == nil {
		return nil
	}
	out := []int{lockspin.Respins}
	for _, r := range ls.Respins {
		out = append(out, r.CounterAfter)
	}
	return out
}

// RespinLand is the tick within a respin step at which its symbols land.
const RespinLand = respinLand
