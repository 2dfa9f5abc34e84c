package ui

import (
	"slices"
	"testing"

	"egm/sound"
	"egm/ui/internal/slotscene"
)

// cuesOf plays a timeline tick by tick and returns its cues with their ticks, and
// the ticks at which the reels spin.
func cuesOf(tl *slotscene.Timeline) (map[sound.Cue][]int, int) {
	at := map[sound.Cue][]int{}
	spin := 0
	var buf []sound.Cue
	for t := 0; t < tl.Total; t++ {
		var spinning bool
		buf, spinning = tl.Cues(buf[:0], t-1, t)
		for _, c := range buf {
			at[c] = append(at[c], t)
		}
		if spinning {
			spin++
		}
	}
	return at, spin
}

// Each reel sounds its stop once, at the tick it stops, and the spin loop runs
// until the last one stops.
func TestCuesReelStops(t *testing.T) {
	o := demoGame(t, "gems-secrets", AnyGame, 1)
	tl := slotscene.NewTimeline(o)
	at, spin := cuesOf(tl)
	for r := 0; r < int(o.Window.Reels); r++ {
		if got := at[sound.Reel(r)]; !slices.Equal(got, []int{slotscene.ReelStopTick(r, slotscene.SpinLead)}) && r < sound.MaxReels-1 {
			t.Errorf("reel %d stop sounds at %v, want [%d]", r, got, slotscene.ReelStopTick(r, slotscene.SpinLead))
		}
	}
	if want := slotscene.ReelStopTick(int(o.Window.Reels)-1, slotscene.SpinLead); spin != want {
		t.Errorf("spin loop for %d ticks, want %d", spin, want)
	}
}

// A win counts up with ticks of its tier and ends with one closing chord per
// counted step; a feature's jingle sounds once, when its step starts.
func TestCuesWinAndFeatures(t *testing.T) {
	for _, c := range []struct {
		id     string
		h      Highlight
		jingle sound.Cue
		kind   slotscene.StepKind
	}{
		{"golden-book-of-ra", FreeGames, sound.FreeGames, slotscene.StepFreeIntro},
		{"born-to-gamble", LockSpin, sound.LockSpin, slotscene.StepLockIntro},
		{"clover-power", BaseFeature, sound.Feature, slotscene.StepClover},
	} {
		o := demoGame(t, c.id, c.h, 3)
		tl := slotscene.NewTimeline(o)
		at, _ := cuesOf(tl)
		var starts []int
		counted := 0
		for _, s := range tl.Steps {
			if s.Kind == c.kind {
				starts = append(starts, s.Start)
			}
			if s.CountTicks > 0 {
				counted++
				tier := sound.Tier(s.WinTo-s.WinFrom, o.Bet.TotalCents())
				if !slices.Contains(at[sound.End(tier)], s.Start+s.CountTicks) {
					t.Errorf("%s: no closing chord of tier %d at %d", c.id, tier, s.Start+s.CountTicks)
				}
				if !slices.Contains(at[sound.Tick(tier)], s.Start+4) {
					t.Errorf("%s: no count-up tick of tier %d at %d", c.id, tier, s.Start+4)
				}
			}
		}
		if got := at[c.jingle]; !slices.Equal(got, starts) {
			t.Errorf("%s: %v at %v, want %v", c.id, c.jingle, got, starts)
		}
		ends := 0
		for tier := 0; tier < sound.Tiers; tier++ {
			ends += len(at[sound.End(tier)])
		}
		if ends != counted {
			t.Errorf("%s: %d closing chords for %d counted wins", c.id, ends, counted)
		}
		if c.kind == slotscene.StepLockIntro && len(at[sound.CoinLock])+len(at[sound.Reel(2)]) < len(o.LockSpin.Respins) {
			t.Errorf("%s: %d coin locks for %d respins", c.id, len(at[sound.CoinLock]), len(o.LockSpin.Respins))
		}
	}
}

// Showing the result at once (a jump) sounds only where it lands, and nothing
// sounds after the end or backwards.
func TestCuesJump(t *testing.T) {
	o := demoGame(t, "born-to-gamble", LockSpin, 3)
	tl := slotscene.NewTimeline(o)
	last := tl.Steps[len(tl.Steps)-1].Start
	got, spinning := tl.Cues(nil, 5, last)
	want := tl.CuesAt(nil, last)
	if !slices.Equal(got, want) || spinning {
		t.Errorf("jump to %d: %v (spinning %v), want %v", last, got, spinning, want)
	}
	if got, _ := tl.Cues(nil, tl.Total+5, tl.Total+6); len(got) != 0 {
		t.Errorf("after the end: %v", got)
	}
	if got, _ := tl.Cues(nil, 40, 30); len(got) != 0 {
		t.Errorf("backwards: %v", got)
	}
}
