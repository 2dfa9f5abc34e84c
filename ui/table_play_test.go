//go:build cgo && !noscreen

package ui

import (
	"slices"
	"testing"

	"egm/tables/play"
	"egm/ui/internal/kit"
)

// tableFrames runs a table scene's frames until done reports true (at most n).
func tableFrames(t *testing.T, sc tableScene, n int, done func() bool) {
	t.Helper()
	for i := 0; i < n; i++ {
		if done() {
			return
		}
		sc.core().idle = 0 // a player at the table: the demo does not play by itself
		if err := sc.Update(nil); err != nil {
			t.Fatal(err)
		}
	}
	if !done() {
		t.Fatalf("%s: not there after %d frames", sc.core().game, n)
	}
}

// press presses key k for one frame of the scene.
func pressFor(t *testing.T, sc tableScene, k int) {
	t.Helper()
	injected[k] = true
	defer clear(injected[:])
	if err := sc.Update(nil); err != nil {
		t.Fatal(err)
	}
}

// In demo play each table deals from its own seeded rng a play.Round: DEAL
// takes the stakes, a decision takes the stake it adds and never changes a card,
// and the demo balance gets what Round.Settle returns once the end is shown.
func TestTableDemoRounds(t *testing.T) {
	for _, game := range play.IDs() {
		d := newDemoDealer(7)
		sc, err := newTableScene(game, d)
		if err != nil {
			t.Fatal(err)
		}
		c := sc.core()
		for round := range 5 {
			tableFrames(t, sc, 2000, func() bool { return tableIdle(sc) && c.between() })
			before := d.Credit()
			if play.KindOf(game) == play.KindRoulette {
				if err := sc.scriptBet("red"); err != nil {
					t.Fatal(err)
				}
			}
			if play.KindOf(game) == play.KindPuntoBanco {
				if err := sc.scriptBet("banker"); err != nil {
					t.Fatal(err)
				}
			}
			last := c.r
			pressFor(t, sc, int(scriptKeys["spin"]))
			if c.r == nil || c.r == last || len(c.r.Decisions) != 0 {
				t.Fatalf("%s round %d: DEAL dealt nothing", game, round)
			}
			r := c.r
			deck, pocket := r.Deck, r.Pocket
			if got := d.Credit(); got != before-play.DealStake(game, r.Bets) && got != demoCredit-play.DealStake(game, r.Bets) { // or after a refill
				t.Fatalf("%s round %d: credit %d from %d, the deal stakes %d", game, round, got, before, play.DealStake(game, r.Bets))
			}
			before = d.Credit() + play.DealStake(game, r.Bets) // after a refill too
			for c.playing() {
				dec, err := play.Auto(c.r)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := tableScriptDo(sc, nil, ScriptCmd{Op: "decide", Arg: string(dec)}); err != nil {
					t.Fatal(err)
				}
			}
			if c.r.Deck != deck || c.r.Pocket != pocket {
				t.Fatalf("%s round %d: a decision changed the cards", game, round)
			}
			tableFrames(t, sc, 3000, c.settled)
			s, err := c.r.Settle()
			if err != nil {
				t.Fatal(err)
			}
			if s.Staked != c.r.Staked() || d.Credit() != before-s.Staked+s.Returned {
				t.Fatalf("%s round %d: credit %d, want %d − %d + %d", game, round, d.Credit(), before, s.Staked, s.Returned)
			}
		}
	}
}

// The buttons of a hand in progress are exactly the round's open decisions,
// each with the stake it adds in euros.
func TestTableDecisionButtons(t *testing.T) {
	for _, game := range []string{play.ThreeCard, play.Blackjack, play.Holdem} {
		sc, _ := newTableScene(game, newDemoDealer(3))
		sc.scriptDeal()
		c := sc.core()
		legal := c.r.Legal()
		bs := c.decisionButtons()
		if len(bs) != len(legal) || len(bs) == 0 {
			t.Fatalf("%s: %d buttons for %v", game, len(bs), legal)
		}
		for i, b := range bs {
			want := decisionWord(legal[i].Decision)
			if legal[i].Cents > 0 {
				want += " " + kit.PlayerMoney(legal[i].Cents)
			}
			if b.d != legal[i].Decision || b.b.name != want || b.b.x < tableDecX0 || b.b.x+b.b.w > tableDecX1 {
				t.Errorf("%s: button %d %q at %.0f, want %q", game, i, b.b.name, b.b.x, want)
			}
		}
		if slices.ContainsFunc(legal, func(o play.Option) bool { return o.Cents > 0 }) == false && play.KindOf(game) != play.KindBlackjack {
			t.Errorf("%s: no decision adds a stake", game)
		}
	}
}
