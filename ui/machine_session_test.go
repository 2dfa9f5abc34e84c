package ui

import (
	"testing"

	"egm/machine"
	"egm/machine/settings"
	"egm/rng"
	"egm/ui/internal/kit"
	"egm/ui/internal/slotscene"
)

func openMachine(t *testing.T) *machine.Machine {
	t.Helper()
	m, err := machine.Open(t.TempDir(), settings.DefaultConfig(), machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(7)}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return m
}

// TestMachineSessionPlays plays metered games through the Session the play scene
// uses: deposit, SPIN, every step reported shown, the win taken; the snapshot shows
// the machine's credits.
func TestMachineSessionPlays(t *testing.T) {
	m := openMachine(t)
	s := newMachineSession(m, m.Titles())
	defer s.Close()
	s.Flush()
	if snap := s.Snapshot(); snap.CanSpin || snap.Credit != 0 || snap.Title == nil || snap.Demo {
		t.Fatalf("before a deposit: %+v", snap)
	}
	if err := s.Input(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 10_000}); err != nil {
		t.Fatal(err)
	}
	s.Flush()
	if snap := s.Snapshot(); snap.Credit != 10_000 || !snap.CanSpin || !snap.CanCashOut {
		t.Fatalf("after a deposit of 10000 cents: credit %d, can spin %v", snap.Credit, snap.CanSpin)
	}
	var last uint64
	for g := 0; g < 20; g++ {
		before := s.Snapshot()
		if err := s.Send(kit.Event{Input: kit.InputSpin, Game: before.Game}); err != nil {
			t.Fatal(err)
		}
		s.Flush()
		snap := s.Snapshot()
		if snap.Game == last || snap.Outcome == nil {
			t.Fatalf("game %d: no new outcome after SPIN (game %d, message %q)", g, snap.Game, snap.Message)
		}
		last = snap.Game
		st := m.Status()
		if snap.Game != st.Game || snap.Step != 0 || snap.Credit != st.CreditsCents || snap.Credit != before.Credit-before.Bet.TotalCents() {
			t.Fatalf("game %d in progress: snapshot game %d step %d credit %d, machine game %d credit %d, bet %d",
				g, snap.Game, snap.Step, snap.Credit, st.Game, st.CreditsCents, before.Bet.TotalCents())
		}
		steps := machine.Steps(snap.Outcome)
		if tl := slotscene.NewTimeline(snap.Outcome); tl.Units != steps {
			t.Fatalf("game %d: timeline has %d steps, the machine %d", g, tl.Units, steps)
		}
		for i := 0; i < steps; i++ {
			if err := s.Send(kit.Event{Input: kit.InputPresented, Game: snap.Game, Step: i}); err != nil {
				t.Fatal(err)
			}
		}
		s.Flush()
		if s.Snapshot().CanTakeWin {
			if err := s.Send(kit.Event{Input: kit.InputTakeWin, Game: snap.Game}); err != nil {
				t.Fatal(err)
			}
			s.Flush()
		}
		snap, st = s.Snapshot(), m.Status()
		if st.State != machine.Idle || snap.Credit != st.CreditsCents || snap.Step != steps || snap.Message != "" {
			t.Fatalf("game %d settled: state %s, snapshot credit %d step %d/%d message %q, machine credit %d",
				g, st.State, snap.Credit, snap.Step, steps, snap.Message, st.CreditsCents)
		}
	}
}

// TestMachineSessionSelection maps BET DOWN, DENOM and the lobby's choice to the
// machine's selection, and shows a refusal.
func TestMachineSessionSelection(t *testing.T) {
	m := openMachine(t)
	s := newMachineSession(m, m.Titles())
	defer s.Close()
	s.Flush()
	st := m.Status()
	ds := m.Denominations(st.Title)
	if len(ds) < 2 {
		t.Fatalf("title %s offers %v: the test needs two denominations", st.Title, ds)
	}
	s.Send(kit.Event{Input: kit.InputDenom})
	s.Flush()
	if got := m.Status().DenomCents; got != ds[1] {
		t.Fatalf("DENOM: %d cents, want %d", got, ds[1])
	}
	s.Send(kit.Event{Input: kit.InputBetUp})
	s.Send(kit.Event{Input: kit.InputBetUp})
	s.Flush()
	up := m.Status().BetPerLine
	s.Send(kit.Event{Input: kit.InputBetDown})
	s.Flush()
	if got := m.Status().BetPerLine; got != up-1 {
		t.Fatalf("BET DOWN from %d credits per line: %d", up, got)
	}
	other := m.Titles()[len(m.Titles())-1].Spec.ID
	if err := s.SelectTitle(other); err != nil {
		t.Fatal(err)
	}
	s.Flush()
	if snap := s.Snapshot(); snap.Title == nil || snap.Title.Spec.ID != other || m.Status().Title != other {
		t.Fatalf("title %s chosen: snapshot %v, machine %s", other, snap.Title, m.Status().Title)
	}
	s.Send(kit.Event{Input: kit.InputSpin}) // no credits: refused
	s.Flush()
	if snap := s.Snapshot(); snap.Message == "" || snap.Game != 0 {
		t.Fatalf("SPIN without credits: message %q, game %d", snap.Message, snap.Game)
	}
}

