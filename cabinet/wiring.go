package cabinet

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
)

// What a wired input is.
const (
	KindDoor   = "door"   // a door switch: active = the door is open
	KindKey    = "key"    // a key switch: acts on turning to active
	KindButton = "button" // a deck button: acts on pressing
)

// Doors, keys and buttons the machine knows (an input's Name).
var inputKinds = map[string]string{
	"main_door": KindDoor, "logic_door": KindDoor, "belly_door": KindDoor,
	"attendant_key": KindKey, "operator_key": KindKey,
	"spin": KindButton, "bet_up": KindButton, "bet_down": KindButton, "max_bet": KindButton,
	"cash_out": KindButton, "take_win": KindButton, "gamble_red": KindButton, "gamble_black": KindButton,
	"collect": KindButton, "help": KindButton, "service": KindButton,
}

// Lamps the machine drives (a lamp's Name): a button's lamp has the button's
// name; the tower light is two tiers (tower.go).
var lampNames = map[string]bool{
	"spin": true, "bet_up": true, "bet_down": true, "max_bet": true, "cash_out": true, "take_win": true,
	"gamble_red": true, "gamble_black": true, "collect": true, "help": true, "service": true,
	TowerTop: true, TowerBottom: true,
}

// maxDebounceMS bounds an input's debounce (a longer one would swallow presses).
const maxDebounceMS = 1000

// Wiring is one board's wiring file.
type Wiring struct {
	// Board names the board (for logs and `egm io`); "none" is a cabinet with
	// no I/O (a development machine): no device is opened.
	Board string `json:"board"`
	// Devices names the input devices: a path (/dev/input/event3,
	// /dev/input/by-path/…) or, without a slash, the device's name as the kernel
	// reports it (EVIOCGNAME: "gpio-keys"), found among /dev/input/event*.
	Devices map[string]string `json:"devices"`
	Inputs  []Input           `json:"inputs"`
	Lamps   []Lamp            `json:"lamps"`
}

// Input is one switch or button.
type Input struct {
	Name   string `json:"name"`   // main_door, attendant_key, spin… (inputKinds)
	Device string `json:"device"` // a key of Devices
	// Type is the event type: "key" (EV_KEY, as gpio-keys reports buttons and
	// USB decks their keys) or "switch" (EV_SW, as gpio-keys reports a line
	// declared linux,input-type = <EV_SW>).
	Type string `json:"type"`
	Code uint16 `json:"code"` // the event code (linux,code in the device tree)
	// Active is the level that means open, turned or pressed: "high" (the
	// event's value 1; the default) or "low" (value 0: a door switch held
	// closed by the shut door).
	Active string `json:"active,omitempty"`
	// DebounceMS: a change counts once it has held this long (0..1000).
	DebounceMS int `json:"debounce_ms"`
	// Latch (doors only) is the code of the board's latched input on the same
	// device and type: set when the door opened while the power was off, read
	// at power-up.
	Latch *uint16 `json:"latch,omitempty"`
}

// Lamp is one LED of the LED class.
type Lamp struct {
	Name string `json:"name"` // a button's name, tower_top or tower_bottom
	LED  string `json:"led"`  // the directory under /sys/class/leds
}

//go:embed default.json
var defaultWiring []byte

// DefaultWiring is the embedded default wiring (default.json: the Raspberry Pi
// board of buildroot/, its overlay egm-cabinet.dts).
func DefaultWiring() *Wiring {
	w, err := ParseWiring(defaultWiring)
	if err != nil {
		panic(err) // the embedded file is tested
	}
	return w
}

// NoWiring is a cabinet with no I/O.
func NoWiring() *Wiring { return &Wiring{Board: "none"} }

// LoadWiring reads and checks a wiring file; "" or "none" is NoWiring and
// "default" the embedded default.
func LoadWiring(path string) (*Wiring, error) {
	switch path {
	case "", "none":
		return NoWiring(), nil
	case "default":
		return DefaultWiring(), nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cabinet: wiring file: %w", err)
	}
	w, err := ParseWiring(b)
	if err != nil {
		return nil, fmt.Errorf("%w (in %s)", err, path)
	}
	return w, nil
}

// ParseWiring decodes and checks a wiring file (unknown fields are errors).
func ParseWiring(b []byte) (*Wiring, error) {
	var w Wiring
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return nil, fmt.Errorf("cabinet: wiring file: %w", err)
	}
	if dec.More() {
		return nil, errors.New("cabinet: wiring file: more than one JSON value")
	}
	if err := w.Check(); err != nil {
		return nil, err
	}
	return &w, nil
}

