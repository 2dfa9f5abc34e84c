package platform

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net"
	"sync"
	"time"

	"egm/features/gamble"
	"egm/games/slot"
	"egm/machine"
	"egm/machine/settings"
	"egm/meters"
	"egm/operator"
	"egm/platform/wire"
	"egm/sas"
	"egm/wallet"
)

// Machine is what the server needs of the machine (*machine.Machine).
type Machine interface {
	Status() machine.Status
	Handle(machine.Input) error
	Subscribe(func(machine.Output))
	GambleHistory() (gamble.Round, gamble.History, error)
	Config() settings.Config
	Titles() []*slot.Title
	View(fn func(*meters.Snapshot)) error
	Seq() uint64
}

// Server serves the screen on a listener. Set its fields before Serve.
type Server struct {
	M       Machine
	Build   string             // the platform's version and commit, for the screen's log
	Options wire.ScreenOptions // Codes and PIN are set by Serve from Codes and PIN
	Codes   *wallet.Presenter  // the wallet's QR codes (nil: none)
	PIN     *operator.PINStore // the operator menu's PIN (nil: no operator menu)
	Levels  func() wire.Levels // the floor's linked levels (nil: none)
	Link    func() sas.Stats   // the floor link's counters (nil: no floor link)
	Log     *log.Logger        // nil: the standard logger
	// Tick is how often the machine gets InTick (the idle cash-out); 0: 1 s.
	Tick time.Duration

	mu     sync.Mutex
	cur    *conn // the screen connected now
	sound  bool  // the floor host's sound switch (on)
	levels wire.Levels
	once   sync.Once
}

// Serve accepts screens on ln until ctx ends; each new connection replaces the
// one before. It closes ln and the connection when it returns.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	s.once.Do(s.init)
	go func() {
		<-ctx.Done()
		ln.Close()
	}()
	go s.tick(ctx)
	for {
		nc, err := ln.Accept()
		if err != nil {
			s.mu.Lock()
			c := s.cur
			s.mu.Unlock()
			if c != nil {
				c.send(wire.Message{Push: wire.PushQuit})
				c.close()
			}
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("platform: accept: %w", err)
		}
		go newConn(s, nc).serve()
	}
}

func (s *Server) init() {
	s.sound = true
	if s.Codes != nil {
		s.Options.Codes = true
	}
	if s.PIN != nil {
		s.Options.PIN = true
	}
	s.M.Subscribe(s.output)
}

func (s *Server) logf(format string, args ...any) {
	if s.Log != nil {
		s.Log.Printf(format, args...)
		return
	}
	log.Printf(format, args...)
}

// SetSound is the floor host's sound switch (SAS long polls 03/04): the screen
// is told now and on connecting.
func (s *Server) SetSound(on bool) {
	s.mu.Lock()
	s.sound = on
	c := s.cur
	s.mu.Unlock()
	if c != nil {
		c.push(wire.Message{Push: wire.PushSound, Sound: &on})
	}
}

// CabinetKey tells the screen connected now of a cabinet key or deck button
// (the cabinet package's names: "operator_key" opens the operator menu); with
// no screen it is dropped, since it acts only on the screen.
func (s *Server) CabinetKey(key string) {
	s.mu.Lock()
	c := s.cur
	s.mu.Unlock()
	if c != nil {
		c.push(wire.Message{Push: wire.PushCabinet, Key: key})
	}
}

// tick sends the machine InTick (the idle cash-out and the AFT lock's expiry run
// whether or not a screen is connected) and pushes the linked levels when they
// change.
func (s *Server) tick(ctx context.Context) {
	every := s.Tick
	if every <= 0 {
		every = time.Second
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if err := s.M.Handle(machine.Input{Kind: machine.InTick}); err != nil && !errors.Is(err, machine.ErrRefused) {
			s.logf("platform: tick: %v", err)
		}
		if s.Levels == nil {
			continue
		}
		l := s.Levels()
		s.mu.Lock()
		changed := l != s.levels
		s.levels = l
		c := s.cur
		s.mu.Unlock()
		if changed && c != nil {
			c.push(wire.Message{Push: wire.PushLevels, Levels: &l})
		}
	}
}

// output is the machine's subscriber: every output goes to the screen in order.
func (s *Server) output(o machine.Output) {
	s.mu.Lock()
	c := s.cur
	s.mu.Unlock()
	if c == nil {
		return
	}
	m := wire.Message{Push: wire.PushOutput, Output: &o}
	if o.Kind == machine.OutState && o.Status != nil && o.Status.State == machine.GambleOffered {
		m.Gamble = s.gamble()
	}
	c.push(m)
}

func (s *Server) gamble() *wire.GambleState {
	r, h, err := s.M.GambleHistory()
	if err != nil {
		return nil
	}
	return &wire.GambleState{Round: r, History: h}
}

