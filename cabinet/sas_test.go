package cabinet

import (
	"context"
	"net"
	"testing"
	"time"

	"egm/floor"
	"egm/machine"
	"egm/machine/machinetest"
	"egm/machine/saslink"
	"egm/machine/settings"
	"egm/meters"
	"egm/rng"
	"egm/sas"
)

// With no screen at all, a main door opened and closed on the switches is
// reported over SAS (11/12), counted on the meter and logged.
func TestDoorWithNoScreenReachesSAS(t *testing.T) {
	m, err := machine.Open(t.TempDir(), settings.DefaultConfig(), machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(3)}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() }) // after the link and the cabinet stop (newNoScreenLink)
	l := newNoScreenLink(t, m)
	r := l.r
	r.sw.send(t, ev(1, EvSw, 0, 1))
	waitFor(t, "the main door open", func() bool { return m.Status().State == machine.DoorOpen })
	r.sw.send(t, ev(2, EvSw, 0, 0))
	waitFor(t, "the main door closed", func() bool { return m.Status().State == machine.Idle })

	seen := l.exceptions(t)
	if seen[sas.ExSlotDoorOpen] != 1 || seen[sas.ExSlotDoorClosed] != 1 {
		t.Fatalf("exceptions %v", seen)
	}
	if n := m.DoorOpens()[machine.DoorMain]; n != 1 {
		t.Fatalf("door_opens %d", n)
	}
	var evs []meters.Event
	m.View(func(s *meters.Snapshot) { evs, _ = s.Events() })
	var open, closed bool
	for _, e := range evs {
		open = open || e.Kind == meters.EvDoorOpen && e.Detail == "main door"
		closed = closed || e.Kind == meters.EvDoorClose && e.Detail == "main door"
	}
	if !open || !closed {
		t.Fatalf("not logged: %+v", evs)
	}
}

// noScreenLink is a cabinet running on m with no screen, its machine served
// over SAS to a floor poller.
type noScreenLink struct {
	r    *rig
	p    *floor.Poller
	done chan error // the cabinet's Run
}

// newNoScreenLink starts the SAS link and the cabinet (the logic door shut:
// active low); both stop at the test's end.
func newNoScreenLink(t *testing.T, m *machine.Machine) *noScreenLink {
	t.Helper()
	b, err := saslink.New(m, "EGM-TEST", func() ([]byte, error) { return []byte("program"), nil })
	if err != nil {
		t.Fatal(err)
	}
	x, y := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	linkDone := make(chan struct{})
	go func() { (&sas.Link{Addr: 1, Handler: &sas.Responder{M: b}}).Serve(ctx, x); close(linkDone) }()
	l := &noScreenLink{p: &floor.Poller{Addr: 1, Host: &sas.Host{Port: y}}, done: make(chan error, 1)}
	l.r = newCabinetRig(t, m, func(r *rig) { r.sw.set(EvSw, 1) })
	l.r.c.o.Screen = nil
	go func() { l.done <- l.r.c.Run(ctx) }()
	t.Cleanup(func() { cancel(); x.Close(); y.Close(); <-linkDone; <-l.done })
	return l
}

// exceptions drains the machine's exception queue over SAS: each code's count.
func (l *noScreenLink) exceptions(t *testing.T) map[byte]int {
	t.Helper()
	ex, err := l.p.Drain(64, func() time.Time { return time.Time{} })
	if err != nil {
		t.Fatal(err)
	}
	seen := map[byte]int{}
	for _, e := range ex {
		seen[e.Code]++
	}
	return seen
}

// With no screen at all, the attendant key turned on the cabinet's switch pays a
// handpay by hand (SAS 51, then 52 at the reset) and clears a fault whose cause
// is gone (an RNG failure), each logged; with nothing to clear it changes
// nothing.
func TestAttendantKeyWithNoScreen(t *testing.T) {
	fail := &machinetest.FailingDecider{G: rng.NewSeeded(3)}
	m, err := machine.Open(t.TempDir(), settings.DefaultConfig(), machine.Options{Decider: fail})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() }) // after the link and the cabinet stop (newNoScreenLink)
	l := newNoScreenLink(t, m)
	r := l.r
	sec := 0.0
	turn := func() { // the attendant key (switch 4) turned and back
		t.Helper()
		sec++
		r.sw.send(t, ev(sec, EvSw, 4, 1), ev(sec+0.5, EvSw, 4, 0))
	}
	marker := func() { // the main door opened and closed: every switch change before it was read
		t.Helper()
		sec++
		r.sw.send(t, ev(sec, EvSw, 0, 1))
		waitFor(t, "the main door open", func() bool { return m.Status().DoorOpen })
		r.sw.send(t, ev(sec+0.5, EvSw, 0, 0))
		waitFor(t, "the main door closed", func() bool { return !m.Status().DoorOpen })
	}
	handpays := func() int64 {
		var n int64
		m.View(func(s *meters.Snapshot) { n = s.Meters().Get(meters.Handpay) })
		return n
	}

	// a handpay: a floor bonus over the handpay limit
	over := m.Config().HandpayLimitCents + 1_00
	if err := m.Handle(machine.Input{Kind: machine.InBonus, Cents: over}); err != nil {
		t.Fatal(err)
	}
	if st := m.Status().State; st != machine.HandpayLockup {
		t.Fatalf("a bonus over the handpay limit: %s", st)
	}
	turn()
	waitFor(t, "the handpay paid", func() bool { return m.Status().State == machine.Idle })
	if n := handpays(); n != over {
		t.Fatalf("handpay meter %d, want %d", n, over)
	}
	if seen := l.exceptions(t); seen[sas.ExHandpayPending] < 1 || seen[sas.ExHandpayReset] != 1 {
		t.Fatalf("exceptions %v, want 51 and one 52", seen)
	}

	// a fault: the RNG fails its health test on a spin; once it passes, the key clears it
	if err := m.Handle(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 10_00}); err != nil {
		t.Fatal(err)
	}
	fail.Fail.Store(true)
	_ = m.Handle(machine.Input{Kind: machine.InSpin}) // refused: the game is voided
	if st := m.Status(); st.State != machine.Tilt || st.Reason != machine.TiltRNG {
		t.Fatalf("after the RNG failed: %s %q", st.State, st.Reason)
	}
	turn() // the RNG still fails: the tilt stays
	marker()
	if st := m.Status(); st.State != machine.Tilt {
		t.Fatalf("the key turned while the RNG fails: %s", st.State)
	}
	fail.Fail.Store(false)
	turn()
	waitFor(t, "the tilt cleared", func() bool { return m.Status().State == machine.Idle })
	var cleared int
	m.View(func(s *meters.Snapshot) {
		evs, _ := s.Events()
		for _, e := range evs {
			if e.Kind == meters.EvTiltClear {
				cleared++
			}
		}
	})
	if cleared != 1 {
		t.Fatalf("%d tilt_clear events, want 1", cleared)
	}

	// nothing to clear: nothing changes
	seq := m.Seq()
	turn()
	turn()
	marker()
	if n := handpays(); n != over {
		t.Fatalf("handpay meter %d after idle turns, want %d", n, over)
	}
	if got := m.Seq(); got != seq+2 {
		t.Fatalf("idle turns committed: seq %d → %d, want only the door's two commits", seq, got)
	}
}
