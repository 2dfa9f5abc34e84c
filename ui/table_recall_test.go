//go:build cgo && !noscreen

package ui

import (
	"image"
	"image/color"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/machine"
	"egm/meters"
	"egm/tables/play"
	"egm/ui/internal/kit"
	"egm/ui/internal/opmenu"
	"egm/ui/internal/scene"
)

// press is one frame of the operator menu with key k pressed.
func press(o *opmenu.Operator, k ebiten.Key) {
	scene.Injected[k] = true
	_ = o.Update(nil)
	clear(scene.Injected[:])
}

// The recall list names the table rounds (the game, a split, the pocket), and a
// table round opened from it replays step by step: the deal, every decision the
// machine committed in order (a hit or a double with the card it brought, a split
// with both hands), the dealer's play and the settlement of every bet as the
// round settles.
func TestTableRecallSteps(t *testing.T) {
	if opShots.err != nil {
		t.Fatal(opShots.err)
	}
	r := opShots.rig
	o := r.menu(0, nil)
	o.OpenPage(o.PageIndex("GAME RECALL"))
	p := o.Pages[o.Page].(*opmenu.RecallPage)
	find := func(n uint64) int {
		for i, e := range p.Entries {
			if e.Number == n {
				return i
			}
		}
		t.Fatalf("game %d not in the recall list", n)
		return -1
	}
	bj, rl := find(r.bjGame), find(r.rouletteGame)
	if row := p.Rows[bj]; row[2] != "BLACKJACK" || !strings.Contains(row[5], opmenu.DecisionShort(play.Split)) {
		t.Errorf("blackjack row %q", row)
	}
	if row := p.Rows[rl]; row[2] != "ROULETTE" || !strings.Contains(row[5], kit.OpTr("operator.recall.flag_pocket", "Pocket", "")) {
		t.Errorf("roulette row %q", row)
	}
	for _, c := range []struct {
		game uint64
		i    int
	}{{r.bjGame, bj}, {r.rouletteGame, rl}} {
		p.Sel = c.i
		press(o, ebiten.KeyEnter)
		if o.Replay == nil || o.Replay.Table == nil {
			t.Fatalf("game %d: Enter did not open a table replay", c.game)
		}
		tr := o.Replay.Table
		if tr.Problem != "" {
			t.Fatalf("game %d: %s", c.game, tr.Problem)
		}
		e := p.Entries[c.i]
		round, err := machine.TableRound(e.Outcome, e.Data)
		if err != nil {
			t.Fatal(err)
		}
		var shorts, names []string
		for k := 0; k < len(tr.Steps)+2; k++ { // STEP → past the end stays on the last
			if k < len(tr.Steps) {
				shorts, names = append(shorts, tr.Steps[tr.Cur].Short), append(names, tr.Steps[tr.Cur].Name)
			}
			press(o, ebiten.KeyArrowRight)
		}
		if tr.Cur != len(tr.Steps)-1 || !tr.Steps[tr.Cur].Settled {
			t.Errorf("game %d: stepped to %d of %d (settled %v)", c.game, tr.Cur, len(tr.Steps), tr.Steps[tr.Cur].Settled)
		}
		// the decisions, in order, between the deal and the dealer's play
		var want []string
		switch play.KindOf(e.Title) {
		case play.KindBlackjack:
			want = append(want, kit.OpTr("operator.table.deal"))
			for _, d := range round.Decisions {
				want = append(want, opmenu.DecisionShort(d))
			}
			want = append(want, kit.OpTr("operator.bj.dealer_play_short"), kit.OpTr("operator.table.settlement"))
		case play.KindRoulette:
			want = []string{kit.OpTr("operator.table.bets_placed"), kit.OpTr("operator.recall.flag_pocket", "Pocket", strconv.Itoa(round.Pocket)), kit.OpTr("operator.table.settlement")}
		}
		if !slices.Equal(shorts, want) {
			t.Errorf("game %d: steps %q, want %q", c.game, shorts, want)
		}
		// each hit or double names the card it brought: the shoe's next card
		if play.KindOf(e.Title) == play.KindBlackjack {
			st := []*play.Round{}
			deal, _ := play.Parse(e.Outcome)
			st = append(st, deal)
			for _, d := range round.Decisions {
				x := st[len(st)-1].Clone()
				x.Apply(d)
				st = append(st, x)
			}
			for k, d := range round.Decisions {
				g, _ := st[k].BlackjackGame()
				next := opmenu.CardWord(opmenu.CardGamble(g.Shoe[g.Next]))
				switch d {
				case play.Hit, play.Double:
					if !strings.Contains(names[k+1], "→ "+next) {
						t.Errorf("step %d %q does not name the card drawn %s", k+2, names[k+1], next)
					}
				case play.Split:
					if !strings.Contains(names[k+1], "→") || !strings.Contains(names[k+1], "(+"+kit.OpMoney(1000)+")") {
						t.Errorf("split step %q", names[k+1])
					}
				}
			}
		}
		// the settlement is the round's, bet by bet
		s, _ := round.Settle()
		if !slices.Equal(tr.Set.Lines, s.Lines) || tr.Set.Returned != e.WinCents || tr.Set.Staked != e.BetCents {
			t.Errorf("game %d: settlement %+v, round %+v, recall staked %d returned %d", c.game, tr.Set, s, e.BetCents, e.WinCents)
		}
		press(o, ebiten.KeyHome)
		if tr.Cur != 0 {
			t.Errorf("Home: step %d", tr.Cur)
		}
		press(o, ebiten.KeyEscape)
		if o.Replay != nil {
			t.Fatal("Esc did not go back to the list")
		}
	}
}