// hello is what a screen learns on connecting.
func (s *Server) hello() wire.HelloResult {
	st := s.M.Status()
	h := wire.HelloResult{Version: wire.Version, Build: s.Build, Config: s.M.Config(), Status: st, Options: s.Options}
	for _, t := range s.M.Titles() {
		h.Titles = append(h.Titles, t.Spec.ID)
	}
	if st.State == machine.GambleOffered {
		h.Gamble = s.gamble()
	}
	if st.Game != 0 {
		_ = s.M.View(func(v *meters.Snapshot) {
			if g, ok := v.Game(); ok && g.Number == st.Game {
				h.Outcome = g.Outcome
			}
		})
	}
	s.mu.Lock()
	h.Sound, h.Levels = s.sound, s.levels
	s.mu.Unlock()
	return h
}

// conn is one screen's connection: requests are read in order; inputs for the
// machine are handled one at a time in the order they came; the rest are
// answered as they finish. Everything written goes through one queue, so an
// input's outputs reach the screen before the input's reply.
type conn struct {
	s  *Server
	nc net.Conn

	mu     sync.Mutex
	queue  []wire.Message
	wake   chan struct{}
	closed bool
	drain  bool // close once the queue is written
	reader bool // a reader's connection: reads only, no pushes
	hello  bool // the hello was answered: outputs are pushed from then on

	inputs chan wire.Request
	done   chan struct{}
}

// maxQueue bounds the messages waiting for a screen that does not read: past it
// the screen is cut off (it reconnects and starts from the status).
const maxQueue = 4096

func newConn(s *Server, nc net.Conn) *conn {
	return &conn{s: s, nc: nc, wake: make(chan struct{}, 1), inputs: make(chan wire.Request, 256), done: make(chan struct{})}
}

// push queues an output after the hello; before it the hello's status covers it.
func (c *conn) push(m wire.Message) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.hello {
		c.sendLocked(m)
	}
}

func (c *conn) send(m wire.Message) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sendLocked(m)
}

func (c *conn) sendLocked(m wire.Message) {
	if c.closed {
		return
	}
	if len(c.queue) >= maxQueue {
		c.s.logf("platform: the screen reads nothing: %d messages wait; it is cut off", len(c.queue))
		c.closeLocked()
		return
	}
	c.queue = append(c.queue, m)
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

func (c *conn) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closeLocked()
}

func (c *conn) closeLocked() {
	if !c.closed {
		c.closed = true
		close(c.done)
		c.nc.Close()
	}
}

// finish closes the connection once what is queued is written.
func (c *conn) finish() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.drain = true
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

func (c *conn) serve() {
	defer c.finish()
	defer c.s.forget(c)
	go c.write()
	go c.handleInputs()
	sc := bufio.NewScanner(c.nc)
	sc.Buffer(make([]byte, 64<<10), wire.MaxLine)
	for sc.Scan() {
		var r wire.Request
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			c.s.logf("platform: a line from the screen that is not a wire.Request (%v): %.200q", err, sc.Bytes())
			continue
		}
		if !c.request(r) {
			return
		}
	}
	c.mu.Lock()
	ours, reader, greeted := c.closed, c.reader, c.hello
	c.mu.Unlock()
	if l := endLine(ours, reader, greeted, sc.Err()); l != "" {
		c.s.logf("%s", l)
	}
}

// forget drops c as the screen connected now once its connection has ended, so
// that cabinet keys, the sound switch and the levels go to no screen rather than to
// a dead one (a screen that reconnects starts again from its hello).
func (s *Server) forget(c *conn) {
	s.mu.Lock()
	if s.cur == c {
		s.cur = nil
	}
	s.mu.Unlock()
}

// endLine is the log line of a connection that ended: ours when the platform
// closed it (a new screen replaced it, the screen read nothing, the platform
// stops: each says so where it happens, so nothing here), reader for a reader of
// critical memory, greeted once the hello was answered, err the read's error.
func endLine(ours, reader, greeted bool, err error) string {
	who := "the screen"
	if reader {
		who = "a reader of critical memory (egm meters, recall, events, link)"
	}
	switch {
	case ours:
		return ""
	case err != nil && !errors.Is(err, net.ErrClosed):
		return fmt.Sprintf("platform: %s: the connection failed: %v", who, err)
	case reader || greeted:
		return "platform: " + who + " disconnected"
	}
	return "platform: a connection closed before its hello"
}

