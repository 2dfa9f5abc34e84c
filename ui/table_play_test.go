//go:build cgo && !noscreen

package ui

import (
	"slices"
	"testing"

	"egm/tables/play"
	"egm/ui/internal/kit"
	"egm/ui/internal/scene"
	"egm/ui/internal/tablescene"
)

// tableFrames runs a table scene's frames until done reports true (at most n).
func tableFrames(t *testing.T, sc tablescene.TableScene, n int, done func() bool) {
	t.Helper()
	for i := 0; i < n; i++ {
		if done() {
			return
		}
		sc.Core().Idle = 0 // a player at the table: the demo does not play by itself
		if err := sc.Update(nil); err != nil {
			t.Fatal(err)
		}
	}
	if !done() {
		t.Fatalf("%s: not there after %d frames", sc.Core().Game, n)
	}
}

// press presses key k for one frame of the scene.
func pressFor(t *testing.T, sc tablescene.TableScene, k int) {
	t.Helper()
	scene.Injected[k] = true
	defer clear(scene.Injected[:])
	if err := sc.Update(nil); err != nil {
		t.Fatal(err)
	}
}

// In demo play each table deals from its own seeded rng a play.Round: DEAL
// takes the stakes, a decision takes the stake it adds and never changes a card,
// and the demo balance gets what Round.Settle returns once the end is shown.
func TestTableDemoRounds(t *testing.T) {
	for _, game := range play.IDs() {
		d := tablescene.NewDemoDealer(7)
		sc, err := tablescene.NewTableScene(game, d)
		if err != nil {
			t.Fatal(err)
		}
		c := sc.Core()
		for round := range 5 {
			tableFrames(t, sc, 2000, func() bool { return tablescene.TableIdle(sc) && c.Between() })
			before := d.Credit()
			if play.KindOf(game) == play.KindRoulette {
				if err := sc.ScriptBet("red"); err != nil {
					t.Fatal(err)
				}
			}
			if play.KindOf(game) == play.KindPuntoBanco {
				if err := sc.ScriptBet("banker"); err != nil {
					t.Fatal(err)
				}
			}
			last := c.R
			pressFor(t, sc, int(scriptKeys["spin"]))
			if c.R == nil || c.R == last || len(c.R.Decisions) != 0 {
				t.Fatalf("%s round %d: DEAL dealt nothing", game, round)
			}
			r := c.R
			deck, pocket := r.Deck, r.Pocket
			if got := d.Credit(); got != before-play.DealStake(game, r.Bets) && got != kit.DemoCredit-play.DealStake(game, r.Bets) { // or after a refill
				t.Fatalf("%s round %d: credit %d from %d, the deal stakes %d", game, round, got, before, play.DealStake(game, r.Bets))
			}
			before = d.Credit() + play.DealStake(game, r.Bets) // after a refill too
			for c.Playing() {
				dec, err := play.Auto(c.R)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := tablescene.TableScriptDo(sc, nil, ScriptCmd{Op: "decide", Arg: string(dec)}); err != nil {
					t.Fatal(err)
				}
			}
			if c.R.Deck != deck || c.R.Pocket != pocket {
				t.Fatalf("%s round %d: a decision changed the cards", game, round)
			}
			tableFrames(t, sc, 3000, c.Settled)
			s, err := c.R.Settle()
			if err != nil {
				t.Fatal(err)
			}
			if s.Staked != c.R.Staked() || d.Credit() != before-s.Staked+s.Returned {
				t.Fatalf("%s round %d: credit %d, want %d − %d + %d", game, round, d.Credit(), before, s.Staked, s.Returned)
			}
		}
	}
}

// The buttons of a hand in progress are exactly the round's open decisions,
// each with the stake it adds in euros.
func TestTableDecisionButtons(t *testing.T) {
	for _, game := range []string{play.ThreeCard, play.Blackjack, play.Holdem} {
		sc, _ := tablescene.NewTableScene(game, tablescene.NewDemoDealer(3))
		sc.ScriptDeal()
		c := sc.Core()
		legal := c.R.Legal()
		bs := c.DecisionButtons()
		if len(bs) != len(legal) || len(bs) == 0 {
			t.Fatalf("%s: %d buttons for %v", game, len(bs), legal)
		}
		for i, b := range bs {
			want := tablescene.DecisionWord(legal[i].Decision)
			if legal[i].Cents > 0 {
				want += " " + kit.PlayerMoney(legal[i].Cents)
			}
			if b.D != legal[i].Decision || b.B.Name != want || b.B.X < tablescene.TableDecX0 || b.B.X+b.B.W > tablescene.TableDecX1 {
				t.Errorf("%s: button %d %q at %.0f, want %q", game, i, b.B.Name, b.B.X, want)
			}
		}
		if slices.ContainsFunc(legal, func(o play.Option) bool { return o.Cents > 0 }) == false && play.KindOf(game) != play.KindBlackjack {
			t.Errorf("%s: no decision adds a stake", game)
		}
	}
}
