//go:build cgo && !noscreen

package slotscene

import (
	"egm/features/gamble"
	"egm/sound"
	"egm/ui/internal/scene"
)

// playCues is what a play scene has sounded: the game and tick its timeline's
// cues were taken up to, the gamble cards heard, and a button pressed this frame.
type playCues struct {
	game    uint64
	started bool
	buf     []sound.Cue // reused every frame
	cards   int         // cards of the gamble round heard
	hist    int         // length of the card history heard
	top     gamble.Card // and its newest card
	gamble  bool        // a gamble round was on screen
	credit  int64
	click   bool
}

// from is the tick the scene's cues were taken up to: for a game not heard yet, the
// tick before the one it starts at (its first tick sounds too).
func (c *playCues) from(p *Play) int {
	if !c.started || c.game != p.Game {
		c.game, c.started = p.Game, true
		return p.Tick - 1
	}
	return p.Tick
}

// sound plays what the frame from tick from to p.tick sounds: the timeline's cues
// and the spin loop, the gamble's card and its result, the button click and the
// lockup alarm. The attract mode plays at its own level.
func (p *Play) sound(s *scene.Sound, from int) {
	c := &p.cues
	q := p.Attract
	if p.TL != nil {
		var spinning bool
		c.buf, spinning = p.TL.Cues(c.buf[:0], from, p.Tick)
		for _, cue := range c.buf {
			s.Play(cue, q)
		}
		if spinning {
			s.Loop(sound.SpinLoop, q)
		}
	}
	if c.click {
		c.click = false
		s.Play(sound.Click, q)
	}
	// The gamble: a card drawn is a flip and its result. A lost card ends the round
	// (the machine settles at once), so it is heard from the card history.
	snap := &p.Snap
	h := snap.GambleHistory
	newCard := len(h) > 0 && (len(h) != c.hist || h[0] != c.top)
	switch r := snap.Gamble; {
	case r != nil && len(r.Steps) > c.cards:
		s.Play(sound.CardFlip, q)
		if r.Steps[len(r.Steps)-1].Won {
			s.Play(sound.GambleWin, q)
		} else {
			s.Play(sound.GambleLose, q)
		}
	case r == nil && c.gamble && newCard:
		s.Play(sound.CardFlip, q)
		if snap.Credit > c.credit {
			s.Play(sound.GambleWin, q)
		} else {
			s.Play(sound.GambleLose, q)
		}
	}
	c.cards = 0
	if r := snap.Gamble; r != nil {
		c.cards = len(r.Steps)
	}
	c.gamble = snap.Gamble != nil
	c.hist = len(h)
	if len(h) > 0 {
		c.top = h[0]
	}
	c.credit = snap.Credit
	if snap.Alarm {
		s.Loop(sound.Alarm, false)
	}
}
