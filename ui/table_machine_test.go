//go:build cgo && !noscreen

package ui

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"egm/machine"
	"egm/machine/refusal"
	"egm/machine/settings"
	"egm/meters"
	"egm/rng"
	"egm/tables/play"
	"egm/ui/internal/kit"
	"egm/ui/internal/tablescene"
)

// tableMachine opens a machine in dir with the table games on and a cabinet on
// it; credit is put in from the test wallet.
func tableMachine(t *testing.T, dir string, credit int64) (*machine.Machine, *cabinet) {
	t.Helper()
	m, err := machine.Open(dir, settings.DefaultConfig(), machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(21)}})
	if err != nil {
		t.Fatal(err)
	}
	if credit > 0 {
		if err := m.Handle(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: credit}); err != nil {
			t.Fatal(err)
		}
	}
	return m, tableCabinet(t, m)
}

func tableCabinet(t *testing.T, m *machine.Machine) *cabinet {
	t.Helper()
	c, err := newCabinet(m, m.Titles(), CabinetOptions{Options: Options{Scene: "lobby"}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// machineFrames runs the table scene's frames, each after the machine has
// answered every input before it, until done (at most n).
func machineFrames(t *testing.T, c *cabinet, sc tablescene.TableScene, n int, done func() bool) {
	t.Helper()
	for i := 0; i < n && !done(); i++ {
		c.s.Flush()
		if err := sc.Update(nil); err != nil {
			t.Fatal(err)
		}
	}
	if !done() {
		t.Fatalf("%s: not there after %d frames (state %s)", sc.Core().Game, n, c.s.Status().State)
	}
}

// playTableHand plays the hand in progress on the machine to its end through the
// scene (the house strategy's decisions, the end shown) and checks that the
// screen showed the machine's own round and that the money reconciles: the
// credit is what it was before the deal, less every stake, plus the settlement's
// return.
func playTableHand(t *testing.T, m *machine.Machine, c *cabinet, sc tablescene.TableScene, before int64) {
	t.Helper()
	core := sc.Core()
	for core.Playing() {
		mr, ok := m.TableRound()
		if !ok || mr.Deck != core.R.Deck || mr.Pocket != core.R.Pocket || !slices.Equal(mr.Decisions, core.R.Decisions) {
			t.Fatalf("%s: the screen shows another round than the machine's", core.Game)
		}
		if st := m.Status(); st.BetCents != core.R.Staked() || st.CreditsCents != before-core.R.Staked() {
			t.Fatalf("%s: the machine has %d staked and %d credit; the round stakes %d from %d", core.Game, st.BetCents, st.CreditsCents, core.R.Staked(), before)
		}
		d, err := play.Auto(core.R)
		if err != nil {
			t.Fatal(err)
		}
		n := len(core.R.Decisions)
		if _, err := tablescene.TableScriptDo(sc, nil, scriptCmd{Op: "decide", Arg: string(d)}); err != nil {
			t.Fatal(err)
		}
		machineFrames(t, c, sc, 100, func() bool { return len(core.R.Decisions) == n+1 })
	}
	machineFrames(t, c, sc, 3000, func() bool {
		return core.Settled() && !c.s.Busy() && m.Status().State == machine.Idle
	})
	s, err := core.R.Settle()
	if err != nil {
		t.Fatal(err)
	}
	want := before - s.Staked + s.Returned
	if got := m.Status().CreditsCents; got != want || core.D.Credit() != want || c.s.Status().CreditsCents != want {
		t.Fatalf("%s: credit %d (scene %d), want %d − %d + %d", core.Game, got, core.D.Credit(), before, s.Staked, s.Returned)
	}
}

// Each table game in metered play, through the scene's input handling: a deal
// with too little credit is refused in the player's words, then hands are
// dealt by the machine (DEAL on the keyboard, the bets the scene placed), the
// cards shown are the machine's round, the decisions go to the machine, the end
// is shown and settled, and the credit reconciles with the machine's Status.
func TestTableMachineRounds(t *testing.T) {
	for _, game := range play.IDs() {
		t.Run(game, func(t *testing.T) {
			m, c := tableMachine(t, t.TempDir(), 0)
			defer m.Close()
			defer c.s.Close()
			sc0, err := c.openTable(game, nil)
			if err != nil {
				t.Fatal(err)
			}
			sc := sc0.(tablescene.TableScene)
			core := sc.Core()
			tc := settings.DefaultTables()
			if core.D.Demo() || core.D.Limits() != tc.Of(game).Limits {
				t.Fatalf("demo %v, limits %+v", core.D.Demo(), core.D.Limits())
			}
			bet := func() {
				switch play.KindOf(game) {
				case play.KindRoulette:
					if err := sc.ScriptBet("red"); err != nil {
						t.Fatal(err)
					}
				case play.KindPuntoBanco:
					if err := sc.ScriptBet("banker"); err != nil {
						t.Fatal(err)
					}
				}
			}
			bet()
			pressFor(t, sc, int(scriptKeys["spin"]))
			machineFrames(t, c, sc, 100, func() bool { return !core.Waiting })
			// refused for the balance, in the player's words (whatever the language)
			var ref *refusal.Refusal
			err0 := c.s.TableState().Refused
			if msg := core.D.Refused(); core.R != nil || !errors.As(err0, &ref) || ref.Reason != refusal.RefusedBalance ||
				msg == "" || msg != kit.RefusalText(err0) || strings.Contains(strings.ToLower(msg), "cents") {
				t.Fatalf("a deal without credit: round %v, refused %v, the player reads %q", core.R != nil, err0, msg)
			}
			if err := m.Handle(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 500_00}); err != nil {
				t.Fatal(err)
			}
			for range 4 {
				machineFrames(t, c, sc, 100, func() bool { return core.Between() && tablescene.TableIdle(sc) })
				before := m.Status().CreditsCents
				bet()
				last := core.R
				pressFor(t, sc, int(scriptKeys["spin"]))
				machineFrames(t, c, sc, 100, func() bool { return core.R != last })
				if st := m.Status(); st.Title != game || core.R.Game != game {
					t.Fatalf("status title %q, round of %q", st.Title, core.R.Game)
				}
				playTableHand(t, m, c, sc, before)
			}
			if st := m.Status(); play.IsTable(st.Title) {
				t.Errorf("after the table rounds the machine's title is %q, not its slot title", st.Title)
			}
		})
	}
}

// A screen (re)started in the middle of a hand takes it up where it stands: the
// same cards, the decisions already taken, the open ones offered; then the hand
// ends and the money reconciles. Both a new screen session on the running machine
// and the machine restarted from its state directory.
func TestTableResume(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	m, c := tableMachine(t, dir, 200_00)
	before := m.Status().CreditsCents
	sc0, err := c.openTable(play.Holdem, nil)
	if err != nil {
		t.Fatal(err)
	}
	sc := sc0.(tablescene.TableScene)
	core := sc.Core()
	sc.ScriptDeal()
	machineFrames(t, c, sc, 100, func() bool { return core.R != nil && !core.Waiting })
	if _, err := tablescene.TableScriptDo(sc, nil, scriptCmd{Op: "decide", Arg: string(play.Check)}); err != nil {
		t.Fatal(err)
	}
	machineFrames(t, c, sc, 100, func() bool { return len(core.R.Decisions) == 1 })
	first := core.R
	c.s.Close()

	resumed := func(c *cabinet) tablescene.TableScene {
		t.Helper()
		h, ok := c.cur.(*tablescene.HoldemTable)
		if !ok {
			t.Fatalf("a table hand in progress starts on %T, not its table", c.cur)
		}
		r := h.R
		if r == nil || r.Deck != first.Deck || !slices.Equal(r.Decisions, first.Decisions) || !slices.Equal(r.Legal(), first.Legal()) {
			t.Fatalf("resumed %+v, want the hand %+v", r, first)
		}
		if bs := h.DecisionButtons(); len(bs) != len(first.Legal()) || bs[0].B.Name != tablescene.DecisionWord(play.Bet2x)+" "+kit.PlayerMoney(2*first.Bets.Spots[play.SpotAnte]) {
			t.Fatalf("the resumed hand offers %+v", bs)
		}
		return h
	}
	c2 := tableCabinet(t, m) // a new screen session on the running machine
	resumed(c2)
	c2.s.Close()
	if err := m.Close(); err != nil { // the power goes
		t.Fatal(err)
	}
	m3, err := machine.Open(dir, settings.DefaultConfig(), machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(21)}})
	if err != nil {
		t.Fatal(err)
	}
	defer m3.Close()
	c3 := tableCabinet(t, m3)
	defer c3.s.Close()
	sc3 := resumed(c3)
	playTableHand(t, m3, c3, sc3, before)
	if _, err := tablescene.TableScriptDo(sc3, nil, scriptCmd{Op: "deal"}); err != nil { // and the table deals on
		t.Fatal(err)
	}
}

