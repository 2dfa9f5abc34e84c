package board

import (
	"context"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"egm/floor"
	"egm/games/slot"
	"egm/machine"
	"egm/machine/machinetest"
	"egm/machine/saslink"
	"egm/machine/settings"
	"egm/sas"
)

// TestBoardFloorPaysLinkedHits: a board waiting for the controller's amount of a
// Major (which would stop the campaign's last boot from playing on) is paid by
// the campaign's floor over SAS on TCP, and its serve loop reads the win paid.
func TestBoardFloorPaysLinkedHits(t *testing.T) {
	dec := &machinetest.HitDecider{Want: machinetest.OnlyMajor}
	m, err := machine.Open(t.TempDir(), settings.DefaultConfig(), machine.Options{Decider: dec})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	br, err := saslink.New(m, "EGM-LAB", func() ([]byte, error) { return []byte("program"), nil })
	if err != nil {
		t.Fatal(err)
	}
	m.SetJackpotsLinked(true)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan struct{})
	go func() { (&sas.Link{Addr: 1, Handler: &sas.Responder{M: br}}).ServeListener(ctx, ln); close(served) }()
	defer func() { cancel(); ln.Close(); <-served }()

	f, err := openBoardFloor(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b := &board{port: strconv.Itoa(ln.Addr().(*net.TCPAddr).Port), exited: make(chan error, 1)}
	defer func() {
		if b.conn != nil {
			b.conn.Close()
		}
	}()
	// Linked first (the controller's baseline), then the Major.
	if run := b.serve(f, floor.Meters{}, time.Now(), func(floor.Meters) bool { return true }, time.Now().Add(time.Minute)); !run.done || run.reads == 0 {
		t.Fatalf("no read of the machine in a minute: %+v", run)
	}
	must := func(in machine.Input) {
		t.Helper()
		if err := m.Handle(in); err != nil {
			t.Fatalf("%+v: %v", in, err)
		}
	}
	must(machine.Input{Kind: machine.InTick})
	s := m.Status()
	dec.Aim(m.Titles(), s.Title, slot.Bet{LineCents: s.BetPerLine * s.DenomCents, Lines: s.Lines})
	must(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 10_000})
	must(machine.Input{Kind: machine.InSpin})
	for s = m.Status(); s.State == machine.GameInProgress || s.State == machine.GambleOffered; s = m.Status() {
		if s.State == machine.GambleOffered {
			must(machine.Input{Kind: machine.InTakeWin})
		} else {
			must(machine.Input{Kind: machine.InStepShown, Step: s.Step})
		}
	}
	if s.State != machine.JackpotPending {
		t.Fatalf("after a Major: %s %s", s.State, s.Reason)
	}
	run := b.serve(f, floor.Meters{}, time.Now(), func(m floor.Meters) bool { return m.CoinOut > 0 }, time.Now().Add(time.Minute))
	if !run.done || run.stopped != nil || len(run.wentBack) != 0 {
		t.Fatalf("the floor did not see the Major paid: %+v", run)
	}
	if f.paidHits() != 1 {
		t.Fatalf("hits paid: %d, want 1", f.paidHits())
	}
	if s := m.Status(); s.State == machine.JackpotPending {
		t.Fatalf("still waiting for the controller: %s", s.Reason)
	}
}

func TestNotExercisedSaysWhat(t *testing.T) {
	r := PowerfailReport{Boots: 2, BootToReadyMs: []int64{3000, 3100}}
	r.InGame, r.Resumed = 3, 2
	if miss := r.notExercised(); len(miss) != 1 || !strings.Contains(miss[0], "last boot did not play on") {
		t.Fatalf("%v", miss)
	}
	r.FinalRunExitOK = true
	if !r.Exercised() {
		t.Fatalf("%v", r.notExercised())
	}
	r.Unverified, r.BootToReadyMs = 1, r.BootToReadyMs[:1]
	if miss := r.notExercised(); len(miss) != 2 {
		t.Fatalf("%v", miss)
	}
}
