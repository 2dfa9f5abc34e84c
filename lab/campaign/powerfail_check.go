package campaign

import (
	"crypto/sha256"
	"fmt"
	"slices"
	"strings"

	"egm/machine"
	"egm/meters"
	"egm/tables/play"
)

// PowerfailChecker holds what earlier checks of one machine saw: the meters (none
// may go down) and the outcome bytes of every game number (an outcome once stored
// never changes), with the games in progress at a kill not yet seen again.
type PowerfailChecker struct {
	prev     meters.Meters
	counts   map[string]int64
	games    map[meters.GameKey]meters.GameMeter
	outcomes map[uint64][32]byte
	pending  map[uint64]bool // games in progress at a kill, not yet seen again
	inPlay   map[uint64]meters.GameInProgress
	hands    map[uint64][]play.Decision // a table round's decisions when last seen in progress
	// bonusTriggers: the bonus jackpot's trigger by its hits so far (powerfail_bonus.go)
	bonusTriggers map[int64]int64
}

// NewPowerfailChecker is a checker that has seen nothing yet.
func NewPowerfailChecker() *PowerfailChecker {
	return &PowerfailChecker{counts: map[string]int64{}, games: map[meters.GameKey]meters.GameMeter{},
		outcomes: map[uint64][32]byte{}, pending: map[uint64]bool{}, inPlay: map[uint64]meters.GameInProgress{},
		hands: map[uint64][]play.Decision{}}
}

// Unverified is the number of games in progress at a kill never seen again.
func (c *PowerfailChecker) Unverified() int { return len(c.pending) }

// Check checks critical memory as read after a kill against itself and against
// what earlier checks saw, counts what the kill interrupted into rep, and returns
// the violations: the credits equation broken, a meter or counter down, the event
// chain broken, a game settled twice or lost, a recall entry's credits wrong, an
// outcome redrawn, a game in progress changed.
func (c *PowerfailChecker) Check(mem Memory, rep *PowerfailReport) []string {
	var out []string
	bad := func(format string, a ...any) { out = append(out, fmt.Sprintf(format, a...)) }
	m := mem.Meters
	if mem.Repairs {
		rep.Repairs++
	}
	rep.GamesPlayed = m.Get(meters.GamesPlayed)
	if err := m.Invariant(); err != nil {
		bad("%v", err)
	}
	for i := range m {
		if k := meters.Meter(i); k != meters.CurrentCredits && m[i] < c.prev[i] {
			bad("%s went down from %d to %d", k, c.prev[i], m[i])
		}
	}
	c.prev = m
	for k, v := range mem.Counters {
		if v < c.counts[k] {
			bad("counter %s went down from %d to %d", k, c.counts[k], v)
		}
		c.counts[k] = v
	}
	for _, g := range mem.Games {
		old := c.games[g.Key()]
		if g.GamesPlayed < old.GamesPlayed || g.CoinInCents < old.CoinInCents || g.WonCents < old.WonCents {
			bad("game meter %s@%d went down", g.Title, g.DenomCents)
		}
		c.games[g.Key()] = g
	}
	if err := meters.VerifyChain(mem.Anchor, mem.Events); err != nil {
		bad("%v", err)
	}
	// Every game played is settled exactly once or is the one in progress.
	settled := m.Get(meters.GamesWon) + m.Get(meters.GamesLost) + m.Get(meters.GamesVoided)
	open := int64(0)
	if mem.InGame {
		open = 1
	}
	if settled+open != m.Get(meters.GamesPlayed) {
		bad("games_played %d but %d settled and %d in progress", m.Get(meters.GamesPlayed), settled, open)
	}
	game := mem.Game
	if mem.InGame && game.Number != uint64(m.Get(meters.GamesPlayed)) {
		bad("game in progress is %d, games_played %d", game.Number, m.Get(meters.GamesPlayed))
	}
	if len(mem.Recall) > 0 && mem.Recall[0].Number != uint64(m.Get(meters.GamesPlayed)-open) {
		bad("newest recall entry is game %d, expected %d", mem.Recall[0].Number, m.Get(meters.GamesPlayed)-open)
	}
	seen := func(n uint64, outcome []byte, what string) {
		h := sha256.Sum256(outcome)
		if old, ok := c.outcomes[n]; ok && old != h {
			bad("game %d: %s outcome differs from the one stored before (redrawn)", n, what)
		}
		if c.pending[n] && c.outcomes[n] == h {
			rep.Resumed++
			delete(c.pending, n)
		}
		c.outcomes[n] = h
	}
	for i, r := range mem.Recall {
		rep.GamesChecked++
		if i > 0 && mem.Recall[i-1].Number != r.Number+1 {
			bad("recall: game %d follows game %d (a duplicate or a gap)", mem.Recall[i-1].Number, r.Number)
		}
		if mem.InGame && r.Number == game.Number {
			bad("game %d is both settled and in progress", r.Number)
		}
		want := r.CreditsBeforeCents - r.BetCents + r.WinCents - r.HandpayCents
		if r.Voided {
			want = r.CreditsBeforeCents
			if r.WinCents != 0 {
				bad("recall: voided game %d paid %d", r.Number, r.WinCents)
			}
		}
		if r.CreditsAfterCents != want {
			bad("recall: game %d credits %d → %d with bet %d, win %d, handpay %d", r.Number, r.CreditsBeforeCents, r.CreditsAfterCents, r.BetCents, r.WinCents, r.HandpayCents)
		}
		wasPending := c.pending[r.Number]
		seen(r.Number, r.Outcome, "recall")
		if g, ok := c.inPlay[r.Number]; ok {
			if play.IsTable(r.Title) {
				if c.settledHand(r, bad) && wasPending {
					rep.TableResumed++
				}
				g.BetCents = r.BetCents // a decision after the kill may have staked more: settledHand checked it
			}
			if g.Title != r.Title || g.BetCents != r.BetCents || g.DenomCents != r.DenomCents || g.CreditsBeforeCents != r.CreditsBeforeCents {
				bad("recall: game %d settled as %s bet %d from %d, but was in progress as %s bet %d from %d",
					r.Number, r.Title, r.BetCents, r.CreditsBeforeCents, g.Title, g.BetCents, g.CreditsBeforeCents)
			}
			delete(c.inPlay, r.Number)
		}
	}
	if mem.InGame && play.IsTable(game.Title) {
		game.BetCents = c.hand(game, rep, bad) // everything staked so far
	}
	if mem.InGame {
		seen(game.Number, game.Outcome, "in-progress")
		c.pending[game.Number] = true
		old, ok := c.inPlay[game.Number]
		grew := play.IsTable(game.Title) && game.BetCents > old.BetCents // a hand's decision staked more
		if ok && ((old.BetCents != game.BetCents && !grew) || old.Title != game.Title || game.Step < old.Step) {
			bad("game %d in progress changed: %s bet %d step %d, was %s bet %d step %d", game.Number, game.Title, game.BetCents, game.Step, old.Title, old.BetCents, old.Step)
		}
		c.inPlay[game.Number] = game
		rep.InGame++
		switch {
		case game.Phase == "gamble":
			rep.InGamble++
		case game.Phase == machine.PhaseHandpay:
			rep.InHandpay++
		case game.Step > 0:
			rep.InFeature++
		}
	}
	if mem.Cashout {
		rep.InCashout++
	}
	c.checkBonus(mem, rep, bad)
	return out
}

