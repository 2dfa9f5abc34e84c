package screen

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"sync"
	"time"

	"egm/features/gamble"
	"egm/games"
	"egm/games/slot"
	"egm/machine"
	"egm/machine/settings"
	"egm/meters"
	"egm/platform/wire"
	"egm/sas"
	"egm/wallet"
)

// Client is the screen's connection to the platform. Its methods mirror the
// machine's (the screen's ui.Platform), the operator PIN's and the wallet
// presenter's. Status, GambleHistory and wire.Levels answer from what the platform
// pushed, without a round trip; the others ask the platform and wait.
//
// Subscribers run on the client's reader, in the order the machine emitted; they

// ErrDisconnected: the platform went away (it stopped, or a newer screen took the
// socket); the screen exits and its supervisor starts it again.
var ErrDisconnected = errors.New("platform: the platform closed the connection")

// must not call the methods that ask the platform.
type Client struct {
	nc     net.Conn
	hello  wire.HelloResult
	titles []*slot.Title

	wmu sync.Mutex // writes
	enc *json.Encoder

	mu      sync.Mutex
	nextID  uint64
	waiting map[uint64]chan wire.Message
	status  machine.Status
	gamble  *wire.GambleState
	present *machine.Output // the last OutPresent (the game in progress's)
	levels  wire.Levels
	sound   func(on bool)
	cabinet func(key string)
	soundOn bool
	subs    []func(machine.Output)
	dmu     sync.Mutex // delivery to subscribers, in order
	done    chan struct{}
	err     error
}

// Dial connects to the platform's socket and says hello.
func Dial(path string, timeout time.Duration) (*Client, error) {
	nc, err := net.DialTimeout("unix", path, timeout)
	if err != nil {
		return nil, fmt.Errorf("platform: connect to %s: %w", path, err)
	}
	return NewClient(nc)
}

// DialReader connects to the platform's socket as a reader: View, Seq and Config
// only, beside the screen (egm meters on a running cabinet).
func DialReader(path string, timeout time.Duration) (*Client, error) {
	nc, err := net.DialTimeout("unix", path, timeout)
	if err != nil {
		return nil, fmt.Errorf("platform: connect to %s: %w", path, err)
	}
	c := newClient(nc)
	if err := c.call(wire.Request{Op: wire.OpHello, Version: wire.Version, Role: wire.RoleReader}, nil); err != nil {
		nc.Close()
		return nil, err
	}
	return c, nil
}

func newClient(nc net.Conn) *Client {
	c := &Client{nc: nc, enc: json.NewEncoder(nc), waiting: map[uint64]chan wire.Message{}, done: make(chan struct{})}
	go c.read()
	return c
}

// NewClient says hello on nc as the screen and starts reading it.
func NewClient(nc net.Conn) (*Client, error) {
	c := newClient(nc)
	var h wire.HelloResult
	if err := c.call(wire.Request{Op: wire.OpHello, Version: wire.Version}, &h); err != nil {
		nc.Close()
		return nil, err
	}
	for _, id := range h.Titles {
		t, err := games.ByID(id)
		if err != nil {
			nc.Close()
			return nil, fmt.Errorf("platform: the platform offers title %q, which this screen does not have: %w", id, err)
		}
		c.titles = append(c.titles, t)
	}
	c.mu.Lock()
	c.hello, c.status, c.gamble, c.levels, c.soundOn = h, h.Status, h.Gamble, h.Levels, h.Sound
	if h.Status.Game != 0 && len(h.Outcome) > 0 {
		c.present = &machine.Output{Kind: machine.OutPresent, Step: h.Status.Step, Outcome: h.Outcome}
	}
	c.mu.Unlock()
	return c, nil
}

// Close ends the connection.
func (c *Client) Close() error { return c.nc.Close() }

// Done is closed when the connection ends; Err says why.
func (c *Client) Done() <-chan struct{} { return c.done }

// Err is why the connection ended (nil while it lasts).
func (c *Client) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Build is the platform's version and commit.
func (c *Client) Build() string { return c.hello.Build }

// Options are the platform's settings for the screen.
func (c *Client) Options() wire.ScreenOptions { return c.hello.Options }

// Titles are the titles the machine offers.
func (c *Client) Titles() []*slot.Title { return c.titles }

