package platform

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"log"
	"net"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"egm/machine"
	"egm/machine/refusal"
	"egm/machine/settings"
	"egm/meters"
	"egm/operator"
	"egm/platform/screen"
	"egm/platform/wire"
	"egm/rng"
	"egm/sas"
)

// testLog writes the server's log lines to the test's log until the test ends
// (the server's goroutines may log a disconnection after it).
type testLog struct {
	t    testing.TB
	mu   sync.Mutex
	over bool
}

func newTestLog(t testing.TB) *testLog {
	w := &testLog{t: t}
	t.Cleanup(func() {
		w.mu.Lock()
		w.over = true
		w.mu.Unlock()
	})
	return w
}

func (w *testLog) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.over {
		w.t.Log(strings.TrimSpace(string(b)))
	}
	return len(b), nil
}

// rig is a machine served on a unix socket in its state directory.
type rig struct {
	m    *machine.Machine
	srv  *Server
	sock string
	stop context.CancelFunc
	done chan error
}

func newRig(t testing.TB, srv *Server) *rig {
	t.Helper()
	dir := t.TempDir()
	cfg := settings.DefaultConfig()
	cfg.Gamble.Enabled = false
	m, err := machine.Open(dir, cfg, machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(7)}})
	if err != nil {
		t.Fatal(err)
	}
	if srv == nil {
		srv = &Server{}
	}
	srv.M, srv.Build = m, "test"
	if srv.Log == nil {
		srv.Log = log.New(newTestLog(t), "", 0)
	}
	r := &rig{m: m, srv: srv, sock: filepath.Join(dir, wire.SocketName), done: make(chan error, 1)}
	ln, err := Listen(r.sock)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	r.stop = cancel
	go func() { r.done <- srv.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		<-r.done
		m.Close()
	})
	return r
}