// A script plays a table hand on the metered cabinet: a table opened as the
// lobby's table page does, a chip, a side bet, DEAL, wait idle until the hand
// waits for the decision, the decision, wait idle through the end of the hand,
// back to the lobby; the machine's recall holds the hand and the credit
// reconciles with what it staked and returned. (Few frames: the game loop draws
// each, slowly on a busy machine.)
func TestScriptPlaysTables(t *testing.T) {
	m, _ := tableMachine(t, t.TempDir(), 0)
	defer m.Close()
	c, mgr, log := scriptCabinet(t, m, `deposit 10000
table three-card-poker
chip 500
clear
bet pair-plus
deal
wait idle
decide fold
wait idle
lobby
quit
`)
	defer c.s.Close()
	if _, err := runUntilQuit(mgr, 2000); err != nil {
		t.Fatalf("%v\n%s", err, log)
	}
	c.s.Flush()
	var rc []meters.RecallEntry
	m.View(func(v *meters.Snapshot) { rc = v.Recall() })
	if len(rc) != 1 || play.KindOf(rc[0].Title) != play.KindThreeCard || rc[0].BetCents != 2*500 {
		t.Fatalf("recall %+v, want one three card poker hand of 10.00 EUR (Ante and Pair Plus, folded)\n%s", rc, log)
	}
	if st := m.Status(); st.CreditsCents != 100_00-rc[0].BetCents+rc[0].WinCents {
		t.Fatalf("credit %d after staking %d and winning %d\n%s", st.CreditsCents, rc[0].BetCents, rc[0].WinCents, log)
	}
	if _, ok := c.cur.(*lobbyScene); !ok {
		t.Fatalf("the script ends on %T, not the lobby", c.cur)
	}
}

