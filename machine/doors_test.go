package machine

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"testing"

	"egm/machine/settings"
	"egm/meters"
)

func TestDoors(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 1)
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
	if c := r.counters(); c[CounterLogicDoorOpens] != 1 || c[CounterBellyDoorOpens] != 1 {
		t.Fatalf("door counters %v", c)
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

// The three door counts are in critical memory where every reader of the meters
// finds them: door_opens and the counters logic_door_opens and belly_door_opens,
// in `egm meters` (MetersListing, text and JSON). A state that kept the logic
// and belly counts in the machine's own value (before the counters) has them
// moved to the counters at its next power-up, nothing lost or counted twice.
func TestDoorCountsInTheMeters(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 1)
	for _, door := range []string{DoorMain, DoorLogic, DoorLogic, DoorBelly, DoorBelly, DoorBelly} {
		r.must(Input{Kind: InDoorOpen, Door: door})
		r.must(Input{Kind: InDoorClose, Door: door})
	}
	var l meters.MetersListing
	r.m.View(func(v *meters.Snapshot) { l = v.MetersListing() })
	var text bytes.Buffer
	l.Print(&text, meters.Units{Cents: true})
	for _, want := range []string{"door_opens  1", "logic_door_opens  2", "belly_door_opens  3"} {
		if !regexp.MustCompile(`(?m)^\s*` + strings.ReplaceAll(want, "  ", `\s+`) + `\s*$`).Match(text.Bytes()) {
			t.Errorf("egm meters prints no %q:\n%s", want, &text)
		}
	}
	js, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"door_opens":1`, `"logic_door_opens":2`, `"belly_door_opens":3`} {
		if !strings.Contains(string(js), want) {
			t.Errorf("egm meters --json has no %s: %s", want, js)
		}
	}

	// an older state: the counts in the machine's own value
	d := r.m.d
	d.LogicDoorOpens, d.BellyDoorOpens = 5, 7
	if err := r.m.updateDurable(&d, func(*meters.Tx) error { return nil }); err != nil {
		t.Fatal(err)
	}
	r.restart()
	if got := r.m.DoorOpens(); got[DoorMain] != 1 || got[DoorLogic] != 2+5 || got[DoorBelly] != 3+7 {
		t.Fatalf("after the power-up: %v", got)
	}
	var raw json.RawMessage
	r.m.View(func(v *meters.Snapshot) { raw, _ = v.Value(durableKey) })
	if strings.Contains(string(raw), "door_opens") {
		t.Fatalf("the machine's value still counts doors: %s", raw)
	}
	r.restart() // moved once only
	if got := r.m.DoorOpens(); got[DoorLogic] != 7 || got[DoorBelly] != 10 {
		t.Fatalf("after a second power-up: %v", got)
	}
}
