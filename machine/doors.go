package machine

import (
	"fmt"
	"sort"

	"egm/machine/refusal"
	"egm/meters"
)

// The cabinet's doors (Input.Door, Status.Doors).
const (
	DoorMain  = "main"  // the main (slot) door: SAS 11/12, meter door_opens
	DoorLogic = "logic" // the logic (card cage) door: SAS 15/16, counter logic_door_opens
	DoorBelly = "belly" // the belly door: SAS 1D/1E, counter belly_door_opens
)

// The openings of the logic and belly doors, named counters of critical memory
// (meters.Tx.AddCounter) beside the main door's meter door_opens: `egm meters`
// and the operator menu's meters page show all three. SAS has a meter for the
// main (slot) door only (long poll 1C); the other two doors reach the floor as
// their exceptions.
const (
	CounterLogicDoorOpens = "logic_door_opens"
	CounterBellyDoorOpens = "belly_door_opens"
)

// The events of the logic and belly doors (the main door's are meters.EvDoorOpen
// and meters.EvDoorClose). Each names its door in its kind, so the floor link
// raises the door's own exception.
const (
	EvLogicDoorOpen  meters.EventKind = "logic_door_open"
	EvLogicDoorClose meters.EventKind = "logic_door_close"
	EvBellyDoorOpen  meters.EventKind = "belly_door_open"
	EvBellyDoorClose meters.EventKind = "belly_door_close"
)

// doorSpec is what the machine keeps and logs for one door.
type doorSpec struct {
	open, close meters.EventKind
	name        string // in the log
	isOpen      func(*durable) *bool
	count       func(tx *meters.Tx, d *durable)
}

var doorSpecs = map[string]doorSpec{
	DoorMain: {meters.EvDoorOpen, meters.EvDoorClose, "main door",
		func(d *durable) *bool { return &d.DoorOpen },
		func(tx *meters.Tx, _ *durable) { tx.Add(meters.DoorOpens, 1) }},
	DoorLogic: {EvLogicDoorOpen, EvLogicDoorClose, "logic door",
		func(d *durable) *bool { return &d.LogicDoorOpen },
		func(tx *meters.Tx, _ *durable) { tx.AddCounter(CounterLogicDoorOpens, 1) }},
	DoorBelly: {EvBellyDoorOpen, EvBellyDoorClose, "belly door",
		func(d *durable) *bool { return &d.BellyDoorOpen },
		func(tx *meters.Tx, _ *durable) { tx.AddCounter(CounterBellyDoorOpens, 1) }},
}

// carryDoorCounts moves door openings counted in the machine's own state (where
// a state written before the counters kept them) to the counters, in the
// commit tx that also writes d.
func carryDoorCounts(tx *meters.Tx, d *durable) error {
	for _, c := range []struct {
		name string
		n    *int64
	}{{CounterLogicDoorOpens, &d.LogicDoorOpens}, {CounterBellyDoorOpens, &d.BellyDoorOpens}} {
		if *c.n == 0 {
			continue
		}
		if err := tx.AddCounter(c.name, *c.n); err != nil {
			return err
		}
		*c.n = 0
	}
	return nil
}

// doorNames in the order the status lists them.
var doorNames = []string{DoorMain, DoorLogic, DoorBelly}

// openDoors lists the doors open now.
func (d *durable) openDoors() []string {
	var out []string
	for _, n := range doorNames {
		if *doorSpecs[n].isOpen(d) {
			out = append(out, n)
		}
	}
	return out
}

// anyDoorOpen says whether a door is open (the machine is locked up).
func (d *durable) anyDoorOpen() bool { return d.DoorOpen || d.LogicDoorOpen || d.BellyDoorOpen }

// doorInput records a door switch: an open door blocks play until every door
// is closed. The main door is the one unnamed; an unnamed close closes every
// open door (the development key). detail, if any, is added to the log.
func (m *Machine) doorInput(door string, open bool, detail string) error {
	if door == "" && !open {
		for _, n := range m.d.openDoors() {
			if err := m.door(n, false, detail); err != nil {
				return err
			}
		}
		return nil
	}
	if door == "" {
		door = DoorMain
	}
	return m.door(door, open, detail)
}

// door records one door opening or closing, with its meter and its event, in
// one commit.
func (m *Machine) door(door string, open bool, detail string) error {
	spec, ok := doorSpecs[door]
	if !ok {
		names := append([]string(nil), doorNames...)
		sort.Strings(names)
		return refusal.Other("door %q: the doors are %v", door, names)
	}
	d := m.d
	if *spec.isOpen(&d) == open {
		return nil
	}
	*spec.isOpen(&d) = open
	text := spec.name
	if detail != "" {
		text = fmt.Sprintf("%s, %s", spec.name, detail)
	}
	return m.updateDurable(&d, func(tx *meters.Tx) error {
		if open {
			spec.count(tx, &d)
			m.event(tx, spec.open, text)
		} else {
			m.event(tx, spec.close, text)
		}
		return nil
	})
}

// DoorOpens are the door openings counted: the main door's meter (door_opens)
// and the logic and belly doors' counters (logic_door_opens, belly_door_opens).
func (m *Machine) DoorOpens() map[string]int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := map[string]int64{DoorMain: 0, DoorLogic: 0, DoorBelly: 0}
	if m.st != nil {
		m.st.View(func(v *meters.Snapshot) { out = DoorOpensIn(v) })
	}
	return out
}

// DoorOpensIn are the door openings counted in a snapshot of critical memory
// (an offline reader's: the lab reads a board's data disk with it).
func DoorOpensIn(v *meters.Snapshot) map[string]int64 {
	return map[string]int64{
		DoorMain:  v.Meters().Get(meters.DoorOpens),
		DoorLogic: v.Counter(CounterLogicDoorOpens),
		DoorBelly: v.Counter(CounterBellyDoorOpens),
	}
}
