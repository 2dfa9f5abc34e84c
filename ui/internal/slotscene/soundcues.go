package slotscene

import "egm/sound"

// Cues appends to dst the sounds of the presentation at ticks after from up to and
// including to, and reports whether reels spin at tick to (the spin loop plays
// while they do). It is pure: what sounds is decided by the outcome's timeline, as
// what is drawn is. A jump of more than two ticks (SPIN pressed to show the result,
// a resume after a restart) sounds only the tick it lands on.
//
// The cues: each reel's stop as it stops (base and free spins); a respin's coins
// locking as they land (a thud when none lands); Free Games, Lock & Spin, Magic
// Clover / Super Colors and jackpot jingles as their step starts; and, while a win
// counts up, a tick every fourth frame and the closing chord when it is counted,
// both of the tier of that step's win against the bet.
func (tl *Timeline) Cues(dst []sound.Cue, from, to int) ([]sound.Cue, bool) {
	if to <= from {
		return dst, tl.spinning(to)
	}
	if to-from > 2 {
		from = to - 1
	}
	for t := from + 1; t <= to; t++ {
		if t >= tl.Total {
			break
		}
		dst = tl.CuesAt(dst, t)
	}
	return dst, tl.spinning(to)
}

// CuesAt appends the cues of tick t.
func (tl *Timeline) CuesAt(dst []sound.Cue, t int) []sound.Cue {
	i, lt := tl.At(t)
	s := tl.Steps[i]
	o := tl.Outcome
	if lt == 0 {
		switch s.Kind {
		case StepFreeIntro:
			dst = append(dst, sound.FreeGames)
		case StepLockIntro:
			dst = append(dst, sound.LockSpin)
		case StepClover, StepColors:
			dst = append(dst, sound.Feature)
		case StepDone:
			if len(o.Jackpots) > 0 {
				dst = append(dst, sound.Jackpot)
			}
		}
	}
	switch s.Kind {
	case StepSpin, StepFreeSpin:
		lead := SpinLead
		if s.Kind == StepFreeSpin {
			lead = freeLead
		}
		for r := 0; r < tl.reels; r++ {
			if lt == ReelStopTick(r, lead) {
				dst = append(dst, sound.Reel(r))
			}
		}
	case StepRespin:
		if lt == RespinLand {
			if ls := o.LockSpin; ls != nil && s.Index < len(ls.Respins) && len(ls.Respins[s.Index].Landed) > 0 {
				dst = append(dst, sound.CoinLock)
			} else {
				dst = append(dst, sound.Reel(2))
			}
		}
	}
	if s.CountTicks > 0 && lt <= s.CountTicks {
		tier := sound.Tier(s.WinTo-s.WinFrom, o.Bet.TotalCents())
		switch {
		case lt == s.CountTicks:
			dst = append(dst, sound.End(tier))
		case lt%4 == 0:
			dst = append(dst, sound.Tick(tier))
		}
	}
	return dst
}

// spinning reports whether reels spin at tick t.
func (tl *Timeline) spinning(t int) bool {
	if t < 0 || t >= tl.Total {
		return false
	}
	i, lt := tl.At(t)
	switch s := tl.Steps[i]; s.Kind {
	case StepSpin:
		return lt < ReelStopTick(tl.reels-1, SpinLead)
	case StepFreeSpin:
		return lt < ReelStopTick(tl.reels-1, freeLead)
	case StepRespin:
		return lt < RespinLand
	}
	return false
}
