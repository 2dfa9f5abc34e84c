package kit

import (
	"sync"

	"egm/games/slot"
	"egm/jurisdiction"
	"egm/locale"
)

// The rules need the exact PAR sheet, which takes a moment per title; the screen
// asks for them without waiting and they are built once per title and language
// in the background (the player may switch language at any moment: each
// language's rules are their own entry).
var rulesCache struct {
	mu    sync.Mutex
	rules map[rulesKey]*Rules
	busy  map[rulesKey]bool
	queue chan rulesJob
}

// rulesKey is one title's rules in one language under one profile.
type rulesKey struct {
	id, profile string
	lang        locale.Lang
}

type rulesJob struct {
	t       *slot.Title
	key     rulesKey
	profile jurisdiction.Profile
}

// RulesFor returns t's rules in the player's language if built, and starts
// building them if not.
func RulesFor(t *slot.Title) (*Rules, bool) {
	prof := ScreenLang.Profile
	key := rulesKey{id: t.Spec.ID, profile: prof.Code, lang: PlayerLang()}
	c := &rulesCache
	c.mu.Lock()
	defer c.mu.Unlock()
	if r := c.rules[key]; r != nil {
		return r, true
	}
	if c.rules == nil {
		c.rules, c.busy = map[rulesKey]*Rules{}, map[rulesKey]bool{}
	}
	if !c.busy[key] {
		c.busy[key] = true
		if c.queue == nil {
			c.queue = make(chan rulesJob, 64)
			go rulesWorker(c.queue)
		}
		select {
		case c.queue <- rulesJob{t: t, key: key, profile: prof}:
		default:
			c.busy[key] = false // full: asked again on a later frame
		}
	}
	return nil, false
}

// rulesWorker builds the rules one title at a time, so the screen keeps a core.
func rulesWorker(q <-chan rulesJob) {
	c := &rulesCache
	for j := range q {
		r, err := NewRulesIn(j.t, j.key.lang, j.profile)
		if err != nil {
			continue // the help screen keeps saying it is not ready; egm rules reports the error
		}
		c.mu.Lock()
		c.rules[j.key] = r
		c.mu.Unlock()
	}
}

// WaitRules builds t's rules in the player's language now and keeps them (the
// screenshots, the tests).
func WaitRules(t *slot.Title) error {
	prof := ScreenLang.Profile
	key := rulesKey{id: t.Spec.ID, profile: prof.Code, lang: PlayerLang()}
	r, err := NewRulesIn(t, key.lang, prof)
	if err != nil {
		return err
	}
	c := &rulesCache
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.rules == nil {
		c.rules, c.busy = map[rulesKey]*Rules{}, map[rulesKey]bool{}
	}
	c.rules[key], c.busy[key] = r, true
	return nil
}
