package testkit

import (
	"encoding/json"
	"fmt"
	"slices"

	"egm/cabinet"
)

// EvLED is the LED event type (linux/input-event-codes.h; EV_KEY and EV_SW are
// cabinet's).
const EvLED uint16 = 0x11

// The kit's devices, by the names the kernel reports (EVIOCGNAME) and the
// wiring file gives.
const (
	SwitchesName = "egm-switches"
	DeckName     = "egm-deck"
	board        = "egm-test-image"
)

// The doors the protocol names, and their inputs.
var doorInputs = map[string]string{"main": "main_door", "logic": "logic_door", "belly": "belly_door"}

// Doors are the doors the protocol opens and closes, in the machine's order.
var Doors = []string{"main", "logic", "belly"}

type coded struct {
	name string
	code uint16
}

// The switches (EV_SW; the codes of the cabinet's embedded wiring).
var switches = []coded{{"main_door", 0}, {"logic_door", 1}, {"belly_door", 2}, {"attendant_key", 3}, {"operator_key", 4}}

// The deck's buttons (EV_KEY: BTN_TRIGGER_HAPPY1 on, as the embedded wiring).
var buttons = []coded{{"spin", 704}, {"max_bet", 705}, {"bet_up", 706}, {"cash_out", 707}, {"take_win", 708},
	{"gamble_red", 709}, {"gamble_black", 710}, {"help", 711}, {"service", 712}, {"bet_down", 713}, {"collect", 714}}

// The deck's lamps: each an LED of the deck (EV_LED code), which the kernel's
// input-leds handler names /sys/class/leds/inputN::NAME, NAME after the code.
var lamps = []coded{{"spin", 0}, {"max_bet", 1}, {"cash_out", 2}, {"take_win", 3}, {"gamble_red", 4},
	{"help", 5}, {"service", 6}, {"bet_up", 7}, {"collect", 8}, {cabinet.TowerTop, 9}, {cabinet.TowerBottom, 10}}

// ledNames are input-leds' names of the LED codes (drivers/input/input-leds.c).
var ledNames = []string{"numlock", "capslock", "scrolllock", "compose", "kana", "sleep", "suspend", "mute", "misc", "mail", "charging"}

// Buttons are the deck's buttons the protocol presses.
func Buttons() []string {
	out := make([]string, len(buttons))
	for i, b := range buttons {
		out[i] = b.name
	}
	return out
}

// Lamps are the deck's lamps, by the machine's names.
func Lamps() []string {
	out := make([]string, len(lamps))
	for i, l := range lamps {
		out[i] = l.name
	}
	return out
}

func codeOf(list []coded, name string) (uint16, bool) {
	i := slices.IndexFunc(list, func(c coded) bool { return c.name == name })
	if i < 0 {
		return 0, false
	}
	return list[i].code, true
}

// LEDName is the LED-class name of a lamp on the deck whose input device is
// sysname (inputN, UI_GET_SYSNAME).
func LEDName(sysname, lamp string) (string, bool) {
	code, ok := codeOf(lamps, lamp)
	if !ok {
		return "", false
	}
	return sysname + "::" + ledNames[code], true
}

// Wiring is the test image's wiring file for the kit's devices, the deck being
// input device sysname: the switches and the deck by their kernel names, the
// lamps by the LED names the kernel gave the deck's LEDs.
func Wiring(sysname string) (*cabinet.Wiring, error) {
	w := &cabinet.Wiring{Board: board, Devices: map[string]string{"switches": SwitchesName, "deck": DeckName}}
	for _, s := range switches {
		w.Inputs = append(w.Inputs, cabinet.Input{Name: s.name, Device: "switches", Type: "switch", Code: s.code, DebounceMS: 20})
	}
	for _, b := range buttons {
		w.Inputs = append(w.Inputs, cabinet.Input{Name: b.name, Device: "deck", Type: "key", Code: b.code, DebounceMS: 10})
	}
	for _, l := range lamps {
		led, _ := LEDName(sysname, l.name)
		w.Lamps = append(w.Lamps, cabinet.Lamp{Name: l.name, LED: led})
	}
	if err := w.Check(); err != nil {
		return nil, fmt.Errorf("testkit: the test image's wiring: %w", err)
	}
	return w, nil
}

// WiringJSON is Wiring as the file `egm run --wiring` reads.
func WiringJSON(sysname string) ([]byte, error) {
	w, err := Wiring(sysname)
	if err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(w, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("testkit: the wiring file: %w", err)
	}
	return append(b, '\n'), nil
}

// Codes are the event codes a device declares, by event type.
type Codes map[uint16][]uint16

// SwitchCodes are the switches device's event codes (EV_SW).
func SwitchCodes() Codes {
	var sw []uint16
	for _, s := range switches {
		sw = append(sw, s.code)
	}
	return Codes{cabinet.EvSw: sw}
}

// DeckCodes are the deck's event codes: its buttons (EV_KEY) and lamps (EV_LED).
func DeckCodes() Codes {
	var keys, leds []uint16
	for _, b := range buttons {
		keys = append(keys, b.code)
	}
	for _, l := range lamps {
		leds = append(leds, l.code)
	}
	return Codes{cabinet.EvKey: keys, EvLED: leds}
}
