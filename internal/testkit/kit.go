package testkit

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"egm/cabinet"
)

// Emitter writes one event and the report that ends it (SYN_REPORT) to an input
// device: a uinput device on the board, a recorder in tests.
type Emitter interface {
	Emit(typ, code uint16, value int32) error
}

// Kit answers the control protocol on the board: it moves the switches and
// buttons, reads the lamps back and finds, kills and reports the headless
// screen.
type Kit struct {
	Switches, Deck Emitter
	DeckSys        string // the deck's input device (inputN): its LEDs' names
	LEDDir         string // "": /sys/class/leds
	Proc           string // "": /proc
	RunDir         string // the screen's status file (screen.json)
	// Hold is how long a pressed button is held down (0: 100 ms): longer than
	// the wiring's debounce, or the platform would not count the press.
	Hold     time.Duration
	Kill     func(pid int) error // SIGKILL
	Poweroff func() error        // an orderly power-off (after the reply is sent)
	Sleep    func(time.Duration) // nil: time.Sleep

	mu   sync.Mutex
	leds map[uint16]ledSeen
}

type ledSeen struct {
	on      bool
	changes int
}

// LEDEvent is an EV_LED event the deck received: the platform wrote a lamp.
func (k *Kit) LEDEvent(code uint16, value int32) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.leds == nil {
		k.leds = map[uint16]ledSeen{}
	}
	s := k.leds[code]
	s.on, s.changes = value != 0, s.changes+1
	k.leds[code] = s
}

// Do carries out one command line and returns the reply, and what to do once
// the reply is sent (the power-off), if anything.
func (k *Kit) Do(line string) (reply string, after func()) {
	c, err := ParseCommand(line)
	if err != nil {
		op := "command"
		if f := strings.Fields(line); len(f) > 0 {
			op = f[0]
		}
		return Failed(op, err), nil
	}
	switch c.Op {
	case OpHello:
		return fmt.Sprintf("hello egm-testkit deck=%s lamps=%d", k.DeckSys, len(lamps)), nil
	case OpOpen, OpClose:
		code, _ := codeOf(switches, doorInputs[c.Arg])
		if err := k.Switches.Emit(cabinet.EvSw, code, int32(bit(c.Op == OpOpen))); err != nil {
			return Failed(c.String(), err), nil
		}
		return Ok(c, ""), nil
	case OpPress:
		code, _ := codeOf(buttons, c.Arg)
		if err := k.Deck.Emit(cabinet.EvKey, code, 1); err != nil {
			return Failed(c.String(), err), nil
		}
		k.sleep(k.Hold, 100*time.Millisecond)
		if err := k.Deck.Emit(cabinet.EvKey, code, 0); err != nil {
			return Failed(c.String(), err), nil
		}
		return Ok(c, ""), nil
	case OpLamps:
		ls, err := k.Lamps()
		if err != nil {
			return Failed(c.Op, err), nil
		}
		return FormatLamps(ls), nil
	case OpScreen:
		return FormatScreen(k.Screen()), nil
	case OpKillScreen:
		pids := ScreenProcs(k.proc())
		if len(pids) == 0 {
			return Failed(c.Op, errors.New("no screen process runs")), nil
		}
		var done []string
		for _, pid := range pids {
			if err := k.Kill(pid); err != nil {
				return Failed(c.Op, fmt.Errorf("pid %d: %w", pid, err)), nil
			}
			done = append(done, strconv.Itoa(pid))
		}
		// The reply says the screen is gone: a process SIGKILLed is still
		// there for a moment while it exits.
		for _, pid := range pids {
			for i := 0; isScreen(k.proc(), pid); i++ {
				if i == 250 {
					return Failed(c.Op, fmt.Errorf("pid %d still runs 5 s after SIGKILL", pid)), nil
				}
				k.sleep(20*time.Millisecond, 20*time.Millisecond)
			}
		}
		return Ok(c, "pid="+strings.Join(done, ",")), nil
	case OpHold:
		if err := os.WriteFile(filepath.Join(k.RunDir, HoldFile), nil, 0o644); err != nil {
			return Failed(c.Op, err), nil
		}
		return Ok(c, ""), nil
	case OpRelease:
		if err := os.Remove(filepath.Join(k.RunDir, HoldFile)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return Failed(c.Op, err), nil
		}
		return Ok(c, ""), nil
	case OpPoweroff:
		return Ok(c, ""), func() {
			if err := k.Poweroff(); err != nil {
				fmt.Fprintf(os.Stderr, "egm-testkit: poweroff: %v\n", err)
			}
		}
	}
	return Failed(c.Op, errors.New("not handled")), nil
}

func (k *Kit) sleep(d, def time.Duration) {
	if d <= 0 {
		d = def
	}
	if k.Sleep != nil {
		k.Sleep(d)
		return
	}
	time.Sleep(d)
}

func (k *Kit) proc() string {
	if k.Proc == "" {
		return "/proc"
	}
	return k.Proc
}

// Lamps reads every lamp back: its LED-class brightness and what the deck
// received.
func (k *Kit) Lamps() (map[string]Lamp, error) {
	leds := cabinet.LEDs{Dir: k.LEDDir}
	out := map[string]Lamp{}
	k.mu.Lock()
	defer k.mu.Unlock()
	for _, l := range lamps {
		name, _ := LEDName(k.DeckSys, l.name)
		on, err := leds.Get(name)
		if err != nil {
			return nil, err
		}
		s := k.leds[l.code]
		out[l.name] = Lamp{LED: on, Device: s.on, Changes: s.changes}
	}
	return out, nil
}

// Screen is the headless screen now: its process, and what it last said of
// itself when that process wrote the status file. The process the status file
// names is looked at first; only when it is gone are all processes searched (a
// new screen that has not written yet).
func (k *Kit) Screen() Screen {
	st, err := ReadScreenStatus(k.RunDir)
	if err == nil && isScreen(k.proc(), st.PID) {
		return st
	}
	pids := ScreenProcs(k.proc())
	if len(pids) == 0 {
		return Screen{}
	}
	return Screen{PID: pids[len(pids)-1]}
}

// Serve answers the commands read from r on w until r ends (nil: the host went
// away) or fails.
func (k *Kit) Serve(r io.Reader, w io.Writer) error {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		reply, after := k.Do(line)
		if _, err := io.WriteString(w, reply+"\n"); err != nil {
			return fmt.Errorf("testkit: reply: %w", err)
		}
		if after != nil {
			after()
		}
	}
	return sc.Err()
}

// ScreenProcs are the processes of the headless screen (`egm-testkit screen`)
// under proc, in pid order.
func ScreenProcs(proc string) []int {
	dirs, _ := filepath.Glob(filepath.Join(proc, "[0-9]*"))
	var pids []int
	for _, d := range dirs {
		if pid, err := strconv.Atoi(filepath.Base(d)); err == nil && isScreen(proc, pid) {
			pids = append(pids, pid)
		}
	}
	slices.Sort(pids)
	return pids
}

// isScreen says whether process pid is the headless screen: its command line is
// egm-testkit screen … (a process killed but not yet reaped has none).
func isScreen(proc string, pid int) bool {
	if pid <= 0 {
		return false
	}
	b, err := os.ReadFile(filepath.Join(proc, strconv.Itoa(pid), "cmdline"))
	if err != nil {
		return false // gone
	}
	argv := strings.Split(strings.TrimRight(string(b), "\x00"), "\x00")
	return len(argv) >= 2 && filepath.Base(argv[0]) == "egm-testkit" && argv[1] == "screen"
}
