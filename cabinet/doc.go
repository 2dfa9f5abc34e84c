// Package cabinet is the cabinet's own hardware as the platform process sees it
// (`egm run --wiring FILE`): the door and key switches and the button deck read
// through the kernel's evdev interface (/dev/input/event*, as gpio-keys and USB
// HID decks expose them), and the button lamps and the tower light written
// through the LED class (/sys/class/leds/NAME/brightness, as gpio-leds exposes
// them). It is pure Go: no cgo, no display.
//
// # What it owns
//
//   - The input_event decoder (event.go) for the running architecture's layout
//     (24 bytes on 64-bit Linux, 16 on 32-bit ARM), and the EVIOCGKEY/EVIOCGSW
//     reads of the switches' current levels at start (evdev.go).
//   - The wiring file (wiring.go): which device and event code is which door,
//     key or button, its active level and debounce, and which LED is which lamp
//     or tower colour; checked at load, with an embedded default (default.json).
//   - The debouncer (debounce.go), driven by the kernel's event timestamps.
//   - What the lamps and the tower light show for a machine status (lamps.go,
//     tower.go): a button's lamp is lit only while the button can act.
//   - Cabinet (cabinet.go): the running loop that turns switch edges into the
//     machine's inputs (doors, attendant key, buttons) and the screen's keys
//     (operator key, help), and the machine's status into lamps.
//
// # What it must not touch
//
// It decides nothing: every door, key and button goes to machine.Handle, which
// may refuse it, and the screen is only told (the operator menu opens on the
// screen). It holds no money, writes no critical memory and never grabs a device
// (EVIOCGRAB), so `egm io` can read the same switches beside the platform.
package cabinet
