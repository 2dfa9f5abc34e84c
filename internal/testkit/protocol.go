package testkit

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// The control protocol: one command a line from the host, one reply a line from
// the kit, in order.
//
//	hello            → hello egm-testkit switches=input1 deck=input2
//	open main        → ok open main          (main, logic, belly: the door's switch goes active)
//	close main       → ok close main
//	press service    → ok press service      (a deck button down, held, released)
//	lamps?           → lamps help=1:1:2 service=0:0:0 …
//	screen?          → screen pid=412 connected=yes held=no state=idle | screen none
//	kill-screen      → ok kill-screen pid=412 (SIGKILL of the headless screen)
//	hold-screen      → ok hold-screen        (a screen started from now on waits, unconnected)
//	release-screen   → ok release-screen     (it connects)
//	poweroff         → ok poweroff           (an orderly power-off of the board)
//
// Holding the screen keeps a screen the platform's supervisor restarts from
// connecting until the host releases it: the host decides when the screen is
// back, however fast or slow the board is.
//
// A lamp is NAME=LED:DEVICE:CHANGES: LED the brightness its LED-class file reads
// (1 lit, 0 dark), DEVICE the level the platform's last write left on the deck
// (its last EV_LED event), CHANGES the EV_LED events the deck received. A
// command that fails is answered "error COMMAND: why".
const (
	OpHello      = "hello"
	OpOpen       = "open"
	OpClose      = "close"
	OpPress      = "press"
	OpLamps      = "lamps?"
	OpScreen     = "screen?"
	OpKillScreen = "kill-screen"
	OpHold       = "hold-screen"
	OpRelease    = "release-screen"
	OpPoweroff   = "poweroff"
)

// Command is one parsed command line.
type Command struct {
	Op  string
	Arg string // the door or the button
}

func (c Command) String() string {
	if c.Arg == "" {
		return c.Op
	}
	return c.Op + " " + c.Arg
}

// ParseCommand reads one command line; an unknown command, a missing or extra
// argument, or an unknown door or button is an error naming what is known.
func ParseCommand(line string) (Command, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return Command{}, errors.New("testkit: an empty command")
	}
	c := Command{Op: f[0]}
	var known []string
	switch c.Op {
	case OpHello, OpLamps, OpScreen, OpKillScreen, OpHold, OpRelease, OpPoweroff:
		if len(f) != 1 {
			return Command{}, fmt.Errorf("testkit: %s takes no argument", c.Op)
		}
		return c, nil
	case OpOpen, OpClose:
		known = Doors
	case OpPress:
		known = Buttons()
	default:
		return Command{}, fmt.Errorf("testkit: unknown command %q (commands: %s, %s DOOR, %s DOOR, %s BUTTON, %s, %s, %s, %s, %s, %s)",
			c.Op, OpHello, OpOpen, OpClose, OpPress, OpLamps, OpScreen, OpKillScreen, OpHold, OpRelease, OpPoweroff)
	}
	if len(f) != 2 {
		return Command{}, fmt.Errorf("testkit: %s takes one argument, one of %s", c.Op, strings.Join(known, ", "))
	}
	c.Arg = f[1]
	if !slices.Contains(known, c.Arg) {
		return Command{}, fmt.Errorf("testkit: %s %q: not one of %s", c.Op, c.Arg, strings.Join(known, ", "))
	}
	return c, nil
}

// Lamp is one lamp as the kit reads it back.
type Lamp struct {
	LED     bool // the LED-class brightness file reads above 0
	Device  bool // the deck's level after the last EV_LED event
	Changes int  // EV_LED events the deck received for it
}