// None says the wiring opens no device.
func (w *Wiring) None() bool { return w.Board == "none" || len(w.Inputs) == 0 && len(w.Lamps) == 0 }

// Check reports the first fault of the wiring, naming the input or lamp.
func (w *Wiring) Check() error {
	if w.Board == "" {
		return errors.New("cabinet: wiring: no board name")
	}
	if w.Board == "none" && (len(w.Inputs) > 0 || len(w.Lamps) > 0) {
		return errors.New(`cabinet: wiring: board "none" wires no input or lamp`)
	}
	for name, dev := range w.Devices {
		if strings.TrimSpace(dev) == "" {
			return fmt.Errorf("cabinet: wiring: device %q has no path or name", name)
		}
	}
	names := map[string]bool{}
	type at struct {
		dev  string
		typ  uint16
		code uint16
	}
	codes := map[at]string{}
	for i, in := range w.Inputs {
		where := fmt.Sprintf("cabinet: wiring: input %d (%q)", i+1, in.Name)
		kind, ok := inputKinds[in.Name]
		if !ok {
			return fmt.Errorf("%s: unknown input name (known: %s)", where, strings.Join(sortedKeys(inputKinds), ", "))
		}
		if names[in.Name] {
			return fmt.Errorf("%s: wired twice", where)
		}
		names[in.Name] = true
		if _, ok := w.Devices[in.Device]; !ok {
			return fmt.Errorf("%s: device %q is not among the devices", where, in.Device)
		}
		typ, ok := map[string]uint16{"key": EvKey, "switch": EvSw}[in.Type]
		if !ok {
			return fmt.Errorf("%s: type %q (want key or switch)", where, in.Type)
		}
		if in.Active != "" && in.Active != "high" && in.Active != "low" {
			return fmt.Errorf("%s: active %q (want high or low)", where, in.Active)
		}
		if in.DebounceMS < 0 || in.DebounceMS > maxDebounceMS {
			return fmt.Errorf("%s: debounce %d ms outside 0..%d", where, in.DebounceMS, maxDebounceMS)
		}
		if max := map[uint16]uint16{EvKey: keyMax, EvSw: swMax}[typ]; in.Code > max {
			return fmt.Errorf("%s: code %d above the largest %s code %d", where, in.Code, in.Type, max)
		}
		k := at{in.Device, typ, in.Code}
		if other, dup := codes[k]; dup {
			return fmt.Errorf("%s: code %d of device %q is already %q", where, in.Code, in.Device, other)
		}
		codes[k] = in.Name
		if in.Latch != nil {
			if kind != KindDoor {
				return fmt.Errorf("%s: only a door has a latch", where)
			}
			l := at{in.Device, typ, *in.Latch}
			if other, dup := codes[l]; dup {
				return fmt.Errorf("%s: latch code %d of device %q is already %q", where, *in.Latch, in.Device, other)
			}
			codes[l] = in.Name + " latch"
		}
	}
	leds := map[string]string{}
	lamps := map[string]bool{}
	for i, l := range w.Lamps {
		where := fmt.Sprintf("cabinet: wiring: lamp %d (%q)", i+1, l.Name)
		if !lampNames[l.Name] {
			return fmt.Errorf("%s: unknown lamp name (known: %s)", where, strings.Join(sortedKeys(lampNames), ", "))
		}
		if lamps[l.Name] {
			return fmt.Errorf("%s: wired twice", where)
		}
		lamps[l.Name] = true
		if l.LED == "" || strings.ContainsAny(l.LED, "/") || l.LED == "." || l.LED == ".." {
			return fmt.Errorf("%s: LED %q is not a name under /sys/class/leds", where, l.LED)
		}
		if other, dup := leds[l.LED]; dup {
			return fmt.Errorf("%s: LED %q is already %q", where, l.LED, other)
		}
		leds[l.LED] = l.Name
	}
	return nil
}

// kind is the input's kind (door, key or button).
func (in Input) kind() string { return inputKinds[in.Name] }

// evType is the input's event type.
func (in Input) evType() uint16 {
	if in.Type == "switch" {
		return EvSw
	}
	return EvKey
}

// level is whether the event's value means active.
func (in Input) level(value int32) bool { return (value != 0) != (in.Active == "low") }

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
