package ui

import (
	"sync"

	"egm/games/slot"
)

// The rules need the exact PAR sheet, which takes a moment per title; the screen
// asks for them without waiting and they are built once in the background.
var rulesCache struct {
	mu    sync.Mutex
	rules map[string]*Rules
	busy  map[string]bool
	queue chan *slot.Title
}

// RulesFor returns t's rules if built, and starts building them if not.
func RulesFor(t *slot.Title) (*Rules, bool) {
	c := &rulesCache
	c.mu.Lock()
	defer c.mu.Unlock()
	if r := c.rules[t.Spec.ID]; r != nil {
		return r, true
	}
	if c.rules == nil {
		c.rules, c.busy = map[string]*Rules{}, map[string]bool{}
	}
	if !c.busy[t.Spec.ID] {
		c.busy[t.Spec.ID] = true
		if c.queue == nil {
			c.queue = make(chan *slot.Title, 64)
			go rulesWorker(c.queue)
		}
		select {
		case c.queue <- t:
		default:
			c.busy[t.Spec.ID] = false // full: asked again on a later frame
		}
	}
	return nil, false
}

// rulesWorker builds the rules one title at a time, so the screen keeps a core.
func rulesWorker(q <-chan *slot.Title) {
	c := &rulesCache
	for t := range q {
		r, err := NewRules(t)
		if err != nil {
			continue // the help screen keeps saying it is not ready; egm rules reports the error
		}
		c.mu.Lock()
		c.rules[t.Spec.ID] = r
		c.mu.Unlock()
	}
}