// ChildSaid checks the restarted child's "resumed game N at step S phase P outcome
// sha256 H" lines (the machine itself resumed the game, with these outcome bytes)
// against the outcomes critical memory showed; it returns the violations.
func (c *PowerfailChecker) ChildSaid(out string, rep *PowerfailReport) []string {
	var vs []string
	for _, line := range strings.Split(out, "\n") {
		var n uint64
		var step int
		var phase, hexSum string
		if _, err := fmt.Sscanf(line, "resumed game %d at step %d phase %q outcome sha256 %s", &n, &step, &phase, &hexSum); err != nil {
			continue
		}
		h, ok := c.outcomes[n]
		switch {
		case !ok:
			vs = append(vs, fmt.Sprintf("resumed game %d that critical memory never showed in progress", n))
		case fmt.Sprintf("%x", h) != hexSum:
			vs = append(vs, fmt.Sprintf("resumed game %d with other outcome bytes (redrawn)", n))
		case c.pending[n]:
			rep.Resumed++
			if play.IsTable(c.inPlay[n].Title) { // its decisions are checked when it is seen next
				rep.TableResumed++
			}
			delete(c.pending, n)
		}
	}
	return vs
}

// hand checks a table round in progress: it rebuilds from its stored deal and
// decisions (machine.TableRound), keeps every decision seen before (the hand
// stands where it stood: no decision lost, none changed) and returns everything
// staked so far. A round seen again with its cards and decisions counts as a hand
// resumed.
func (c *PowerfailChecker) hand(g meters.GameInProgress, rep *PowerfailReport, bad func(string, ...any)) int64 {
	r, err := machine.TableRound(g.Outcome, g.Data)
	if err != nil {
		bad("game %d: the table round does not rebuild: %v", g.Number, err)
		return g.BetCents
	}
	rep.InTable++
	if len(r.Decisions) > 0 {
		rep.InTableDecided++
	}
	if old, ok := c.hands[g.Number]; ok {
		if !prefix(old, r.Decisions) {
			bad("game %d: the hand's decisions %v do not continue %v", g.Number, r.Decisions, old)
		} else if c.pending[g.Number] {
			rep.TableResumed++
		}
	}
	c.hands[g.Number] = r.Decisions
	return r.Staked()
}

// settledHand checks a settled table round against the hand last seen in progress:
// the same decisions first, and the recall's bet and win what the round stakes and
// returns. It reports whether the hand kept its decisions.
func (c *PowerfailChecker) settledHand(e meters.RecallEntry, bad func(string, ...any)) bool {
	r, err := machine.TableRound(e.Outcome, e.Data)
	if err != nil {
		if !e.Voided {
			bad("recall: game %d: the table round does not rebuild: %v", e.Number, err)
		}
		return false
	}
	kept := prefix(c.hands[e.Number], r.Decisions)
	if !kept {
		bad("recall: game %d: the hand settled with decisions %v, in progress it had %v", e.Number, r.Decisions, c.hands[e.Number])
	}
	defer delete(c.hands, e.Number)
	if e.Voided {
		return kept
	}
	s, err := r.Settle()
	switch {
	case err != nil:
		bad("recall: game %d: settled with decisions open: %v", e.Number, err)
	case s.Staked != e.BetCents || s.Returned != e.WinCents:
		bad("recall: game %d: bet %d win %d, the hand stakes %d and returns %d", e.Number, e.BetCents, e.WinCents, s.Staked, s.Returned)
	}
	return kept
}

func prefix(a, b []play.Decision) bool {
	return len(a) <= len(b) && slices.Equal(a, b[:len(a)])
}