// A table win above the handpay limit locks the machine: the table shows the
// handpay's cover and takes no bet; a screen restarted during the lockup opens
// the hand's table under the cover; the attendant's key pays it and the table
// deals again.
func TestTableHandpay(t *testing.T) {
	cfg := settings.DefaultConfig()
	cfg.HandpayLimitCents, cfg.Gamble.MaxWin = 40_00, 40_00
	m, err := machine.Open(t.TempDir(), cfg, machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(4)}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if err := m.Handle(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 500_00}); err != nil {
		t.Fatal(err)
	}
	c := tableCabinet(t, m)
	sc0, err := c.openTable(play.PuntoBanco, nil)
	if err != nil {
		t.Fatal(err)
	}
	sc := sc0.(tablescene.TableScene)
	core := sc.Core()
	core.Chip = 3 // 100 EUR on the Banker: a win returns 195.00 EUR
	for n := 0; m.Status().State != machine.HandpayLockup; n++ {
		if n == 40 {
			t.Fatal("no handpay in 40 coups")
		}
		machineFrames(t, c, sc, 100, func() bool { return core.Between() && tablescene.TableIdle(sc) })
		if err := sc.ScriptBet("banker"); err != nil {
			t.Fatal(err)
		}
		last := core.R
		sc.ScriptDeal()
		machineFrames(t, c, sc, 1000, func() bool {
			return core.R != last && core.Settled() && !c.s.Busy()
		})
	}
	if title, detail := core.D.Lockup(); title == "" || !strings.Contains(detail, kit.PlayerMoney(core.Settlement().Returned)) {
		t.Fatalf("the table shows the lockup %q %q, the hand returned %d", title, detail, core.Settlement().Returned)
	}
	won := core.R
	c.s.Close()
	c2 := tableCabinet(t, m) // the screen restarts during the lockup
	defer c2.s.Close()
	pb, ok := c2.cur.(*tablescene.PuntoBancoTable)
	if !ok || pb.R == nil || pb.R.Deck != won.Deck {
		t.Fatalf("a table handpay starts on %T with round %v", c2.cur, ok && pb.R != nil)
	}
	before := m.Status().CreditsCents
	if err := m.Handle(machine.Input{Kind: machine.InAttendantKey}); err != nil {
		t.Fatal(err)
	}
	machineFrames(t, c2, pb, 1000, func() bool { return m.Status().State == machine.Idle && pb.Between() && tablescene.TableIdle(pb) })
	if title, _ := pb.D.Lockup(); title != "" || m.Status().CreditsCents != before {
		t.Fatalf("after the attendant's key: cover %q, credit %d from %d (a handpay is paid by hand)", title, m.Status().CreditsCents, before)
	}
	last := pb.R
	if err := pb.ScriptBet("banker"); err != nil {
		t.Fatal(err)
	}
	pb.ScriptDeal()
	machineFrames(t, c2, pb, 100, func() bool { return pb.R != last })
}