// Resumed reports the game in progress when the screen connected, and the step
// it resumes at.
func (c *Client) Resumed() (game uint64, step int, ok bool) {
	st := c.hello.Status
	return st.Game, st.Step, st.Game != 0
}

// read reads the platform's lines in order: pushes update the client and go to
// the subscribers; replies wake their callers.
func (c *Client) read() {
	sc := bufio.NewScanner(c.nc)
	sc.Buffer(make([]byte, 64<<10), wire.MaxLine)
	var err error
	for sc.Scan() {
		var m wire.Message
		if err = json.Unmarshal(sc.Bytes(), &m); err != nil {
			err = fmt.Errorf("platform: a line from the platform: %w", err)
			break
		}
		if m.ID != 0 {
			c.mu.Lock()
			ch := c.waiting[m.ID]
			delete(c.waiting, m.ID)
			c.mu.Unlock()
			if ch != nil {
				ch <- m
			}
			continue
		}
		if m.Push == wire.PushQuit {
			err = ErrDisconnected
			break
		}
		c.pushed(m)
	}
	if err == nil {
		err = sc.Err()
	}
	if err == nil {
		err = ErrDisconnected
	} else if !errors.Is(err, ErrDisconnected) {
		err = fmt.Errorf("%w: %v", ErrDisconnected, err)
	}
	c.mu.Lock()
	c.err = err
	for id, ch := range c.waiting {
		ch <- wire.Message{ID: id, Error: wire.EncodeError(err)}
		delete(c.waiting, id)
	}
	c.mu.Unlock()
	close(c.done)
	c.nc.Close()
}

// pushed applies one push.
func (c *Client) pushed(m wire.Message) {
	switch m.Push {
	case wire.PushOutput:
		if m.Output == nil {
			return
		}
		o := *m.Output
		c.dmu.Lock()
		defer c.dmu.Unlock()
		c.mu.Lock()
		switch o.Kind {
		case machine.OutState:
			if o.Status != nil {
				c.status = *o.Status
				c.gamble = m.Gamble
			}
		case machine.OutPresent:
			c.present = &o
		}
		subs := c.subs
		c.mu.Unlock()
		for _, fn := range subs {
			fn(o)
		}
	case wire.PushLevels:
		if m.Levels != nil {
			c.mu.Lock()
			c.levels = *m.Levels
			c.mu.Unlock()
		}
	case wire.PushCabinet:
		c.mu.Lock()
		fn := c.cabinet
		c.mu.Unlock()
		if fn != nil && m.Key != "" {
			fn(m.Key)
		}
	case wire.PushSound:
		if m.Sound != nil {
			c.mu.Lock()
			c.soundOn = *m.Sound
			fn := c.sound
			c.mu.Unlock()
			if fn != nil {
				fn(*m.Sound)
			}
		}
	}
}

// call sends r and waits for its reply; the result goes into res (nil: none).
func (c *Client) call(r wire.Request, res any) error {
	ch := make(chan wire.Message, 1)
	c.mu.Lock()
	if c.err != nil {
		err := c.err
		c.mu.Unlock()
		return err
	}
	c.nextID++
	r.ID = c.nextID
	c.waiting[r.ID] = ch
	c.mu.Unlock()
	c.wmu.Lock()
	err := c.enc.Encode(r)
	c.wmu.Unlock()
	if err != nil {
		c.mu.Lock()
		delete(c.waiting, r.ID)
		c.mu.Unlock()
		return fmt.Errorf("%w: %v", ErrDisconnected, err)
	}
	m := <-ch
	if err := m.Error.Decode(); err != nil {
		return err
	}
	if res != nil && len(m.Result) > 0 {
		if err := json.Unmarshal(m.Result, res); err != nil {
			return fmt.Errorf("platform: the answer to %s: %w", r.Op, err)
		}
	}
	return nil
}

// ---- the machine, as the screen sees it ----

// Status is the machine's latest status the platform pushed.
func (c *Client) Status() machine.Status {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.status
}

// Handle hands an input to the machine and returns its answer (nil or the
// machine's refusal); the outputs it caused have reached the subscribers by then.
func (c *Client) Handle(in machine.Input) error {
	return c.call(wire.Request{Op: wire.OpHandle, Input: &in}, nil)
}

