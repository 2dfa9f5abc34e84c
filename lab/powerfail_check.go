package lab

import (
	"crypto/sha256"
	"fmt"
	"strings"

	"egm/machine"
	"egm/meters"
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
}

// NewPowerfailChecker is a checker that has seen nothing yet.
func NewPowerfailChecker() *PowerfailChecker {
	return &PowerfailChecker{counts: map[string]int64{}, games: map[meters.GameKey]meters.GameMeter{},
		outcomes: map[uint64][32]byte{}, pending: map[uint64]bool{}, inPlay: map[uint64]meters.GameInProgress{}}
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
		seen(r.Number, r.Outcome, "recall")
		if g, ok := c.inPlay[r.Number]; ok {
			if g.Title != r.Title || g.BetCents != r.BetCents || g.DenomCents != r.DenomCents || g.CreditsBeforeCents != r.CreditsBeforeCents {
				bad("recall: game %d settled as %s bet %d from %d, but was in progress as %s bet %d from %d",
					r.Number, r.Title, r.BetCents, r.CreditsBeforeCents, g.Title, g.BetCents, g.CreditsBeforeCents)
			}
			delete(c.inPlay, r.Number)
		}
	}
	if mem.InGame {
		seen(game.Number, game.Outcome, "in-progress")
		c.pending[game.Number] = true
		if old, ok := c.inPlay[game.Number]; ok && (old.BetCents != game.BetCents || old.Title != game.Title || game.Step < old.Step) {
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
			delete(c.pending, n)
		}
	}
	return vs
}
