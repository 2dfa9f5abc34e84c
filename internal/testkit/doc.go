// Package testkit is the test image's stand-in for a cabinet's doors, deck,
// lamps and screen (image/testkit, `egm-testkit`; never on a cabinet image), and
// the host's side of its control channel (`egm-lab board-doors`).
//
// On the emulated arm64 board there are no switches, buttons or LEDs. The kit
// makes them with the kernel's own interfaces, so that the platform reads and
// writes them exactly as on a cabinet:
//
//   - two uinput devices, named as the test image's wiring file says: the
//     switches (egm-switches, EV_SW: the three doors and the two keys) and the
//     deck (egm-deck, EV_KEY: the buttons, and EV_LED: its lamps);
//   - the lamps are the LED-class devices the kernel's input-leds handler makes
//     for the deck's LEDs (/sys/class/leds/inputN::NAME). Debian's arm64 kernel
//     has no uleds (CONFIG_LEDS_USER is off); a deck with LEDs is what a USB HID
//     deck is, and the platform's writes to their brightness files come back to
//     the kit as EV_LED events on /dev/uinput;
//   - the wiring file (Wiring) naming those devices and LEDs, written at boot
//     for `egm run --wiring`;
//   - a headless screen (image/testkit `screen`): a real client of the
//     platform's screen socket that consumes its stream as egm-screen does and
//     draws nothing, which the platform's supervisor starts and restarts, so
//     that the screen can be killed.
//
// The host drives the kit over a line protocol (protocol.go) on a virtio-serial
// port whose other end is a TCP port of the host (image/boot.sh, DOORS_PORT):
// "open main", "press service", "lamps?", "kill-screen", "screen?"…
//
// # What it owns
//
// The control protocol (its commands and replies, parsed on both sides), the
// test image's wiring, the uinput devices and the screen's status file. It
// decides nothing of the machine's: a door it opens is a switch the platform
// reads, debounces and hands to the machine, as a cabinet's.
//
// # What it must not touch
//
// Critical memory, the SAS line and the platform's configuration: the lab reads
// the machine only over SAS and from the data disk after the run.
package testkit