func (r *rig) dial(t *testing.T) *screen.Client {
	t.Helper()
	c, err := screen.Dial(r.sock, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// recorder keeps the outputs a subscriber saw.
type recorder struct {
	mu   sync.Mutex
	outs []machine.Output
}

func (r *recorder) add(o machine.Output) {
	r.mu.Lock()
	r.outs = append(r.outs, o)
	r.mu.Unlock()
}

func (r *recorder) kinds() []machine.OutputKind {
	r.mu.Lock()
	defer r.mu.Unlock()
	var ks []machine.OutputKind
	for _, o := range r.outs {
		ks = append(ks, o.Kind)
	}
	return ks
}

// The screen sees the machine as an in-process subscriber would: the status, the
// outputs of an input before the input's answer, refusals typed, critical memory
// through a view equal to the machine's own.
func TestClientPlaysOnTheMachine(t *testing.T) {
	r := newRig(t, nil)
	c := r.dial(t)
	if got, want := c.Status(), r.m.Status(); got.State != want.State || got.CreditsCents != want.CreditsCents || got.Title != want.Title {
		t.Fatalf("hello status %+v, machine %+v", got, want)
	}
	if len(c.Titles()) != len(r.m.Titles()) {
		t.Fatalf("%d titles, machine offers %d", len(c.Titles()), len(r.m.Titles()))
	}
	var rec recorder
	c.Subscribe(rec.add)
	if err := c.Handle(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 100}); err != nil {
		t.Fatal(err)
	}
	if ks := rec.kinds(); len(ks) == 0 || ks[len(ks)-1] != machine.OutState {
		t.Fatalf("the deposit's outputs had not arrived when Handle returned: %v", ks)
	}
	if c.Status().CreditsCents != 100 {
		t.Fatalf("credits %d after a deposit of 100", c.Status().CreditsCents)
	}
	// A bet above the balance: the machine's Refusal, whole.
	if err := c.Handle(machine.Input{Kind: machine.InMaxBet}); !errors.Is(err, machine.ErrRefused) {
		t.Fatalf("max bet over the balance: %v", err)
	} else if msg, v, ok := refusal.PlayerMessage(err); !ok || msg != "play.refused.balance" || v.Amounts["Credit"] != 100 || v.Amounts["Bet"] <= 100 {
		t.Fatalf("the refusal lost its player's Message: %v (%q %+v)", err, msg, v)
	}
	// BET DOWN and DENOM cross as the machine's inputs, which it works out; the
	// client's status follows from the pushes.
	st := r.m.Status()
	lo, hi, _ := r.m.BetRange(st.Title, st.DenomCents)
	if err := c.Handle(machine.Input{Kind: machine.InSetBet, Credits: lo}); err != nil {
		t.Fatal(err)
	}
	st = r.m.Status()
	ds := r.m.Denominations(st.Title)
	if st.BetPerLine != lo || len(ds) < 2 || st.DenomCents != ds[0] {
		t.Fatalf("%d credits (range %d..%d) at %d of %v: the test wants the smallest bet at the first of two", st.BetPerLine, lo, hi, st.DenomCents, ds)
	}
	for _, k := range []machine.InputKind{machine.InBetDown, machine.InNextDenom} {
		if err := c.Handle(machine.Input{Kind: k}); err != nil {
			t.Fatalf("%s: %v", k, err)
		}
	}
	_, hi1, _ := r.m.BetRange(st.Title, ds[1])
	if got, want := c.Status(), r.m.Status(); got.DenomCents != ds[1] || got.BetPerLine != min(hi, hi1) || got.BetPerLine != want.BetPerLine || got.DenomCents != want.DenomCents {
		t.Errorf("after bet_down and next_denom: client %d cents %d credits, machine %d cents %d credits; want %d cents %d credits",
			got.DenomCents, got.BetPerLine, want.DenomCents, want.BetPerLine, ds[1], min(hi, hi1))
	}
	var got, want meters.Meters
	if err := c.View(func(v *meters.Snapshot) { got = v.Meters() }); err != nil {
		t.Fatal(err)
	}
	r.m.View(func(v *meters.Snapshot) { want = v.Meters() })
	if got != want || got[meters.WalletIn] != 100 {
		t.Errorf("view meters %v, machine %v", got, want)
	}
	if c.Seq() != r.m.Seq() || c.Seq() == 0 {
		t.Errorf("seq %d, machine %d", c.Seq(), r.m.Seq())
	}
	if c.Config().HandpayLimitCents != r.m.Config().HandpayLimitCents {
		t.Error("configuration differs")
	}
}

// A screen that reconnects in the middle of a game gets the game's stored outcome
// at its committed step, and shows it from there.
func TestReconnectResumesTheGame(t *testing.T) {
	r := newRig(t, nil)
	c := r.dial(t)
	if err := c.Handle(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 500_00}); err != nil {
		t.Fatal(err)
	}
	// Spin until a game has more than one step; present its first step only.
	var outcome []byte
	for spins := 0; ; spins++ {
		if spins == 2000 {
			t.Fatal("no game with features in 2000 spins")
		}
		var rec recorder
		c.Subscribe(rec.add)
		if err := c.Handle(machine.Input{Kind: machine.InSpin}); err != nil {
			t.Fatal(err)
		}
		st := c.Status()
		if st.Steps > 1 {
			if err := c.Handle(machine.Input{Kind: machine.InStepShown, Step: 0}); err != nil {
				t.Fatal(err)
			}
			r.m.View(func(v *meters.Snapshot) { g, _ := v.Game(); outcome = g.Outcome })
			break
		}
		if err := c.Handle(machine.Input{Kind: machine.InStepShown, Step: 0}); err != nil {
			t.Fatal(err)
		}
	}
	c.Close()
	<-c.Done()

	c2 := r.dial(t)
	game, step, ok := c2.Resumed()
	if !ok || step != 1 || game != r.m.Status().Game {
		t.Fatalf("resumed game %d step %d %v; machine at game %d step %d", game, step, ok, r.m.Status().Game, r.m.Status().Step)
	}
	var rec recorder
	c2.Subscribe(rec.add)
	rec.mu.Lock()
	outs := rec.outs
	rec.mu.Unlock()
	if len(outs) < 2 || outs[0].Kind != machine.OutPresent || outs[0].Step != 1 || !bytes.Equal(outs[0].Outcome, outcome) || outs[1].Kind != machine.OutState {
		t.Fatalf("a new subscriber got %+v", outs)
	}
	if err := c2.Handle(machine.Input{Kind: machine.InStepShown, Step: 1}); err != nil {
		t.Fatalf("the resumed step is not the machine's: %v", err)
	}
}

// The operator PIN is the platform's: its errors stay errors.Is-able on the screen,
// and a platform without one says so.
func TestPINOverTheSocket(t *testing.T) {
	r := newRig(t, nil)
	if _, err := r.dial(t).IsSet(); !errors.Is(err, wire.ErrUnavailable) {
		t.Fatalf("no PIN store: %v", err)
	}
	r2 := newRig(t, &Server{PIN: operator.Open(t.TempDir(), operator.Options{})})
	c := r2.dial(t)
	if set, err := c.IsSet(); err != nil || set {
		t.Fatalf("a new PIN store: set %v, %v", set, err)
	}
	if err := c.Set("2468"); err != nil {
		t.Fatal(err)
	}
	if err := c.Verify("1111"); !errors.Is(err, operator.ErrWrongPIN) {
		t.Fatalf("a wrong PIN: %v", err)
	}
	if err := c.Verify("2468"); err != nil {
		t.Fatal(err)
	}
}

