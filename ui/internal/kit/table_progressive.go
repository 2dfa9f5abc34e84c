package kit

import (
	"sync"

	"egm/machine/settings"
	"egm/tables/threecard"
)

// Three card poker's progressive side bet as the screen offers it: the machine
// session installs the machine's (SetTableProgressive); demo play, with no
// machine, offers the profile's shipped side bet. The table scene places its
// fixed stake and the table's help pages state its rules from it.
var tableProgressive struct {
	mu   sync.Mutex
	set  bool
	on   bool
	side threecard.Progressive
	gen  int
}

// SetTableProgressive installs the side bet the machine runs (on false: the
// machine does not offer it). It takes effect on rules built after it.
func SetTableProgressive(on bool, side threecard.Progressive) {
	oldSide, oldOn, _ := TableProgressive()
	p := &tableProgressive
	p.mu.Lock()
	defer p.mu.Unlock()
	p.set, p.on, p.side = true, on, side
	if on != oldOn || side != oldSide { // the same side bet keeps the rules built
		p.gen++
	}
}

// TableProgressive is the side bet offered at the three card poker table (on
// false: none), and a number that changes with every SetTableProgressive that
// changes it (rules built under another are stale).
func TableProgressive() (side threecard.Progressive, on bool, gen int) {
	p := &tableProgressive
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.set { // demo play: the profile's shipped side bet
		return settings.DefaultProgressive(DemoScale()).Side(ScreenLang.Profile.Currency), true, p.gen
	}
	return p.side, p.on, p.gen
}
