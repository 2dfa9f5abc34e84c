package machinetest

import (
	"errors"
	"sync/atomic"

	"egm/games/slot"
	"egm/rng"
)

// ErrHealth is the health failure a FailingDecider reports.
var ErrHealth = errors.New("rng: repetition count test failed")

// FailingDecider decides from G (machine.Decider), as machine.Seeded does, and
// reports an RNG health failure (ErrHealth) while Fail is set: a generator
// whose entropy source broke.
type FailingDecider struct {
	G    *rng.Generator
	Fail atomic.Bool
}

// Decide implements machine.Decider.
func (f *FailingDecider) Decide(fn func(rng.Source)) error {
	fn(f.G)
	if f.Fail.Load() {
		return ErrHealth
	}
	return nil
}

// HitDecider plays each game from the next seed whose outcome of Title at Bet
// satisfies Want (it scans seeds with the title's own Play), so that a test gets
// a jackpot outcome without playing thousands of games through critical memory;
// with Want nil each game takes the next seed. Title and Bet are the selection
// the test set (Aim); Decide runs under the machine's lock, so set them between
// inputs.
type HitDecider struct {
	Title *slot.Title
	Bet   slot.Bet
	Want  func(o *slot.Outcome) bool
	next  uint64
}

// Aim sets the selection the decider scans for: the title with id among titles
// (the machine's Titles), at bet.
func (d *HitDecider) Aim(titles []*slot.Title, id string, bet slot.Bet) {
	for _, t := range titles {
		if t.Spec.ID == id {
			d.Title = t
		}
	}
	d.Bet = bet
}

// Decide implements machine.Decider.
func (d *HitDecider) Decide(fn func(rng.Source)) error {
	for {
		d.next++
		if d.Want == nil {
			break
		}
		var o slot.Outcome
		if err := d.Title.Play(rng.NewSeeded(d.next), d.Bet, &o); err == nil && d.Want(&o) {
			break
		}
	}
	fn(rng.NewSeeded(d.next))
	return nil
}

// HasJackpot is a Want: any linked level hit.
func HasJackpot(o *slot.Outcome) bool { return len(o.Jackpots) > 0 }

// OnlyMajor is a Want: the Major and no other level.
func OnlyMajor(o *slot.Outcome) bool { return len(o.Jackpots) == 1 && o.Jackpots[0] == slot.Major }
