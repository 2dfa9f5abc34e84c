package cabinet

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"egm/machine"
)

const testWiring = `{"board":"test","devices":{"sw":"/dev/fake-switches","deck":"/dev/fake-deck"},
"inputs":[
 {"name":"main_door","device":"sw","type":"switch","code":0,"debounce_ms":0},
 {"name":"logic_door","device":"sw","type":"switch","code":1,"active":"low","debounce_ms":0},
 {"name":"belly_door","device":"sw","type":"switch","code":2,"debounce_ms":0,"latch":3},
 {"name":"attendant_key","device":"sw","type":"switch","code":4,"debounce_ms":0},
 {"name":"operator_key","device":"sw","type":"switch","code":5,"debounce_ms":0},
 {"name":"spin","device":"deck","type":"key","code":704,"debounce_ms":20},
 {"name":"bet_down","device":"deck","type":"key","code":705,"debounce_ms":0},
 {"name":"help","device":"deck","type":"key","code":706,"debounce_ms":0},
 {"name":"service","device":"deck","type":"key","code":707,"debounce_ms":0}],
"lamps":[{"name":"spin","led":"lamp-spin"},{"name":"service","led":"lamp-service"},
 {"name":"tower_top","led":"tower-top"},{"name":"tower_bottom","led":"tower-bottom"}]}`

type rig struct {
	w        *Wiring
	sw, deck *fakeDevice
	c        *Cabinet
	leds     string
	screen   chan string
}

func newCabinetRig(t *testing.T, m Machine, setup func(r *rig)) *rig {
	t.Helper()
	w, err := ParseWiring([]byte(testWiring))
	if err != nil {
		t.Fatal(err)
	}
	r := &rig{w: w, sw: newFakeDevice(t), deck: newFakeDevice(t), screen: make(chan string, 16)}
	r.leds = ledDir(t, w)
	if setup != nil {
		setup(r)
	}
	r.c, err = Open(w, m, Options{LEDDir: r.leds, Log: log.New(io.Discard, "", 0), Screen: func(k string) { r.screen <- k }, Blink: time.Hour,
		Open: func(spec string) (Device, error) {
			switch spec {
			case "/dev/fake-switches":
				return r.sw, nil
			case "/dev/fake-deck":
				return r.deck, nil
			}
			return nil, fmt.Errorf("no %s", spec)
		}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func (r *rig) led(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(r.leds, name, "brightness"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(b))
}

func ev(sec float64, typ, code uint16, v int32) Event {
	return Event{Time: time.Unix(1000, 0).Add(time.Duration(sec * float64(time.Second))), Type: typ, Code: code, Value: v}
}

func TestPowerUpRecordsTheDoors(t *testing.T) {
	cases := []struct {
		name   string
		doors  []string // open in the machine's memory
		levels []uint16 // switch codes set at power-up
		want   []string
	}{
		{"all shut", nil, []uint16{1}, nil}, // the logic door's switch is active low: set means shut
		{"main open at power-up", nil, []uint16{0, 1}, []string{"door_open main open at power-up"}},
		{"logic open (active low)", nil, nil, []string{"door_open logic open at power-up"}},
		{"closed while off", []string{machine.DoorMain}, []uint16{1}, []string{"door_close main closed while the power was off"}},
		{"still open", []string{machine.DoorMain}, []uint16{0, 1}, nil},
		{"belly latched", nil, []uint16{1, 3}, []string{"door_open belly opened while the power was off", "door_close belly closed while the power was off"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := &fakeMachine{st: machine.Status{Doors: c.doors}}
			r := newCabinetRig(t, m, func(r *rig) {
				for _, code := range c.levels {
					r.sw.set(EvSw, code)
				}
			})
			r.c.PowerUp()
			var got []string
			for _, in := range m.inputs() {
				got = append(got, fmt.Sprintf("%s %s %s", in.Kind, in.Door, in.Detail))
			}
			if strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Fatalf("inputs %q, want %q", got, c.want)
			}
		})
	}
}

func TestSwitchesAndButtons(t *testing.T) {
	m := &fakeMachine{st: machine.Status{State: machine.Idle, BetPerLine: 3, CreditsCents: 500, BetCents: 100}}
	r := newCabinetRig(t, m, func(r *rig) { r.sw.set(EvSw, 1) })
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- r.c.Run(ctx) }()
	defer func() { cancel(); <-done }()

	r.sw.send(t, ev(1, EvSw, 0, 1), ev(2, EvSw, 1, 0), ev(3, EvSw, 1, 1), ev(4, EvSw, 0, 0))
	r.sw.send(t, ev(5, EvSw, 4, 1), ev(6, EvSw, 4, 0), ev(7, EvSw, 5, 1))
	waitFor(t, "the switches handed to the machine", func() bool { return len(m.inputs()) >= 5 })
	r.deck.send(t, ev(8, EvKey, 705, 1), ev(8.1, EvKey, 705, 2), ev(8.2, EvKey, 705, 0), ev(9, EvKey, 706, 1))
	want := []string{"door_open main", "door_open logic", "door_close logic", "door_close main", "attendant_key ", "bet_down "}
	waitFor(t, "every input handed to the machine", func() bool { return len(m.inputs()) >= len(want) })
	var got []string
	for _, in := range m.inputs() {
		got = append(got, fmt.Sprintf("%s %s", in.Kind, in.Door))
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("inputs %q\nwant %q", got, want)
	}
	for _, k := range []string{"operator_key", "bet_down", "help"} {
		if s := <-r.screen; s != k {
			t.Fatalf("screen told %q, want %q", s, k)
		}
	}
}

func TestDebounce(t *testing.T) {
	m := &fakeMachine{st: machine.Status{State: machine.Idle}}
	r := newCabinetRig(t, m, func(r *rig) { r.sw.set(EvSw, 1) })
	c := r.c
	// A press that bounces within 20 ms is one press, counted once it has held
	// 20 ms (at the next event, here a report).
	for _, e := range []Event{ev(1, EvKey, 704, 1), ev(1.005, EvKey, 704, 0), ev(1.008, EvKey, 704, 1), ev(1.020, EvSyn, 0, 0)} {
		c.event("deck", e)
	}
	if n := len(m.inputs()); n != 0 {
		t.Fatalf("counted before holding 20 ms: %v", m.inputs())
	}
	c.event("deck", ev(1.028, EvSyn, 0, 0))
	if in := m.inputs(); len(in) != 1 || in[0].Kind != machine.InSpin {
		t.Fatalf("after holding: %v", in)
	}
	// A release shorter than the window is no release.
	c.event("deck", ev(2, EvKey, 704, 0))
	c.event("deck", ev(2.010, EvKey, 704, 1))
	c.event("deck", ev(3, EvSyn, 0, 0))
	if in := m.inputs(); len(in) != 1 {
		t.Fatalf("a 10 ms release counted: %v", in)
	}
	// Run's timer counts a change when no later event comes.
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx) }()
	defer func() { cancel(); <-done }()
	r.deck.send(t, ev(4, EvKey, 704, 0), ev(5, EvKey, 704, 1))
	waitFor(t, "the second press counted by the timer", func() bool { return len(m.inputs()) == 2 })
}

