package cabinet

import (
	"context"
	"net"
	"testing"
	"time"

	"egm/floor"
	"egm/machine"
	"egm/machine/saslink"
	"egm/meters"
	"egm/rng"
	"egm/sas"
)

// With no screen at all, a main door opened and closed on the switches is
// reported over SAS (11/12), counted on the meter and logged.
func TestDoorWithNoScreenReachesSAS(t *testing.T) {
	m, err := machine.Open(t.TempDir(), machine.DefaultConfig(), machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(3)}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	b, err := saslink.New(m, "EGM-TEST", func() ([]byte, error) { return []byte("program"), nil })
	if err != nil {
		t.Fatal(err)
	}
	x, y := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	linkDone := make(chan struct{})
	go func() { (&sas.Link{Addr: 1, Handler: &sas.Responder{M: b}}).Serve(ctx, x); close(linkDone) }()
	defer func() { cancel(); x.Close(); y.Close(); <-linkDone }()
	p := &floor.Poller{Addr: 1, Host: &sas.Host{Port: y}}

	r := newCabinetRig(t, m, func(r *rig) { r.sw.set(EvSw, 1) }) // the logic door shut (active low)
	r.c.o.Screen = nil
	done := make(chan error, 1)
	go func() { done <- r.c.Run(ctx) }()
	r.sw.send(t, ev(1, EvSw, 0, 1))
	waitFor(t, "the main door open", func() bool { return m.Status().State == machine.DoorOpen })
	r.sw.send(t, ev(2, EvSw, 0, 0))
	waitFor(t, "the main door closed", func() bool { return m.Status().State == machine.Idle })

	ex, err := p.Drain(64, func() time.Time { return time.Time{} })
	if err != nil {
		t.Fatal(err)
	}
	seen := map[byte]int{}
	for _, e := range ex {
		seen[e.Code]++
	}
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
