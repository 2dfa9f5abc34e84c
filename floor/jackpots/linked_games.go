package jackpots

import (
	"fmt"
	"slices"
	"strings"

	"egm/floor"
	"egm/sas"
)

// Only the games in the linked group fund the linked levels. A machine may have
// games outside it (this project's machine: its table games, 26..30, group 0 and no
// levels): their coin-in is not contributed, so that the linked levels grow from
// the slots' coin-in alone, as their PAR (the slots' 94% includes the levels'
// contributions) assumes.
//
// Per link (a Poller), once: long poll 51 (the number of games) and one B5 per
// game (its group and levels) — 31 polls for 30 games. Each cycle afterwards, only
// when the machine's coin-in has moved since the last cycle that read them: one
// 6F per game outside the group (code 0000, coin in; 5 polls for the table games).
// A machine whose games are all linked costs nothing more a cycle. The first
// baseline of a machine costs one 6F more (the machine's coin-in read again, so
// the baseline is taken from a reading with no play in it; up to baselineReads
// tries on a machine in play).
//
// A machine's baseline is its coin-in at the link's first meter read (FirstRead,
// kept in the floor's database at that read, before anything about its games is
// known), settled as the linked games' coin-in at the cycle that first knows it:
// for a machine whose coin-in is all linked (all its games in the group, or its
// whole coin-in contributed because it does not say), the first read itself, so
// that the play while the floor learns the machine (three cycles for a machine
// silent to 6F) is contributed once it knows; for a machine with unlinked games,
// the first read less the unlinked games' coin-in when they are first read,
// exact when the machine has not played in between (the first cycle, unless its
// line was silent); otherwise that play cannot be split between its linked and
// unlinked games and its baseline is the reading's linked coin-in (that play not
// contributed, never more than the linked games took in).
//
// The linked coin-in is the machine's coin-in (read first, in the cycle's meters)
// less the coin-in of the games outside the group (read after it): play between
// the two reads can only make it smaller, so the contributions never exceed the
// linked games' coin-in, and what is not contributed in one cycle is in the next
// (the controller counts coin-in cumulatively against the baseline).
//
// A machine that does not say which of its games are linked — silent to 51 or B5,
// or refusing them (NACK), no game in the linked group, no 6F at all, or no
// per-game coin-in — contributes its whole coin-in, as before per-game links
// existed, and the floor logs it once per link. A silence or refusal is taken for
// good only after no6FAfter of them in a row (a cycle's silence can be the line's):
// until then, and whenever a machine that answered them before leaves a per-game
// read unanswered, the cycle contributes nothing and the next contributes it all.

// Links states.
const (
	linksUnknown = iota // not learned yet on this link
	linksKnown          // the games outside the group are known
	linksWhole          // the machine's whole coin-in is contributed
)

// gameLinks is what the floor learned of one machine's games on its current link.
type gameLinks struct {
	p        *floor.Poller // the link it was learned on: a new Poller starts again
	state    int8
	fails    int   // unanswered polls in a row before the machine first answered
	answered bool  // the machine has answered a per-game 6F
	unlinked []int // the games outside the linked group
	// the machine's coin-in at the last per-game reads, and the unlinked games'
	// coin-in read then (valid: read at least once)
	coinIn, others uint64
	valid          bool
}

// linksOf is what the floor learned of p's machine's games on p (a machine's
// cycles run one at a time; the machines' run concurrently).
func (l *Linked) linksOf(p *floor.Poller) *gameLinks {
	l.linksMu.Lock()
	defer l.linksMu.Unlock()
	if l.links == nil {
		l.links = map[byte]*gameLinks{}
	}
	g := l.links[p.ID()]
	if g == nil || g.p != p {
		g = &gameLinks{p: p}
		l.links[p.ID()] = g
	}
	return g
}

// learnLinks reads which games are outside the linked group (51, B5 per game).
func learnLinks(p *floor.Poller) (unlinked []int, why string, err error) {
	n, err := p.GameCount()
	if err != nil {
		return nil, "", err
	}
	linked := 0
	for g := 1; g <= n; g++ {
		gl, err := p.GameLinkOf(g)
		if err != nil {
			return nil, "", err
		}
		if gl.Linked() {
			linked++
		} else {
			unlinked = append(unlinked, g)
		}
	}
	if linked == 0 {
		return nil, fmt.Sprintf("none of its %d games is in progressive group %d", n, floor.ProgressiveGroup), nil
	}
	return unlinked, "", nil
}