// Lines that are not requests, requests before the hello and unknown requests are
// answered or ignored; the platform goes on serving.
func TestServerIgnoresGarbage(t *testing.T) {
	r := newRig(t, nil)
	nc, err := net.Dial("unix", r.sock)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	nc.Write([]byte("not json\n{\"id\":1,\"op\":\"view\"}\n{\"id\":2,\"op\":\"hello\",\"version\":99}\n"))
	buf := make([]byte, 4096)
	nc.SetReadDeadline(time.Now().Add(10 * time.Second))
	var got strings.Builder
	for !strings.Contains(got.String(), `"id":2`) {
		n, err := nc.Read(buf)
		if err != nil {
			t.Fatalf("read: %v (so far %s)", err, got.String())
		}
		got.Write(buf[:n])
	}
	if !strings.Contains(got.String(), "before the hello") || !strings.Contains(got.String(), `"is":"version"`) {
		t.Errorf("answers: %s", got.String())
	}
	c := r.dial(t) // still serving
	if c.Status().Title == "" {
		t.Error("no status after the garbage")
	}
}

// A newer screen takes the socket: the older one is told it is disconnected.
func TestNewScreenReplacesOld(t *testing.T) {
	r := newRig(t, nil)
	old := r.dial(t)
	r.dial(t)
	select {
	case <-old.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the old connection lives on")
	}
	if err := old.Handle(machine.Input{Kind: machine.InTick}); !errors.Is(err, screen.ErrDisconnected) {
		t.Errorf("a call on the old connection: %v", err)
	}
}

// A reader reads critical memory beside the screen, which keeps its connection;
// it may not send inputs.
func TestReaderBesideTheScreen(t *testing.T) {
	r := newRig(t, nil)
	scr := r.dial(t)
	rd, err := screen.DialReader(r.sock, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	var seq uint64
	if err := rd.View(func(v *meters.Snapshot) { seq = v.Seq() }); err != nil || seq == 0 {
		t.Fatalf("reader view: seq %d, %v", seq, err)
	}
	if err := rd.Handle(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 100}); err == nil {
		t.Fatal("a reader's input was taken")
	}
	if err := scr.Handle(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 100}); err != nil {
		t.Fatalf("the screen lost its connection to a reader: %v", err)
	}
}

// TestReaderReadsLinkStats: a reader gets the floor link's counters from the
// platform that runs the link, and wire.ErrUnavailable from one that runs none.
func TestReaderReadsLinkStats(t *testing.T) {
	want := sas.Stats{Polls: 12, Served: 11, Ignored: 3, IgnoredBy: map[string]uint64{sas.CauseCRC: 2}, CRCErrors: 2, Redelivered: 1}
	for _, c := range []struct {
		link func() sas.Stats
		err  error
	}{{func() sas.Stats { return want }, nil}, {nil, wire.ErrUnavailable}} {
		r := newRig(t, &Server{Link: c.link})
		rd, err := screen.DialReader(r.sock, 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		got, err := rd.LinkStats()
		rd.Close()
		if !errors.Is(err, c.err) || (c.err == nil && !reflect.DeepEqual(got, want)) {
			t.Fatalf("link stats %+v, %v; want %+v, %v", got, err, want, c.err)
		}
	}
}

// A connection's end is logged as what it was: a reader is not the screen, a
// connection the platform closed (a stop, a replacement) logs nothing, a closed
// socket is no failure.
func TestConnectionEndLines(t *testing.T) {
	closed := &net.OpError{Op: "read", Net: "unix", Err: net.ErrClosed}
	for _, tc := range []struct {
		name                  string
		ours, reader, greeted bool
		err                   error
		want                  string
	}{
		{"the screen goes", false, false, true, nil, "platform: the screen disconnected"},
		{"a reader goes", false, true, true, nil, "platform: a reader of critical memory (egm meters, recall, events, link) disconnected"},
		{"the platform stops", true, false, true, closed, ""},
		{"replaced", true, false, true, nil, ""},
		{"closed socket, not ours", false, false, true, closed, "platform: the screen disconnected"},
		{"a line too long", false, false, true, bufio.ErrTooLong, "platform: the screen: the connection failed: bufio.Scanner: token too long"},
		{"no hello", false, false, false, nil, "platform: a connection closed before its hello"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := endLine(tc.ours, tc.reader, tc.greeted, tc.err); got != tc.want {
				t.Errorf("%q, want %q", got, tc.want)
			}
		})
	}
}

// syncBuf is a log a test reads while the server writes.
type syncBuf struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// A reader's visit (egm meters on a running cabinet) is logged as a reader's,
// never as the screen disconnecting.
func TestReaderLoggedAsReader(t *testing.T) {
	var logs syncBuf
	r := newRig(t, &Server{Log: log.New(&logs, "", 0)})
	rd, err := screen.DialReader(r.sock, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if err := rd.View(func(*meters.Snapshot) {}); err != nil {
		t.Fatal(err)
	}
	rd.Close()
	deadline := time.After(time.Minute) // a budget for an absent line, not a timing
	for !strings.Contains(logs.String(), "a reader of critical memory") {
		select {
		case <-deadline:
			t.Fatalf("no reader's line in a minute:\n%s", logs.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	if strings.Contains(logs.String(), "screen disconnected") {
		t.Errorf("a reader logged as the screen:\n%s", logs.String())
	}
}