// FormatLamps is the lamps? reply.
func FormatLamps(ls map[string]Lamp) string {
	names := make([]string, 0, len(ls))
	for n := range ls {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("lamps")
	for _, n := range names {
		l := ls[n]
		fmt.Fprintf(&b, " %s=%d:%d:%d", n, bit(l.LED), bit(l.Device), l.Changes)
	}
	return b.String()
}

func bit(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ParseLamps reads a lamps? reply.
func ParseLamps(line string) (map[string]Lamp, error) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "lamps" {
		return nil, fmt.Errorf("testkit: not a lamps reply: %q", line)
	}
	out := map[string]Lamp{}
	for _, tok := range f[1:] {
		name, v, ok := strings.Cut(tok, "=")
		parts := strings.Split(v, ":")
		if !ok || name == "" || len(parts) != 3 {
			return nil, fmt.Errorf("testkit: lamp %q: want NAME=LED:DEVICE:CHANGES", tok)
		}
		led, e1 := parseBit(parts[0])
		dev, e2 := parseBit(parts[1])
		n, e3 := strconv.Atoi(parts[2])
		if err := errors.Join(e1, e2, e3); err != nil || n < 0 {
			return nil, fmt.Errorf("testkit: lamp %q: want NAME=LED:DEVICE:CHANGES (0 or 1, 0 or 1, a count)", tok)
		}
		if _, dup := out[name]; dup {
			return nil, fmt.Errorf("testkit: lamp %q twice", name)
		}
		out[name] = Lamp{LED: led, Device: dev, Changes: n}
	}
	return out, nil
}

func parseBit(s string) (bool, error) {
	switch s {
	case "0":
		return false, nil
	case "1":
		return true, nil
	}
	return false, fmt.Errorf("testkit: %q is not 0 or 1", s)
}

// Screen is the headless screen as the kit finds it: no process (PID 0), or its
// process and what it last wrote of itself.
type Screen struct {
	PID       int
	Connected bool   // it has said hello to the platform and reads its stream
	Held      bool   // it waits, unconnected, for the host's release-screen
	State     string // the machine's state it was last told
}

// FormatScreen is the screen? reply.
func FormatScreen(s Screen) string {
	if s.PID == 0 {
		return "screen none"
	}
	state := s.State
	if state == "" {
		state = "-"
	}
	yes := map[bool]string{true: "yes", false: "no"}
	return fmt.Sprintf("screen pid=%d connected=%s held=%s state=%s", s.PID, yes[s.Connected], yes[s.Held], state)
}

// ParseScreen reads a screen? reply.
func ParseScreen(line string) (Screen, error) {
	f := strings.Fields(line)
	if len(f) == 2 && f[0] == "screen" && f[1] == "none" {
		return Screen{}, nil
	}
	if len(f) != 5 || f[0] != "screen" {
		return Screen{}, fmt.Errorf("testkit: not a screen reply: %q", line)
	}
	var s Screen
	for _, tok := range f[1:] {
		k, v, _ := strings.Cut(tok, "=")
		switch k {
		case "pid":
			n, err := strconv.Atoi(v)
			if err != nil || n <= 0 {
				return Screen{}, fmt.Errorf("testkit: screen reply %q: pid %q", line, v)
			}
			s.PID = n
		case "connected", "held":
			if v != "yes" && v != "no" {
				return Screen{}, fmt.Errorf("testkit: screen reply %q: %s %q", line, k, v)
			}
			if k == "connected" {
				s.Connected = v == "yes"
			} else {
				s.Held = v == "yes"
			}
		case "state":
			if v != "-" {
				s.State = v
			}
		default:
			return Screen{}, fmt.Errorf("testkit: screen reply %q: %q", line, tok)
		}
	}
	if s.PID == 0 {
		return Screen{}, fmt.Errorf("testkit: screen reply %q: no pid", line)
	}
	return s, nil
}

// Ok is the reply to a command that did what it says; detail, if any, follows.
func Ok(c Command, detail string) string {
	if detail == "" {
		return "ok " + c.String()
	}
	return "ok " + c.String() + " " + detail
}

// Failed is the reply to a command that could not be done.
func Failed(op string, err error) string {
	msg := strings.TrimPrefix(err.Error(), "testkit: ")
	return "error " + op + ": " + strings.ReplaceAll(msg, "\n", " ")
}

// ReplyError is an error reply from the kit.
type ReplyError struct{ Line string }

func (e ReplyError) Error() string { return "testkit: the kit answered: " + e.Line }

// CheckReply checks that line answers c: "ok COMMAND …" for a command that acts,
// the query's own reply word for hello, lamps? and screen?, and an error reply
// as a ReplyError.
func CheckReply(c Command, line string) error {
	if strings.HasPrefix(line, "error ") {
		return ReplyError{line}
	}
	want := "ok " + c.String()
	switch c.Op {
	case OpHello:
		want = "hello "
	case OpLamps:
		want = "lamps"
	case OpScreen:
		want = "screen "
	}
	if line != want && !strings.HasPrefix(line, want+" ") && !(strings.HasSuffix(want, " ") && strings.HasPrefix(line, want)) {
		return fmt.Errorf("testkit: %q answered %q", c, line)
	}
	return nil
}
