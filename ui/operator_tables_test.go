//go:build cgo && !noscreen

package ui

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"egm/machine"
	"egm/machine/settings"
	"egm/meters"
	"egm/operator"
	"egm/rng"
	"egm/tables/play"
	"egm/ui/internal/kit"
	"egm/ui/internal/opmenu"
)

// The table games' page, driven by its keys: a game switched off and a game's
// limits changed are applied by the machine (a config_change event) and kept
// across a restart; limits with the minimum above the maximum are refused with a
// clear message and change nothing; during a game the machine refuses the change.
func TestOperatorTablesPage(t *testing.T) {
	if opShots.err != nil {
		t.Fatal(opShots.err)
	}
	titles := opShots.rig.titles
	dir := t.TempDir()
	opts := machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(3)}, Titles: titles}
	m, err := machine.Open(dir, settings.DefaultConfig(), opts)
	if err != nil {
		t.Fatal(err)
	}
	s := newMachineSession(m, titles)
	pin := operator.Open(dir, operator.Options{Params: operator.Params{Time: 1, Memory: 64, Threads: 1, KeyLen: 32}})
	o := opmenu.NewOperator(s, titles, pin, nil, nil)
	o.PinAnswer(nil)
	o.OpenPage(o.PageIndex("TABLE GAMES"))
	p := o.Pages[o.Page].(*opmenu.TablesPage)
	keys := func(ks ...ebiten.Key) {
		for _, k := range ks {
			press(o, k)
		}
	}
	apply := func() {
		keys(ebiten.KeyEnter)
		if o.Req != nil {
			wait(t, "configure", func() bool { o.Poll(); return o.Req == nil })
		}
	}
	events := func() (n int, last meters.Event) {
		s.Flush()
		m.View(func(v *meters.Snapshot) {
			evs, _ := v.Events()
			n, last = len(evs), evs[len(evs)-1]
		})
		return n, last
	}
	// roulette off (row 0, ON/OFF); blackjack (row 3): min 1 → 2, max 100 → 50, side max 25 → 20
	keys(ebiten.KeySpace, ebiten.KeyDown, ebiten.KeyDown, ebiten.KeyDown, ebiten.KeyRight, ebiten.KeyEqual,
		ebiten.KeyRight, ebiten.KeyMinus, ebiten.KeyRight, ebiten.KeyMinus)
	if p.Row != 3 || p.Col != 3 || p.Problem != "" || !p.Dirty() {
		t.Fatalf("after the keys: cell %d,%d, problem %q, dirty %v", p.Row, p.Col, p.Problem, p.Dirty())
	}
	apply()
	want := settings.TableConfig{Enabled: true, Limits: play.Limits{Min: 200, Max: 5_000, SideMax: 2_000}}
	if got := m.Config().Tables; got.Roulette.Enabled || got.Blackjack != want {
		t.Fatalf("machine's tables after APPLY: %+v (%q)", got, o.Msg)
	}
	if !o.MsgOK || o.Msg != kit.OpTr("operator.tables.applied") {
		t.Errorf("status line %q", o.Msg)
	}
	n, last := events()
	if last.Kind != meters.EvConfigChange || !strings.Contains(last.Detail, "by operator menu") || !strings.Contains(last.Detail, "tables") {
		t.Errorf("last event %+v", last)
	}
	if g := m.TableGames(); len(g) != 4 || play.KindOf(g[0]) == play.KindRoulette {
		t.Errorf("games dealt %v", g)
	}
	// min above max: punto banco (row 2) max down to 1 EUR, min up to 2 EUR
	keys(ebiten.KeyUp, ebiten.KeyLeft)
	for i := 0; i < len(opmenu.TableLimitSteps); i++ {
		keys(ebiten.KeyMinus)
	}
	keys(ebiten.KeyLeft, ebiten.KeyEqual)
	if e := p.Edit.Tables.PuntoBanco; e.Min != 200 || e.Max != 100 {
		t.Fatalf("punto banco edit %+v", e)
	}
	apply()
	refused := kit.OpTr("operator.config.not_applied", "Problem", kit.OpTr("operator.tables.min_above_max", "Game", "PUNTO BANCO", "Min", opmenu.OpWhole(200), "Max", opmenu.OpWhole(100)))
	if o.MsgOK || o.Msg != refused {
		t.Errorf("min above max: status line %q", o.Msg)
	}
	if got := m.Config().Tables.PuntoBanco; got.Limits != play.DefaultLimits {
		t.Errorf("a refused edit changed the machine: %+v", got)
	}
	if n2, _ := events(); n2 != n {
		t.Errorf("a refused edit logged %d events", n2-n)
	}
	// during a round the machine refuses the change
	keys(ebiten.KeyBackspace, ebiten.KeyUp, ebiten.KeyUp, ebiten.KeyLeft, ebiten.KeySpace) // roulette back on
	if err := m.Handle(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 10_000}); err != nil {
		t.Fatal(err)
	}
	if err := m.Handle(machine.Input{Kind: machine.InTableDeal, Title: play.Blackjack, Table: &play.Bets{Spots: map[string]int64{play.SpotMain: 1_000}}}); err != nil {
		t.Fatal(err)
	}
	s.Flush()
	apply()
	if o.MsgOK || !strings.Contains(o.Msg, "IN PROGRESS") || m.Config().Tables.Roulette.Enabled {
		t.Errorf("mid-round: status line %q, roulette on %v", o.Msg, m.Config().Tables.Roulette.Enabled)
	}
	// kept across a restart
	s.Close()
	m.Close()
	if m, err = machine.Open(dir, settings.DefaultConfig(), opts); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if got := m.Config().Tables; got.Roulette.Enabled || got.Blackjack != want {
		t.Errorf("after a restart: %+v", got)
	}
}
