package ui

import (
	"testing"

	"egm/machine"
	"egm/rng"
)

func openMachine(t *testing.T) *machine.Machine {
	t.Helper()
	m, err := machine.Open(t.TempDir(), machine.DefaultConfig(), machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(7)}})
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
	s := NewMachineSession(m, m.Titles())
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
		if err := s.Send(Event{Input: InputSpin, Game: before.Game}); err != nil {
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
		if tl := NewTimeline(snap.Outcome); tl.Units != steps {
			t.Fatalf("game %d: timeline has %d steps, the machine %d", g, tl.Units, steps)
		}
		for i := 0; i < steps; i++ {
			if err := s.Send(Event{Input: InputPresented, Game: snap.Game, Step: i}); err != nil {
				t.Fatal(err)
			}
		}
		s.Flush()
		if s.Snapshot().CanTakeWin {
			if err := s.Send(Event{Input: InputTakeWin, Game: snap.Game}); err != nil {
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
	s := NewMachineSession(m, m.Titles())
	defer s.Close()
	s.Flush()
	st := m.Status()
	ds := m.Denominations(st.Title)
	if len(ds) < 2 {
		t.Fatalf("title %s offers %v: the test needs two denominations", st.Title, ds)
	}
	s.Send(Event{Input: InputDenom})
	s.Flush()
	if got := m.Status().DenomCents; got != ds[1] {
		t.Fatalf("DENOM: %d cents, want %d", got, ds[1])
	}
	s.Send(Event{Input: InputBetUp})
	s.Send(Event{Input: InputBetUp})
	s.Flush()
	up := m.Status().BetPerLine
	s.Send(Event{Input: InputBetDown})
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
	s.Send(Event{Input: InputSpin}) // no credits: refused
	s.Flush()
	if snap := s.Snapshot(); snap.Message == "" || snap.Game != 0 {
		t.Fatalf("SPIN without credits: message %q, game %d", snap.Message, snap.Game)
	}
}
