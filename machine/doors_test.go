package machine

import (
	"errors"
	"strings"
	"testing"

	"egm/meters"
)

func TestDoors(t *testing.T) {
	r := newRig(t, DefaultConfig(), 1)
	r.must(Input{Kind: InDeposit, Wallet: "w", Cents: 1000})
	r.must(Input{Kind: InDoorOpen, Door: DoorLogic})
	r.must(Input{Kind: InDoorOpen, Door: DoorBelly, Detail: "open at power-up"})
	r.must(Input{Kind: InDoorOpen, Door: DoorBelly}) // already open: nothing new
	if st := r.m.Status(); st.State != DoorOpen || !st.DoorOpen || strings.Join(st.Doors, ",") != "logic,belly" {
		t.Fatalf("two doors open: %v %v", st.State, st.Doors)
	}
	if err := r.do(Input{Kind: InSpin}); !errors.Is(err, ErrRefused) {
		t.Fatalf("a spin with a door open: %v", err)
	}
	r.must(Input{Kind: InDoorClose, Door: DoorLogic})
	if st := r.m.Status(); st.State != DoorOpen || strings.Join(st.Doors, ",") != "belly" {
		t.Fatalf("belly still open: %v %v", st.State, st.Doors)
	}
	// The state survives a restart: the door is still open at power-up.
	r.restart()
	if st := r.m.Status(); st.State != DoorOpen || strings.Join(st.Doors, ",") != "belly" {
		t.Fatalf("after a restart: %v %v", st.State, st.Doors)
	}
	r.must(Input{Kind: InDoorOpen})  // unnamed: the main door
	r.must(Input{Kind: InDoorClose}) // unnamed: every open door
	if st := r.m.Status(); st.State != Idle || len(st.Doors) != 0 {
		t.Fatalf("all closed: %v %v", st.State, st.Doors)
	}
	got := r.m.DoorOpens()
	if got[DoorMain] != 1 || got[DoorLogic] != 1 || got[DoorBelly] != 1 || r.meters().Get(meters.DoorOpens) != 1 {
		t.Fatalf("door counts %v, meter %d", got, r.meters().Get(meters.DoorOpens))
	}
	var logged []string
	for _, e := range r.events() {
		if strings.Contains(string(e.Kind), "door") {
			logged = append(logged, string(e.Kind)+": "+e.Detail)
		}
	}
	want := []string{"logic_door_open: logic door", "belly_door_open: belly door, open at power-up", "logic_door_close: logic door",
		"door_open: main door", "door_close: main door", "belly_door_close: belly door"}
	if strings.Join(logged, "|") != strings.Join(want, "|") {
		t.Fatalf("log\n%s\nwant\n%s", strings.Join(logged, "\n"), strings.Join(want, "\n"))
	}
	if err := r.do(Input{Kind: InDoorOpen, Door: "cashbox"}); !errors.Is(err, ErrRefused) {
		t.Fatalf("an unknown door: %v", err)
	}
}