// linkedCoinIn is the part of coinIn (the machine's coin-in read this cycle)
// that the machine's linked games took in, and the machine's coin-in of the
// reading it was taken from (total); ok false when it is not known this cycle
// (nothing is contributed now; the next cycle contributes it). consistent asks
// for a reading with no play between the machine's and the games' meters (the
// first baseline): the machine's coin-in is read again after the games', up to
// baselineReads times while it moves; a machine that never stops (autoplay) gets
// the last reading, its unlinked coin-in read after its coin-in.
func (l *Linked) linkedCoinIn(p *floor.Poller, coinIn uint64, consistent bool) (linked, total uint64, ok bool, err error) {
	g := l.linksOf(p)
	if g.state == linksUnknown { // Cycle's learn got no answer this cycle
		return 0, 0, false, nil
	}
	if g.state == linksWhole || len(g.unlinked) == 0 {
		return coinIn, coinIn, true, nil
	}
	if g.valid && g.coinIn == coinIn && !consistent {
		return coinIn - min(coinIn, g.others), coinIn, true, nil
	}
	for try := 1; ; try++ {
		others, ok, whole, err := l.unlinkedCoinIn(p)
		switch {
		case whole:
			return coinIn, coinIn, true, nil
		case err != nil || !ok:
			return 0, 0, false, err
		}
		if !consistent || try == baselineReads {
			// others was read after coinIn: play in between makes the result
			// smaller, never larger, than the linked games' coin-in.
			g.coinIn, g.others, g.valid = coinIn, others, !consistent
			return coinIn - min(coinIn, others), coinIn, true, nil
		}
		again, err := p.ExtendedMeters(sas.MeterCoinIn)
		if err != nil {
			if floor.IsUnanswered(err) {
				return 0, 0, false, nil
			}
			return 0, 0, false, err
		}
		if again[sas.MeterCoinIn] == coinIn {
			g.coinIn, g.others, g.valid = coinIn, others, true
			return coinIn - min(coinIn, others), coinIn, true, nil
		}
		coinIn = again[sas.MeterCoinIn]
	}
}

// baselineReads is how many times the first baseline's reading is tried for one
// with no play in it.
const baselineReads = 3

// unlinkedCoinIn reads the coin-in of the machine's unlinked games (6F each).
// whole: the machine turned out not to answer them (its whole coin-in is
// contributed from now on); ok false: not read this cycle.
func (l *Linked) unlinkedCoinIn(p *floor.Poller) (others uint64, ok, whole bool, err error) {
	g := l.linksOf(p)
	for _, n := range g.unlinked {
		m, err := p.ExtendedMetersOf(n, sas.MeterCoinIn)
		switch {
		case floor.IsNotKept(err) && !g.answered:
			l.whole(p, fmt.Sprintf("it keeps no coin-in for game %d", n))
			return 0, false, true, nil
		case floor.IsUnanswered(err) && !g.answered:
			l.failed(p, fmt.Sprintf("it does not answer 6F for game %d (%v)", n, err))
			return 0, false, g.state == linksWhole, nil
		case floor.IsUnanswered(err) || floor.IsNotKept(err):
			return 0, false, false, nil // it did before: this cycle contributes nothing
		case err != nil:
			return 0, false, false, err
		}
		others += m[sas.MeterCoinIn]
	}
	g.answered, g.fails = true, 0
	return others, true, false, nil
}

// learn reads, once per link, which of the machine's games are outside the linked
// group (the state stays unknown after a silence or refusal, until the
// no6FAfter-th in a row).
func (l *Linked) learn(p *floor.Poller) error {
	g := l.linksOf(p)
	if g.state != linksUnknown {
		return nil
	}
	if p.Without6F() {
		l.whole(p, "it does not answer 6F")
		return nil
	}
	unlinked, why, err := learnLinks(p)
	switch {
	case floor.IsUnanswered(err):
		l.failed(p, fmt.Sprintf("it does not answer 51 or B5 (%v)", err))
		return nil
	case err != nil:
		return err
	case why != "":
		l.whole(p, why)
		return nil
	}
	g.state, g.unlinked, g.fails = linksKnown, unlinked, 0
	return nil
}

// failed counts one unanswered poll of a machine that has not answered them yet:
// nothing is known this cycle, until at no6FAfter in a row its whole coin-in is
// contributed, from then on.
func (l *Linked) failed(p *floor.Poller, why string) {
	g := l.linksOf(p)
	g.fails++
	if g.fails >= floor.NoAnswerAfter {
		l.whole(p, why)
	}
}

// whole makes the machine's whole coin-in its contribution on this link, and logs
// why once.
func (l *Linked) whole(p *floor.Poller, why string) {
	g := l.linksOf(p)
	if g.state == linksWhole {
		return
	}
	g.state = linksWhole
	l.log("machine %d: %s: its whole coin-in is contributed to the linked jackpots", p.ID(), why)
}

// linkedGame reports whether game n takes part in the linked levels as far as
// the floor knows (any game of a machine whose links are not known).
func (g *gameLinks) linkedGame(n int) bool {
	return g.state != linksKnown || !slices.Contains(g.unlinked, n)
}

// gameList writes game numbers with runs as ranges: "26-30", "3, 7-9".
func gameList(gs []int) string {
	var parts []string
	for i := 0; i < len(gs); {
		j := i
		for j+1 < len(gs) && gs[j+1] == gs[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, fmt.Sprintf("%d-%d", gs[i], gs[j]))
		} else {
			parts = append(parts, fmt.Sprint(gs[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// hitOnLinkedGame refuses a hit waiting on a game outside the linked group (the
// game the player is on, 55: one poll, only while a hit waits on a machine that
// has such games).
func (l *Linked) hitOnLinkedGame(p *floor.Poller, level byte) error {
	g := l.linksOf(p)
	if g.state != linksKnown || len(g.unlinked) == 0 {
		return nil
	}
	n, err := p.SelectedGame()
	if err != nil {
		return err
	}
	if !g.linkedGame(n) {
		return fmt.Errorf("floor: machine %d reports a hit of level %d on game %d, which is outside the linked group (games %s)", p.ID(), level, n, gameList(g.unlinked))
	}
	return nil
}
