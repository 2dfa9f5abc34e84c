package saslink

import (
	"testing"

	"egm/machine"
	"egm/meters"
	"egm/sas"
)

// Each door raises its own exception pair over SAS, is counted and logged, and
// the machine is locked up while any is open.
func TestEachDoorOverSAS(t *testing.T) {
	dir := t.TempDir()
	m := openMachine(t, dir)
	defer m.Close()
	b, err := New(m, "EGM-TEST", func() ([]byte, error) { return []byte("program"), nil })
	if err != nil {
		t.Fatal(err)
	}
	p := serve(t, b)
	cases := []struct {
		door        string
		open, close byte
	}{
		{machine.DoorMain, sas.ExSlotDoorOpen, sas.ExSlotDoorClosed},
		{machine.DoorLogic, sas.ExCardCageOpen, sas.ExCardCageClosed},
		{machine.DoorBelly, sas.ExBellyDoorOpen, sas.ExBellyDoorClosed},
	}
	if _, err := p.Drain(64, zeroTime); err != nil { // power applied
		t.Fatal(err)
	}
	for _, c := range cases {
		if err := m.Handle(machine.Input{Kind: machine.InDoorOpen, Door: c.door}); err != nil {
			t.Fatal(err)
		}
		if st := m.Status(); st.State != machine.DoorOpen || len(st.Doors) != 1 || st.Doors[0] != c.door {
			t.Fatalf("%s door open: status %v %v", c.door, st.State, st.Doors)
		}
		if err := m.Handle(machine.Input{Kind: machine.InDoorClose, Door: c.door}); err != nil {
			t.Fatal(err)
		}
		ex, err := p.Drain(64, zeroTime)
		if err != nil {
			t.Fatal(err)
		}
		var codes []byte
		for _, e := range ex {
			codes = append(codes, e.Code)
		}
		if string(codes) != string([]byte{c.open, c.close}) {
			t.Fatalf("%s door: exceptions % X, want %02X %02X", c.door, codes, c.open, c.close)
		}
		if n := m.DoorOpens()[c.door]; n != 1 {
			t.Fatalf("%s door counted %d openings", c.door, n)
		}
	}
	if got, _ := b.Meter(0, sas.MeterDoorOpens); got != 1 {
		t.Fatalf("SAS door-open meter %d, want the main door's 1", got)
	}
	var kinds []meters.EventKind
	var ev []meters.Event
	if err := m.View(func(s *meters.Snapshot) { ev, _ = s.Events() }); err != nil {
		t.Fatal(err)
	}
	for _, e := range ev {
		kinds = append(kinds, e.Kind)
	}
	want := map[meters.EventKind]bool{meters.EvDoorOpen: true, meters.EvDoorClose: true, machine.EvLogicDoorOpen: true,
		machine.EvLogicDoorClose: true, machine.EvBellyDoorOpen: true, machine.EvBellyDoorClose: true}
	for _, k := range kinds {
		delete(want, k)
	}
	if len(want) > 0 {
		t.Fatalf("not logged: %v (log %v)", want, kinds)
	}
}