// The recalled blackjack hand is drawn: card faces on the felt, the cards the
// step brought on gold, the current step lit in the steps list.
func TestTableRecallDrawn(t *testing.T) {
	img := opImg(t, "table-recall")
	felt := region(img, image.Rect(40, 200, 1280, 860), func(c color.RGBA) bool { return c.G > c.R+30 && c.G > c.B })
	if felt < 200_000 {
		t.Errorf("no felt (%d green pixels)", felt)
	}
	if n := region(img, image.Rect(40, 160, 1280, 860), isWhite); n < 20_000 {
		t.Errorf("no card faces (%d white pixels)", n)
	}
	gold := func(c color.RGBA) bool { return c.R > 240 && c.G > 180 && c.G < 215 && c.B < 80 }
	if n := region(img, image.Rect(40, 500, 1280, 880), gold); n < 500 {
		t.Errorf("no fresh card on gold (%d gold pixels)", n)
	}
	if n := region(img, image.Rect(opmenu.RcPanelX, opmenu.RcTop+40, opmenu.RcPanelX+opmenu.RcPanelW, opmenu.RcTop+420), gold); n < 2000 {
		t.Errorf("the current step is not lit (%d gold pixels)", n)
	}
	img = opImg(t, "table-recall-roulette")
	if n := region(img, image.Rect(200, 390, 460, 650), func(c color.RGBA) bool {
		return c.R > 150 && c.G < 60 || c.R < 50 && c.G < 50 && c.B < 60 || c.G > 120 && c.R < 60
	}); n < 20_000 {
		t.Errorf("no pocket drawn (%d pixels of its colour)", n)
	}
}

// Every table game's recalled round has the deal first, each decision in the
// order committed, the settlement last, and settles as the recall entry says.
func TestTableRecallEveryGame(t *testing.T) {
	if opShots.err != nil {
		t.Fatal(opShots.err)
	}
	r := opShots.rig
	o := r.menu(0, nil)
	var p opmenu.RecallPage
	p.Open(o)
	for _, game := range play.IDs() {
		n := r.tableGames[game]
		var tr *opmenu.TableRecall
		var e meters.RecallEntry
		for _, x := range p.Entries {
			if x.Number == n {
				e, tr = x, opmenu.NewRecallReplay(x, o.Titles).Table
			}
		}
		if tr == nil || tr.Problem != "" || len(tr.Steps) < 3 {
			t.Fatalf("%s: game %d not replayed: %+v", game, n, tr)
		}
		round, err := machine.TableRound(e.Outcome, e.Data)
		if err != nil {
			t.Fatal(err)
		}
		var shorts []string
		for _, s := range tr.Steps {
			shorts = append(shorts, s.Short)
		}
		i := 1
		for _, d := range round.Decisions {
			for i < len(shorts) && shorts[i] != opmenu.DecisionShort(d) {
				i++
			}
			if i == len(shorts) {
				t.Errorf("%s: decision %s not among the steps %q in order", game, d, shorts)
			}
			i++
		}
		first, last := shorts[0], tr.Steps[len(tr.Steps)-1]
		if first != kit.OpTr("operator.table.deal") && first != kit.OpTr("operator.table.bets_placed") || last.Short != kit.OpTr("operator.table.settlement") || last.Key != "SETTLEMENT" || !last.Settled {
			t.Errorf("%s: steps %q", game, shorts)
		}
		for _, s := range tr.Steps[:len(tr.Steps)-1] {
			if s.Settled {
				t.Errorf("%s: the settlement shows before the last step (%q)", game, s.Short)
			}
		}
		var placed int64
		for _, b := range tr.Bets {
			placed += b.Stake
		}
		if want := play.DealStake(game, round.Bets); placed != want {
			t.Errorf("%s: the bets placed listed come to %d cents, the deal staked %d (%+v)", game, placed, want, tr.Bets)
		}
		if tr.Set.Staked != e.BetCents || tr.Set.Returned != e.WinCents {
			t.Errorf("%s: settlement %d/%d, recall %d/%d", game, tr.Set.Staked, tr.Set.Returned, e.BetCents, e.WinCents)
		}
		t.Logf("%s: %q", game, shorts)
	}
	for _, n := range []string{"table-recall-three-card-poker", "table-recall-punto-banco", "table-recall-ultimate-texas-holdem"} {
		if w := region(opImg(t, n), image.Rect(40, 160, 1280, 860), isWhite); w < 15_000 {
			t.Errorf("%s: no card faces (%d white pixels)", n, w)
		}
	}
}