// wire.Request answers r; false ends the connection.
func (c *conn) request(r wire.Request) bool {
	c.mu.Lock()
	greeted := c.hello
	c.mu.Unlock()
	if !greeted && r.Op != wire.OpHello {
		c.reply(r.ID, nil, fmt.Errorf("platform: %q before the hello", r.Op))
		return true
	}
	c.mu.Lock()
	reader := c.reader
	c.mu.Unlock()
	if reader && r.Op != wire.OpView && r.Op != wire.OpSeq && r.Op != wire.OpConfig && r.Op != wire.OpLink {
		c.reply(r.ID, nil, fmt.Errorf("platform: a reader may not %s", r.Op))
		return true
	}
	switch r.Op {
	case wire.OpHello:
		if r.Version != wire.Version {
			c.reply(r.ID, nil, fmt.Errorf("%w: the screen speaks %d, the platform %d", wire.ErrVersion, r.Version, wire.Version))
			return false
		}
		switch r.Role {
		case wire.RoleReader: // a reader of critical memory (egm meters on a running cabinet)
			c.mu.Lock()
			c.reader, c.hello = true, true
			c.mu.Unlock()
			c.reply(r.ID, fmt.Appendf(nil, `{"version":%d}`, wire.Version), nil)
			return true
		case "", wire.RoleScreen:
		default:
			c.reply(r.ID, nil, fmt.Errorf("platform: unknown role %q", r.Role))
			return false
		}
		c.s.mu.Lock()
		old := c.s.cur
		c.s.cur = c
		c.s.mu.Unlock()
		if old != nil {
			c.s.logf("platform: a new screen connection replaces the one before")
			old.close()
		}
		// The hello's status is read and queued under the connection's lock that
		// output() needs to queue: an output either precedes the status read (and
		// is in it) or follows the reply.
		c.mu.Lock()
		h := c.s.hello()
		b, err := json.Marshal(h)
		c.sendLocked(wire.Message{ID: r.ID, Result: b, Error: wire.EncodeError(err)})
		c.hello = true
		c.mu.Unlock()
		c.s.logf("platform: screen connected: %s, game %d at step %d", h.Status.State, h.Status.Game, h.Status.Step)
	case wire.OpHandle:
		if r.Input == nil {
			c.reply(r.ID, nil, errors.New("platform: handle without an input"))
			return true
		}
		select {
		case c.inputs <- r:
		case <-c.done:
			return false
		}
	default:
		go c.answer(r)
	}
	return true
}

// handleInputs hands the screen's inputs to the machine in order.
func (c *conn) handleInputs() {
	first := false
	for {
		select {
		case r := <-c.inputs:
			err := c.s.M.Handle(*r.Input)
			if in := *r.Input; in.Kind == machine.InStepShown && !first {
				first = true // what a restarted screen showed first, for the logs and the lab
				c.s.logf("platform: the screen showed step %d first (%v)", in.Step, errOr(err))
			}
			c.reply(r.ID, nil, err)
		case <-c.done:
			return
		}
	}
}

// answer answers a wire.Request that is not an input.
func (c *conn) answer(r wire.Request) {
	var res any
	var err error
	s := c.s
	switch r.Op {
	case wire.OpConfig:
		res = s.M.Config()
	case wire.OpView:
		var b []byte
		if err = s.M.View(func(v *meters.Snapshot) { b, err = json.Marshal(v) }); err == nil {
			res = json.RawMessage(b)
		}
	case wire.OpSeq:
		res = s.M.Seq()
	case wire.OpPINIsSet, wire.OpPINVerify, wire.OpPINSet, wire.OpPINChange:
		res, err = c.pin(r)
	case wire.OpLink:
		if s.Link == nil {
			err = fmt.Errorf("%w: no floor link", wire.ErrUnavailable)
			break
		}
		res = s.Link()
	case wire.OpCode:
		if s.Codes == nil {
			err = fmt.Errorf("%w: no wallet codes", wire.ErrUnavailable)
			break
		}
		var cr wire.CodeResult
		cr.Text, cr.Payload, err = s.Codes.Present(wallet.Kind(r.Kind))
		res = cr
	default:
		err = fmt.Errorf("platform: unknown wire.Request %q", r.Op)
	}
	var b []byte
	if err == nil && res != nil {
		if raw, ok := res.(json.RawMessage); ok {
			b = raw
		} else {
			b, err = json.Marshal(res)
		}
	}
	c.reply(r.ID, b, err)
}

func (c *conn) pin(r wire.Request) (any, error) {
	p := c.s.PIN
	if p == nil {
		return nil, fmt.Errorf("%w: no operator PIN", wire.ErrUnavailable)
	}
	switch r.Op {
	case wire.OpPINIsSet:
		return p.IsSet()
	case wire.OpPINVerify:
		return nil, p.Verify(r.PIN)
	case wire.OpPINSet:
		return nil, p.Set(r.PIN)
	default:
		return nil, p.Change(r.PIN, r.Next)
	}
}

func (c *conn) reply(id uint64, result []byte, err error) {
	c.send(wire.Message{ID: id, Result: result, Error: wire.EncodeError(err)})
}

// write writes the queue to the screen, in order.
func (c *conn) write() {
	w := bufio.NewWriter(c.nc)
	for {
		select {
		case <-c.wake:
		case <-c.done:
			return
		}
		c.mu.Lock()
		q, drain := c.queue, c.drain
		c.queue = nil
		c.mu.Unlock()
		for _, m := range q {
			b, err := json.Marshal(m)
			if err != nil {
				c.s.logf("platform: a wire.Message for the screen: %v", err)
				continue
			}
			w.Write(b)
			w.WriteByte('\n')
		}
		if err := w.Flush(); err != nil || drain {
			c.close()
			return
		}
	}
}

func errOr(err error) string {
	if err == nil {
		return "accepted"
	}
	return err.Error()
}
