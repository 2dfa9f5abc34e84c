package cabinet

import (
	"context"
	"errors"
	"fmt"
	"log"
	"sync"
	"time"

	"egm/machine"
)

// Machine is what the cabinet needs of the machine (*machine.Machine).
type Machine interface {
	Handle(machine.Input) error
	Status() machine.Status
	BetRange(title string, denom int64) (lo, hi int64, ok bool)
}

// Options are the cabinet's surroundings; the zero value is the real board.
type Options struct {
	// Open opens an input device of the wiring (nil: OpenDevice under
	// /dev/input).
	Open func(spec string) (Device, error)
	// LEDDir is the LED class directory ("": /sys/class/leds).
	LEDDir string
	// Screen is told the keys that act on the screen ("operator_key": open
	// the operator menu; "help") and every button press, so that it shows
	// them; nil: no screen. It must not block.
	Screen func(key string)
	// Log gets every switch change and the machine's refusals (nil: the
	// standard logger).
	Log *log.Logger
	// Blink is the tower light's flashing half-period (0: 500 ms).
	Blink time.Duration
}

// doorOf maps a door input to the machine's door.
var doorOf = map[string]string{"main_door": machine.DoorMain, "logic_door": machine.DoorLogic, "belly_door": machine.DoorBelly}

type wired struct {
	in  Input
	deb debouncer
}

type devEvents struct {
	dev   string
	batch []Event
	err   error
}

// Cabinet is the running cabinet I/O.
type Cabinet struct {
	w    *Wiring
	m    Machine
	o    Options
	leds LEDs
	devs map[string]Device
	by   map[key]*wired

	mu      sync.Mutex
	service bool            // the attendant is called (the service button)
	lamps   map[string]bool // as last written
	tower   Tower
	status  chan machine.Status
}

type key struct {
	dev  string
	typ  uint16
	code uint16
}