func TestLampsFollowTheMachine(t *testing.T) {
	m := &fakeMachine{st: machine.Status{State: machine.Idle, CreditsCents: 500, BetCents: 100}}
	r := newCabinetRig(t, m, func(r *rig) { r.sw.set(EvSw, 1) })
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- r.c.Run(ctx) }()
	defer func() { cancel(); <-done }()
	waitFor(t, "SPIN lit with credit", func() bool { return r.led(t, "lamp-spin") == "255" })
	r.c.Update(machine.Status{State: machine.DoorOpen, DoorOpen: true, CreditsCents: 500, BetCents: 100})
	waitFor(t, "SPIN dark with a door open", func() bool { return r.led(t, "lamp-spin") == "0" })
	if _, tw := r.c.Lamps(); tw != TowerDoor {
		t.Fatalf("tower %v with a door open", tw)
	}
	r.c.Update(machine.Status{State: machine.HandpayLockup})
	waitFor(t, "the tower's top steady in a handpay", func() bool { return r.led(t, "tower-top") == "255" })
	// The service button calls the attendant; the attendant key ends the call.
	m.mu.Lock()
	m.st = machine.Status{State: machine.Idle}
	m.mu.Unlock()
	r.deck.send(t, ev(1, EvKey, 707, 1))
	waitFor(t, "the service lamp lit", func() bool { return r.led(t, "lamp-service") == "255" })
	if _, tw := r.c.Lamps(); tw != TowerService {
		t.Fatalf("tower %v after a service call", tw)
	}
	r.sw.send(t, ev(2, EvSw, 4, 1))
	waitFor(t, "the service lamp out after the attendant key", func() bool { return r.led(t, "lamp-service") == "0" })
}

