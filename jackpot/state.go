package jackpot

import (
	"fmt"

	"egm/rng"
)

// levelState is one level's configuration and its money, in Units (1/10,000 cent).
type levelState struct {
	LevelConfig
	Value   int64  // the level's amount, reset value included
	Reserve int64  // hidden reserve for the next reset
	Trigger int64  // mystery only: the hidden trigger, in cents (never shown)
	Contrib int64  // everything contributed to this level
	Awarded int64  // everything awarded from this level
	Funded  int64  // reset values the house funded after awards (≤ ResetCents·Unit·Awards)
	Awards  uint64 // number of awards
}

// state is the controller's whole money state. It is stored as one record and
// changed only by contribute and hit, which keep the accounting identity.
type state struct {
	Levels        []levelState
	CoinIn        int64  // Σ bets contributed, in cents
	Contributions uint64 // number of contributions counted
	AwardSeq      uint64 // number of the last award (awards are numbered from 1)
}

// award is an award before the controller stamps it with machine, game and time.
type award struct {
	Level string
	Cents int64
}

// newState builds the state of a fresh controller: every level at its reset value,
// each mystery level with a trigger drawn.
func newState(levels []LevelConfig, src rng.Source) *state {
	s := &state{Levels: make([]levelState, len(levels))}
	for i, l := range levels {
		s.Levels[i] = levelState{LevelConfig: l, Value: l.ResetCents * Unit}
		if l.Kind == Mystery {
			s.Levels[i].Trigger = drawTrigger(l, src)
		}
	}
	return s
}

// drawTrigger draws a mystery level's trigger uniformly in [min, max] cents. It is
// the controller's only draw.
func drawTrigger(l LevelConfig, src rng.Source) int64 {
	return l.TriggerMinCents + int64(rng.Uint64n(src, uint64(l.TriggerMaxCents-l.TriggerMinCents)+1))
}

func (s *state) clone() *state {
	c := *s
	c.Levels = append([]levelState(nil), s.Levels...)
	return &c
}

func (s *state) level(name string) (int, bool) {
	for i := range s.Levels {
		if s.Levels[i].Name == name {
			return i, true
		}
	}
	return -1, false
}

// contribute adds one bet's parts to every level and returns the mystery awards
// the contribution triggered (at most one per mystery level).
func (s *state) contribute(betCents int64, src rng.Source) []award {
	s.CoinIn += betCents
	s.Contributions++
	var out []award
	for i := range s.Levels {
		l := &s.Levels[i]
		part := betCents * l.RateBP
		hidden := betCents * l.ReserveBP
		l.Contrib += part
		l.Reserve += hidden
		l.Value += part - hidden
		if l.CeilingCents != 0 && l.Value > l.CeilingCents*Unit {
			l.Reserve += l.Value - l.CeilingCents*Unit
			l.Value = l.CeilingCents * Unit
		}
		if l.Kind == Mystery && l.Value >= l.Trigger*Unit {
			out = append(out, s.award(i, l.Trigger, src))
		}
	}
	return out
}

// hit awards progressive level i's amount now, in whole cents.
func (s *state) hit(i int, src rng.Source) award {
	return s.award(i, s.Levels[i].Value/Unit, src)
}

// award pays cents from level i and resets it: what is left of the level's value
// (the fraction of a cent of a hit, or the part of a mystery's crossing
// contribution above the trigger) stays in the level on top of the reset value,
// and so does the reserve, up to the ceiling.
func (s *state) award(i int, cents int64, src rng.Source) award {
	l := &s.Levels[i]
	carry := l.Value - cents*Unit
	r := l.ResetCents * Unit
	l.Awarded += cents * Unit
	l.Awards++
	s.AwardSeq++
	if l.ReserveFundsReset {
		// The reserve pays the reset; the house funds only what it lacks.
		use := min(l.Reserve, r)
		l.Reserve -= use
		l.Funded += r - use
		l.Value = r + carry
	} else {
		l.Funded += r
		l.Value = r + carry + l.Reserve
		l.Reserve = 0
	}
	if l.CeilingCents != 0 && l.Value > l.CeilingCents*Unit {
		l.Reserve += l.Value - l.CeilingCents*Unit
		l.Value = l.CeilingCents * Unit
	}
	if l.Kind == Mystery {
		l.Trigger = drawTrigger(l.LevelConfig, src)
	}
	return award{Level: l.Name, Cents: cents}
}

// check verifies the accounting identity and the bounds of every level:
//
//	Contrib = (Value − Reset) + Reserve + Awarded − Funded,
//	Funded = Reset·Awards (0 ≤ Funded ≤ Reset·Awards if the reserve funds resets),
//	Contrib = CoinIn · RateBP (exact, in Units),
//	Value ≥ Reset, Reserve ≥ 0, Value ≤ Ceiling (if any),
//	mystery: Trigger in its window and Awards·Min ≤ Awarded ≤ Awards·Max.
func (s *state) check() error {
	var awards uint64
	for _, l := range s.Levels {
		r := l.ResetCents * Unit
		switch {
		case l.Value < r:
			return fmt.Errorf("jackpot: level %q at %d units, below its reset %d", l.Name, l.Value, r)
		case l.Reserve < 0:
			return fmt.Errorf("jackpot: level %q reserve %d is negative", l.Name, l.Reserve)
		case l.CeilingCents != 0 && l.Value > l.CeilingCents*Unit:
			return fmt.Errorf("jackpot: level %q at %d units, above its ceiling", l.Name, l.Value)
		case l.Contrib != s.CoinIn*l.RateBP:
			return fmt.Errorf("jackpot: level %q received %d units, coin-in %d × %d bp = %d", l.Name, l.Contrib, s.CoinIn, l.RateBP, s.CoinIn*l.RateBP)
		case !l.ReserveFundsReset && l.Funded != r*int64(l.Awards),
			l.ReserveFundsReset && (l.Funded < 0 || l.Funded > r*int64(l.Awards)):
			return fmt.Errorf("jackpot: level %q funded %d units of resets for %d awards of reset %d", l.Name, l.Funded, l.Awards, r)
		case l.Contrib != (l.Value-r)+l.Reserve+l.Awarded-l.Funded:
			return fmt.Errorf("jackpot: level %q accounting: contributed %d ≠ growth %d + reserve %d + awarded %d − funded %d",
				l.Name, l.Contrib, l.Value-r, l.Reserve, l.Awarded, l.Funded)
		}
		if l.Kind == Mystery {
			if l.Trigger < l.TriggerMinCents || l.Trigger > l.TriggerMaxCents {
				return fmt.Errorf("jackpot: level %q trigger outside its window", l.Name)
			}
			n := int64(l.Awards)
			if l.Awarded < n*l.TriggerMinCents*Unit || l.Awarded > n*l.TriggerMaxCents*Unit {
				return fmt.Errorf("jackpot: level %q awarded %d units in %d awards, outside its window", l.Name, l.Awarded, n)
			}
		}
		awards += l.Awards
	}
	if awards != s.AwardSeq {
		return fmt.Errorf("jackpot: %d awards counted by level, %d numbered", awards, s.AwardSeq)
	}
	return nil
}
