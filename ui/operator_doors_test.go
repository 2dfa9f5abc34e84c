//go:build cgo && !noscreen

package ui

import (
	"path/filepath"
	"slices"
	"testing"

	"egm/machine"
	"egm/ui/internal/kit"
	"egm/ui/internal/opmenu"
)

// The meters page shows the three doors' openings together, under the main
// door's meter: the main door's (door_opens), then the logic and belly doors'
// counters, each in the operator's words, every row within the page.
func TestOperatorMetersDoorCounts(t *testing.T) {
	dir := t.TempDir()
	m := openScriptMachine(t, filepath.Join(dir, "state"))
	defer m.Close()
	for door, n := range map[string]int{machine.DoorMain: 1, machine.DoorLogic: 2, machine.DoorBelly: 3} {
		for range n {
			for _, k := range []machine.InputKind{machine.InDoorOpen, machine.InDoorClose} {
				if err := m.Handle(machine.Input{Kind: k, Door: door}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	s := NewMachineSession(m, m.Titles())
	defer s.Close()
	o := opmenu.NewOperator(s, m.Titles(), testPIN(dir), nil, stillScene{})
	p := &opmenu.MetersPage{}
	p.Open(o)
	if !p.Ok {
		t.Fatal("the meters page read no critical memory")
	}
	want := [][2]string{
		{kit.OpTr("operator.meter.door_opens"), opmenu.MeterValue("door_opens", 1)},
		{kit.OpTr("operator.meter.logic_door_opens"), opmenu.MeterValue(machine.CounterLogicDoorOpens, 2)},
		{kit.OpTr("operator.meter.belly_door_opens"), opmenu.MeterValue(machine.CounterBellyDoorOpens, 3)},
	}
	at := slices.Index(p.Left, want[0])
	if at < 0 || len(p.Left) < at+3 || !slices.Equal(p.Left[at:at+3], want) {
		t.Fatalf("left column %q, want %q together", p.Left, want)
	}
	if last := opmenu.OpY + 70 + float64(len(p.Left)-1)*40; last > opmenu.OpY+opmenu.OpH-40 {
		t.Errorf("the left column's %d rows run off the page", len(p.Left))
	}
	for _, r := range p.Right {
		if r[0] == want[1][0] || r[0] == want[2][0] {
			t.Errorf("a door count in the right column too: %q", r)
		}
	}
}