func TestButtonLit(t *testing.T) {
	idle := machine.Status{State: machine.Idle, CreditsCents: 500, BetCents: 100}
	cases := []struct {
		button string
		st     machine.Status
		max    int64
		want   bool
	}{
		{"spin", idle, 0, true},
		{"spin", machine.Status{State: machine.Idle, CreditsCents: 50, BetCents: 100}, 0, false},
		{"spin", machine.Status{State: machine.GameInProgress, CreditsCents: 500, BetCents: 100}, 0, false},
		{"max_bet", idle, 500, true},
		{"max_bet", idle, 1000, false},
		{"cash_out", idle, 0, true},
		{"cash_out", machine.Status{State: machine.Idle}, 0, false},
		{"cash_out", machine.Status{State: machine.CashoutPending, CreditsCents: 500, Cashout: &machine.Cashout{}}, 0, false},
		{"take_win", idle, 0, false},
		{"take_win", machine.Status{State: machine.GambleOffered, WinCents: 200}, 0, true},
		{"gamble_red", machine.Status{State: machine.GambleOffered, WinCents: 200}, 0, true},
		{"bet_up", machine.Status{State: machine.DoorOpen}, 0, false},
		{"help", machine.Status{State: machine.Tilt}, 0, false},
	}
	for _, c := range cases {
		if got := ButtonLit(c.button, c.st, false, c.max); got != c.want {
			t.Errorf("%s in %v (credits %d, max bet %d): lit %v, want %v", c.button, c.st.State, c.st.CreditsCents, c.max, got, c.want)
		}
	}
}

func TestTower(t *testing.T) {
	cases := []struct {
		st      machine.Status
		service bool
		want    Tower
		lamps   [2][2]bool // phase false, phase true: top, bottom
	}{
		{machine.Status{State: machine.Idle}, false, TowerIdle, [2][2]bool{{false, false}, {false, false}}},
		{machine.Status{State: machine.Idle}, true, TowerService, [2][2]bool{{true, false}, {true, false}}},
		{machine.Status{State: machine.HandpayLockup}, true, TowerHandpay, [2][2]bool{{true, false}, {true, true}}},
		{machine.Status{State: machine.JackpotPending}, false, TowerHandpay, [2][2]bool{{true, false}, {true, true}}},
		{machine.Status{State: machine.DoorOpen, DoorOpen: true}, true, TowerDoor, [2][2]bool{{false, false}, {true, false}}},
		{machine.Status{State: machine.Tilt, DoorOpen: true}, false, TowerTilt, [2][2]bool{{false, true}, {true, false}}},
		{machine.Status{State: machine.RAMError}, false, TowerTilt, [2][2]bool{{false, true}, {true, false}}},
	}
	for _, c := range cases {
		got := TowerFor(c.st, c.service)
		if got != c.want {
			t.Errorf("%v service %v: tower %v, want %v", c.st.State, c.service, got, c.want)
		}
		for p, phase := range []bool{false, true} {
			top, bottom := got.Lamps(phase)
			if [2]bool{top, bottom} != c.lamps[p] {
				t.Errorf("%v phase %v: top %v bottom %v, want %v", got, phase, top, bottom, c.lamps[p])
			}
		}
	}
}

func TestOpenNamesWhatIsMissing(t *testing.T) {
	w, _ := ParseWiring([]byte(testWiring))
	_, err := Open(w, &fakeMachine{}, Options{LEDDir: t.TempDir(), Open: func(spec string) (Device, error) {
		return nil, fmt.Errorf("no %s", spec)
	}})
	if err == nil || !strings.Contains(err.Error(), `device "deck"`) {
		t.Fatalf("missing device: %v", err)
	}
	sw := newFakeDevice(t)
	_, err = Open(w, &fakeMachine{}, Options{LEDDir: t.TempDir(), Open: func(string) (Device, error) { return sw, nil }})
	if err == nil || !strings.Contains(err.Error(), "cabinet: no LED lamp-spin (spin)") {
		t.Fatalf("missing LEDs: %v", err)
	}
	if _, err := OpenDevice(t.TempDir(), "gpio-keys"); err == nil || !strings.Contains(err.Error(), `no input device named "gpio-keys"`) {
		t.Fatalf("a device name not found: %v", err)
	}
}