// TestMachineSessionGamble opens the gamble on a win, plays a card and collects:
// the snapshot shows the machine's round, and the credits end equal to the machine's.
func TestMachineSessionGamble(t *testing.T) {
	m := openMachine(t)
	s := newMachineSession(m, m.Titles())
	defer s.Close()
	s.Input(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 10_000})
	s.Flush()
	features := 0
	for g := 0; g < 300; g++ {
		s.Send(kit.Event{Input: kit.InputSpin})
		s.Flush()
		snap := s.Snapshot()
		n := machine.Steps(snap.Outcome)
		if n > 1 {
			features++
		}
		for i := 0; i < n; i++ {
			s.Send(kit.Event{Input: kit.InputPresented, Game: snap.Game, Step: i})
		}
		s.Flush()
		snap = s.Snapshot()
		if !snap.CanGamble {
			continue
		}
		if snap.Gamble != nil || snap.Win <= 0 || !snap.CanTakeWin {
			t.Fatalf("gamble offered: round %v before GAMBLE, win %d", snap.Gamble, snap.Win)
		}
		s.Send(kit.Event{Input: kit.InputGamble, Game: snap.Game})
		snap = s.Snapshot()
		if snap.Gamble == nil || snap.CanGamble || snap.Gamble.Amount != m.Status().GambleCents {
			t.Fatalf("after GAMBLE: round %+v, can gamble %v, machine at stake %d", snap.Gamble, snap.CanGamble, m.Status().GambleCents)
		}
		s.Send(kit.Event{Input: kit.InputGambleRed, Game: snap.Game})
		s.Flush()
		if snap = s.Snapshot(); snap.Gamble != nil {
			if len(snap.Gamble.Steps) != 1 || len(snap.GambleHistory) == 0 {
				t.Fatalf("after one card: %d steps, history %v", len(snap.Gamble.Steps), snap.GambleHistory)
			}
			s.Send(kit.Event{Input: kit.InputCollect, Game: snap.Game})
			s.Flush()
		}
		snap, st := s.Snapshot(), m.Status()
		if st.State != machine.Idle || snap.Gamble != nil || snap.Credit != st.CreditsCents || len(snap.GambleHistory) == 0 {
			t.Fatalf("gamble over: state %s, round %v, credit %d vs %d", st.State, snap.Gamble, snap.Credit, st.CreditsCents)
		}
		t.Logf("gamble after game %d; %d games with feature steps", g, features)
		return
	}
	t.Fatalf("no gamble offered in 300 games (%d with features)", features)
}

// TestMachineSessionResume leaves a game with feature steps half shown, restarts the
// machine, and finds the new session's snapshot at the next step of the same game.
func TestMachineSessionResume(t *testing.T) {
	dir := t.TempDir()
	cfg := settings.DefaultConfig()
	cfg.Gamble.Enabled = false
	m, err := machine.Open(dir, cfg, machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(11)}})
	if err != nil {
		t.Fatal(err)
	}
	s := newMachineSession(m, m.Titles())
	s.Input(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 100_000})
	s.Flush()
	var snap kit.Snapshot
	for g := 0; ; g++ {
		if g == 1500 {
			t.Fatal("no game with feature steps in 1500 games")
		}
		s.Send(kit.Event{Input: kit.InputSpin})
		s.Flush()
		snap = s.Snapshot()
		if machine.Steps(snap.Outcome) > 2 {
			break
		}
		for i := 0; i < machine.Steps(snap.Outcome); i++ {
			s.Send(kit.Event{Input: kit.InputPresented, Game: snap.Game, Step: i})
		}
		s.Flush()
	}
	s.Send(kit.Event{Input: kit.InputPresented, Game: snap.Game, Step: 0})
	s.Send(kit.Event{Input: kit.InputPresented, Game: snap.Game, Step: 1})
	s.Flush()
	if got := s.Snapshot(); got.Step != 2 || got.CanCashOut {
		t.Fatalf("two steps shown: snapshot step %d", got.Step)
	}
	s.Close()
	m.Close()

	m, err = machine.Open(dir, cfg, machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(12)}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	s = newMachineSession(m, m.Titles())
	defer s.Close()
	s.Flush()
	got := s.Snapshot()
	if got.Game != snap.Game || got.Step != 2 || got.Outcome == nil || got.Outcome.Win != snap.Outcome.Win || got.Title != snap.Title {
		t.Fatalf("after a restart: game %d step %d, want game %d step 2", got.Game, got.Step, snap.Game)
	}
	n := machine.Steps(got.Outcome)
	for i := 2; i < n; i++ {
		s.Send(kit.Event{Input: kit.InputPresented, Game: got.Game, Step: i})
	}
	s.Flush()
	if st := m.Status(); st.State != machine.Idle || s.Snapshot().Credit != st.CreditsCents || s.Snapshot().Step != n {
		t.Fatalf("resumed game shown: state %s, credit %d vs %d", st.State, s.Snapshot().Credit, st.CreditsCents)
	}
}

func TestMachineSessionLevels(t *testing.T) {
	m := openMachine(t)
	s := newMachineSession(m, m.Titles())
	defer s.Close()
	if snap := s.Snapshot(); snap.Grand != kit.GrandReset() || snap.Major != kit.MajorReset() {
		t.Fatalf("without a floor the meters show the resets: %d %d", snap.Grand, snap.Major)
	}
	ok := false
	s.SetLevels(func() (int64, int64, int64, bool) { return 612_345, 45_600, 987_654, ok })
	if snap := s.Snapshot(); snap.Grand != 0 || snap.Major != 0 || snap.Mystery != 0 {
		t.Fatalf("levels shown while none arrive: %+v", snap)
	}
	ok = true
	if snap := s.Snapshot(); snap.Grand != 612_345 || snap.Major != 45_600 || snap.Mystery != 987_654 {
		t.Fatalf("broadcast levels not shown: %d %d %d", snap.Grand, snap.Major, snap.Mystery)
	}
}