// Open opens the wiring's devices and checks its LEDs; a device or LED that is
// missing is an error naming it. Close releases the devices.
func Open(w *Wiring, m Machine, o Options) (*Cabinet, error) {
	c := &Cabinet{w: w, m: m, o: o, leds: LEDs{Dir: o.LEDDir}, devs: map[string]Device{}, by: map[key]*wired{},
		lamps: map[string]bool{}, status: make(chan machine.Status, 1)}
	if c.o.Open == nil {
		c.o.Open = func(spec string) (Device, error) { return OpenDevice("", spec) }
	}
	if c.o.Blink <= 0 {
		c.o.Blink = 500 * time.Millisecond
	}
	used := map[string]bool{}
	for _, in := range w.Inputs {
		used[in.Device] = true
		c.by[key{in.Device, in.evType(), in.Code}] = &wired{in: in, deb: debouncer{window: time.Duration(in.DebounceMS) * time.Millisecond}}
	}
	for _, name := range sortedKeys(used) {
		d, err := c.o.Open(w.Devices[name])
		if err != nil {
			c.Close()
			return nil, fmt.Errorf("cabinet: device %q: %w", name, err)
		}
		c.devs[name] = d
	}
	if err := c.leds.Check(w.Lamps); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// Close closes the devices (Run then returns).
func (c *Cabinet) Close() error {
	var errs []error
	for _, d := range c.devs {
		errs = append(errs, d.Close())
	}
	return errors.Join(errs...)
}

func (c *Cabinet) logf(format string, args ...any) {
	if c.o.Log != nil {
		c.o.Log.Printf(format, args...)
		return
	}
	log.Printf(format, args...)
}

// Update is the machine's new status (from an output subscriber: it never
// blocks and never calls the machine).
func (c *Cabinet) Update(st machine.Status) {
	select {
	case c.status <- st:
	default:
		select { // replace the older status not yet drawn
		case <-c.status:
		default:
		}
		select {
		case c.status <- st:
		default:
		}
	}
}

// PowerUp reads the switches' levels as they are now and tells the machine:
// a door open at power-up is recorded open (one that closed while the power was
// off is recorded closed), and a door whose latch is set opened while the power
// was off. A device that cannot report its levels leaves its inputs as the
// machine last knew them.
func (c *Cabinet) PowerUp() {
	levels := map[key][]byte{}
	get := func(dev string, typ uint16) []byte {
		k := key{dev, typ, 0}
		if b, ok := levels[k]; ok {
			return b
		}
		b, err := c.devs[dev].Levels(typ)
		if err != nil {
			c.logf("cabinet: power-up: %v", err)
		}
		levels[k] = b
		return b
	}
	st := c.m.Status()
	for _, in := range c.w.Inputs {
		b := get(in.Device, in.evType())
		if b == nil {
			continue
		}
		w := c.by[key{in.Device, in.evType(), in.Code}]
		active := in.level(boolValue(bit(b, in.Code)))
		w.deb.stable = active
		door, isDoor := doorOf[in.Name]
		if !isDoor {
			continue
		}
		wasOpen := contains(st.Doors, door)
		switch {
		case active && !wasOpen:
			c.handle(machine.Input{Kind: machine.InDoorOpen, Door: door, Detail: "open at power-up"})
		case !active && wasOpen:
			c.handle(machine.Input{Kind: machine.InDoorClose, Door: door, Detail: "closed while the power was off"})
		case !active && in.Latch != nil && bit(b, *in.Latch):
			c.handle(machine.Input{Kind: machine.InDoorOpen, Door: door, Detail: "opened while the power was off"})
			c.handle(machine.Input{Kind: machine.InDoorClose, Door: door, Detail: "closed while the power was off"})
		}
	}
}

func boolValue(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func (c *Cabinet) handle(in machine.Input) {
	if err := c.m.Handle(in); err != nil {
		c.logf("cabinet: %s: %v", describe(in), err)
	}
}

func describe(in machine.Input) string {
	if in.Door != "" {
		return fmt.Sprintf("%s %s door", in.Kind, in.Door)
	}
	return in.Kind.String()
}

// Run reads the devices and drives the lamps until ctx ends or a device fails
// (a device unplugged is an error naming it). It calls PowerUp first.
func (c *Cabinet) Run(ctx context.Context) error {
	c.PowerUp()
	events := make(chan devEvents)
	for name, d := range c.devs {
		go func() {
			err := ReadEvents(d, EventSize, func(b []Event) {
				select {
				case events <- devEvents{dev: name, batch: b}:
				case <-ctx.Done():
				}
			})
			if err == nil {
				err = errors.New("cabinet: the input device ended")
			}
			select {
			case events <- devEvents{dev: name, err: err}:
			case <-ctx.Done():
			}
		}()
	}
	blink := time.NewTicker(c.o.Blink)
	defer blink.Stop()
	var phase bool
	st := c.m.Status()
	c.drawLamps(st, phase)
	deb := time.NewTimer(time.Hour)
	deb.Stop()
	var last time.Time // the latest event's timestamp
	for {
		select {
		case <-ctx.Done():
			return nil
		case de := <-events:
			if de.err != nil {
				if ctx.Err() != nil {
					return nil
				}
				return fmt.Errorf("cabinet: device %q: %w", de.dev, de.err)
			}
			for _, e := range de.batch {
				c.event(de.dev, e)
				last = e.Time
			}
			if at, ok := c.nextDeadline(); ok {
				deb.Reset(max(at.Sub(last), 0))
			}
		case <-deb.C:
			// The window passed with no contrary event: the pending changes
			// due by the earliest deadline count.
			if at, ok := c.nextDeadline(); ok {
				c.dueAll(at)
				last = at
			}
			if at, ok := c.nextDeadline(); ok {
				deb.Reset(max(at.Sub(last), 0))
			}
		case st = <-c.status:
			c.drawLamps(st, phase)
		case <-blink.C:
			phase = !phase
			c.drawLamps(st, phase)
		}
	}
}

func (c *Cabinet) nextDeadline() (time.Time, bool) {
	var at time.Time
	found := false
	for _, w := range c.by {
		if t, ok := w.deb.deadline(); ok && (!found || t.Before(at)) {
			at, found = t, true
		}
	}
	return at, found
}

func (c *Cabinet) dueAll(now time.Time) {
	// In a stable order, so that two changes due together act in the wiring's
	// order.
	for _, in := range c.w.Inputs {
		w := c.by[key{in.Device, in.evType(), in.Code}]
		if w.deb.due(now) {
			c.act(w.in, w.deb.stable)
		}
	}
}

// event takes one event of a device.
func (c *Cabinet) event(dev string, e Event) {
	c.dueAll(e.Time)
	if e.Type != EvKey && e.Type != EvSw || e.Type == EvKey && e.Value == 2 {
		return // reports, autorepeat and other types say nothing new
	}
	w, ok := c.by[key{dev, e.Type, e.Code}]
	if !ok {
		return
	}
	if w.deb.feed(w.in.level(e.Value), e.Time) {
		c.act(w.in, w.deb.stable)
	}
}

// act is a counted change of an input: active is open, turned or pressed.
func (c *Cabinet) act(in Input, active bool) {
	c.logf("cabinet: %s %s", in.Name, map[bool]string{true: "active", false: "inactive"}[active])
	if door, ok := doorOf[in.Name]; ok {
		kind := machine.InDoorClose
		if active {
			kind = machine.InDoorOpen
		}
		c.handle(machine.Input{Kind: kind, Door: door})
		return
	}
	if !active {
		return
	}
	switch in.Name {
	case "attendant_key":
		c.mu.Lock()
		c.service = false
		c.mu.Unlock()
		c.handle(machine.Input{Kind: machine.InAttendantKey})
		c.Update(c.m.Status()) // the service lamp goes out even when nothing else changed
		return
	case "operator_key":
		c.screen(in.Name)
		return
	case "service":
		c.mu.Lock()
		c.service = !c.service
		c.mu.Unlock()
		c.screen(in.Name)
		c.Update(c.m.Status())
		return
	case "help":
		c.screen(in.Name)
		return
	}
	c.screen(in.Name)
	if mi, ok := c.buttonInput(in.Name); ok {
		c.handle(mi)
	}
}

func (c *Cabinet) screen(k string) {
	if c.o.Screen != nil {
		c.o.Screen(k)
	}
}

// buttonInput is the machine's input for a deck button.
func (c *Cabinet) buttonInput(name string) (machine.Input, bool) {
	switch name {
	case "spin":
		return machine.Input{Kind: machine.InSpin}, true
	case "bet_up":
		return machine.Input{Kind: machine.InBetUp}, true
	case "bet_down":
		return machine.Input{Kind: machine.InBetDown}, true
	case "max_bet":
		return machine.Input{Kind: machine.InMaxBet}, true
	case "cash_out":
		return machine.Input{Kind: machine.InCashout}, true
	case "take_win":
		return machine.Input{Kind: machine.InTakeWin}, true
	case "collect":
		return machine.Input{Kind: machine.InCollect}, true
	case "gamble_red":
		return machine.Input{Kind: machine.InGambleRed}, true
	case "gamble_black":
		return machine.Input{Kind: machine.InGambleBlack}, true
	}
	return machine.Input{}, false
}

// drawLamps writes the lamps that changed.
func (c *Cabinet) drawLamps(st machine.Status, phase bool) {
	c.mu.Lock()
	service := c.service
	c.mu.Unlock()
	want := c.LampsFor(st, service, phase)
	for _, l := range c.w.Lamps {
		on := want[l.Name]
		c.mu.Lock()
		was, known := c.lamps[l.Name]
		c.mu.Unlock()
		if known && was == on {
			continue
		}
		if err := c.leds.Set(l.LED, on); err != nil {
			c.logf("%v", err)
			continue
		}
		c.mu.Lock()
		c.lamps[l.Name] = on
		c.mu.Unlock()
	}
	c.mu.Lock()
	c.tower = TowerFor(st, service)
	c.mu.Unlock()
}

// LampsFor is every wired lamp's level for a status.
func (c *Cabinet) LampsFor(st machine.Status, service, phase bool) map[string]bool {
	var maxBet int64
	if _, hi, ok := c.m.BetRange(st.Title, st.DenomCents); ok {
		maxBet = hi * st.DenomCents * int64(max(st.Lines, 1))
	}
	out := map[string]bool{}
	top, bottom := TowerFor(st, service).Lamps(phase)
	for _, l := range c.w.Lamps {
		switch l.Name {
		case TowerTop:
			out[l.Name] = top
		case TowerBottom:
			out[l.Name] = bottom
		default:
			out[l.Name] = ButtonLit(l.Name, st, service, maxBet)
		}
	}
	return out
}

// Lamps are the lamps as last written, and the tower light's state.
func (c *Cabinet) Lamps() (map[string]bool, Tower) {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[string]bool, len(c.lamps))
	for k, v := range c.lamps {
		out[k] = v
	}
	return out, c.tower
}

// Levels reads every wired input's level now (active: open, turned or pressed)
// from its device, for `egm io`.
func Levels(w *Wiring, devs map[string]Device) (map[string]bool, error) {
	out := map[string]bool{}
	var errs []error
	cache := map[key][]byte{}
	for _, in := range w.Inputs {
		k := key{in.Device, in.evType(), 0}
		b, ok := cache[k]
		if !ok {
			d := devs[in.Device]
			if d == nil {
				errs = append(errs, fmt.Errorf("cabinet: device %q not open", in.Device))
				cache[k] = nil
				continue
			}
			var err error
			if b, err = d.Levels(in.evType()); err != nil {
				errs = append(errs, err)
			}
			cache[k] = b
		}
		if b != nil {
			out[in.Name] = in.level(boolValue(bit(b, in.Code)))
		}
	}
	return out, errors.Join(errs...)
}