// Subscribe adds fn to the outputs. A new subscriber is given the game in
// progress first (its OutPresent at the step to show, then the status), as a
// machine booting with a game in progress gives it.
func (c *Client) Subscribe(fn func(machine.Output)) {
	c.dmu.Lock()
	defer c.dmu.Unlock()
	c.mu.Lock()
	c.subs = append(c.subs, fn)
	st, p := c.status, c.present
	c.mu.Unlock()
	if st.Game != 0 && p != nil {
		fn(machine.Output{Kind: machine.OutPresent, Step: st.Step, Outcome: p.Outcome})
		fn(machine.Output{Kind: machine.OutState, Status: &st})
	}
}

// GambleHistory is the gamble in play, as the platform pushed it with the
// status that offers it.
func (c *Client) GambleHistory() (gamble.Round, gamble.History, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gamble == nil || c.status.State != machine.GambleOffered {
		return gamble.Round{}, gamble.History{}, fmt.Errorf("%w: no gamble in play", machine.ErrRefused)
	}
	return c.gamble.Round, c.gamble.History, nil
}

// Config is the machine's configuration now.
func (c *Client) Config() settings.Config {
	var cfg settings.Config
	if err := c.call(wire.Request{Op: wire.OpConfig}, &cfg); err != nil {
		return c.hello.Config
	}
	return cfg
}

// View reads critical memory through the platform: fn gets a copy of the
// committed state (without the machine's private values).
func (c *Client) View(fn func(*meters.Snapshot)) error {
	var raw json.RawMessage
	if err := c.call(wire.Request{Op: wire.OpView}, &raw); err != nil {
		return err
	}
	v, err := meters.DecodeSnapshot(raw)
	if err != nil {
		return fmt.Errorf("platform: view: %w", err)
	}
	fn(v)
	return nil
}

// Seq is critical memory's commit sequence number (0 without a store or a
// platform).
func (c *Client) Seq() uint64 {
	var n uint64
	if err := c.call(wire.Request{Op: wire.OpSeq}, &n); err != nil {
		return 0
	}
	return n
}

// LinkStats reads the running platform's floor link counters (frames served,
// ignored by cause, CRC and line errors, exceptions delivered and re-delivered);
// wire.ErrUnavailable when it runs no floor link.
func (c *Client) LinkStats() (sas.Stats, error) {
	var st sas.Stats
	err := c.call(wire.Request{Op: wire.OpLink}, &st)
	return st, err
}

// wire.Levels are the linked jackpot levels the floor broadcasts.
func (c *Client) Levels() (grand, major, mystery int64, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	l := c.levels
	return l.Grand, l.Major, l.Mystery, l.OK
}

// OnSound calls fn with the floor host's sound switch now and at every change.
func (c *Client) OnSound(fn func(on bool)) {
	c.mu.Lock()
	c.sound = fn
	on := c.soundOn
	c.mu.Unlock()
	fn(on)
}

// OnCabinet installs fn, called with each cabinet key or deck button the
// platform pushes ("operator_key": open the operator menu; "help"; a button's
// name). fn runs on the client's reader: it must not call the platform.
func (c *Client) OnCabinet(fn func(key string)) {
	c.mu.Lock()
	c.cabinet = fn
	c.mu.Unlock()
}

// ---- the operator PIN ----

// IsSet reports whether an operator PIN is set.
func (c *Client) IsSet() (bool, error) {
	var set bool
	err := c.call(wire.Request{Op: wire.OpPINIsSet}, &set)
	return set, err
}

// Verify checks the operator PIN (operator.ErrWrongPIN, ErrLockedOut…).
func (c *Client) Verify(pin string) error {
	return c.call(wire.Request{Op: wire.OpPINVerify, PIN: pin}, nil)
}

// Set sets the first operator PIN.
func (c *Client) Set(pin string) error { return c.call(wire.Request{Op: wire.OpPINSet, PIN: pin}, nil) }

// Change changes the operator PIN.
func (c *Client) Change(current, next string) error {
	return c.call(wire.Request{Op: wire.OpPINChange, PIN: current, Next: next}, nil)
}

// ---- the wallet's codes ----

// Present is the wallet's QR code of kind: its text and what it says.
func (c *Client) Present(kind wallet.Kind) (string, wallet.Payload, error) {
	var r wire.CodeResult
	if err := c.call(wire.Request{Op: wire.OpCode, Kind: uint8(kind)}, &r); err != nil {
		return "", wallet.Payload{}, err
	}
	return r.Text, r.Payload, nil
}
