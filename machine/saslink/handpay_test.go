package saslink

import (
	"bytes"
	"testing"
	"time"

	"egm/machine"
	"egm/machine/settings"
	"egm/rng"
	"egm/sas"
)

// TestHandpayReissue: while a handpay waits unread, 51 is raised again every
// HandpayReissue (not while one still waits undelivered); reading it with 1B
// ends that; the attendant's reset clears the clock.
func TestHandpayReissue(t *testing.T) {
	m, b := handpayBridge(t, 4000, 3)
	if err := b.LegacyBonus(500_00, 0); err != nil { // above the handpay limit: a handpay lockup
		t.Fatal(err)
	}
	if s := m.Status(); s.State != machine.HandpayLockup {
		t.Fatalf("after a bonus over the limit: %s", s.State)
	}
	drain := func() (n51 int) {
		b.mu.Lock()
		defer b.mu.Unlock()
		for b.queue.Len() > 0 {
			if b.queue.Head() == sas.ExHandpayPending {
				n51++
			}
			b.queue.Pop()
		}
		return n51
	}
	if n := drain(); n != 1 {
		t.Fatalf("the lockup raised 51 %d times, want once", n)
	}
	t0 := time.Unix(1_000_000, 0)
	steps := []struct {
		after time.Duration
		read  bool // the host reads 1B before this tick
		drain bool // the host polls the queue empty after this tick
		want  bool
	}{
		{0, false, false, false},                 // the clock starts
		{14 * time.Second, false, false, false},  // not yet
		{15 * time.Second, false, false, true},   // raised again
		{30 * time.Second, false, true, false},   // the last one still waits: not twice
		{45 * time.Second, false, true, true},    // delivered, unread: again
		{60 * time.Second, true, false, false},   // read with 1B: no more
		{120 * time.Second, false, false, false}, //
	}
	for i, s := range steps {
		if s.read {
			if _, ok := b.PendingHandpay(); !ok {
				t.Fatal("1B: no handpay pending")
			}
		}
		if got := b.handpayTick(t0.Add(s.after)); got != s.want {
			t.Fatalf("tick %d at +%v: raised %v, want %v", i, s.after, got, s.want)
		}
		if s.drain {
			drain()
		}
	}
	if err := m.Handle(machine.Input{Kind: machine.InAttendantKey}); err != nil {
		t.Fatal(err)
	}
	b.handpayTick(t0.Add(121 * time.Second))
	if !b.handpaySince.IsZero() || b.handpayRead {
		t.Fatal("the reset left the handpay's clock running")
	}
}

// TestHandpayInformation pins 1B's reply byte for byte (without address and
// CRC) through the bridge: the amount is the handpay the machine is locked up in
// — a bonus over the limit after a credited one, a bonus after a game, a game's
// win over the limit — and all zeros once it is paid.
func TestHandpayInformation(t *testing.T) {
	m, b := handpayBridge(t, 40_00, 11)
	r := &sas.Responder{M: b}
	reply := func(cents uint64) []byte {
		out := sas.AppendBCD([]byte{0x1B, 0x00, 0x00}, cents, 5)
		return append(out, 0x00, 0x00, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
	}
	check := func(what string, cents uint64) {
		t.Helper()
		got, resp := r.LongPoll(sas.Poll{Addr: 1, Cmd: 0x1B}, nil)
		if want := reply(cents); resp != sas.Reply || !bytes.Equal(got, want) {
			t.Fatalf("%s: 1B\n got % X\nwant % X", what, got, want)
		}
	}
	must := func(in machine.Input) {
		t.Helper()
		if err := m.Handle(in); err != nil {
			t.Fatal(err)
		}
	}
	check("idle", 0)
	if err := b.LegacyBonus(1_23, 0); err != nil {
		t.Fatal(err)
	}
	check("a bonus credited", 0)
	if err := b.LegacyBonus(50_00, 0); err != nil {
		t.Fatal(err)
	}
	if got := reply(50_00); !bytes.Equal(got[3:8], []byte{0x00, 0x00, 0x00, 0x50, 0x00}) {
		t.Fatalf("the expected amount is % X", got[3:8])
	}
	check("a bonus over the limit after one of 1.23", 50_00)
	must(machine.Input{Kind: machine.InAttendantKey})
	check("the bonus paid", 0)

	// A game, then a bonus over the limit.
	must(machine.Input{Kind: machine.InDeposit, Wallet: "w1", Cents: 1_000_000})
	play := func() machine.Status {
		must(machine.Input{Kind: machine.InMaxBet})
		for {
			switch s := m.Status(); s.State {
			case machine.GameInProgress:
				must(machine.Input{Kind: machine.InStepShown, Step: s.Step})
			default:
				return s
			}
		}
	}
	if s := play(); s.State == machine.HandpayLockup {
		must(machine.Input{Kind: machine.InAttendantKey})
	}
	if err := b.LegacyBonus(99_99, 0); err != nil {
		t.Fatal(err)
	}
	check("a bonus over the limit after a game", 99_99)
	must(machine.Input{Kind: machine.InAttendantKey})

	// A game's win over the limit.
	for i := 0; ; i++ {
		if i == 20_000 {
			t.Fatal("no win over the handpay limit in 20,000 games")
		}
		if s := m.Status(); s.CreditsCents < s.BetCents+40_00 {
			must(machine.Input{Kind: machine.InDeposit, Wallet: "w1", Cents: 1_000_000})
		}
		s := play()
		if s.State == machine.HandpayLockup {
			if s.WinCents <= 40_00 || s.HandpayCents != s.WinCents {
				t.Fatalf("handpay lockup: win %d, handpay %d", s.WinCents, s.HandpayCents)
			}
			check("a game's win over the limit", uint64(s.WinCents))
			must(machine.Input{Kind: machine.InAttendantKey})
			check("the win paid", 0)
			return
		}
		if s.State != machine.Idle {
			t.Fatalf("after a game: %s %s", s.State, s.Reason)
		}
	}
}

// handpayBridge is a seeded machine with a handpay limit of limit cents and no
// gamble, and its SAS bridge; both close with the test.
func handpayBridge(t *testing.T, limit int64, seed uint64) (*machine.Machine, *Bridge) {
	t.Helper()
	cfg := settings.DefaultConfig()
	cfg.HandpayLimitCents = limit
	cfg.Gamble.Enabled = false
	m, err := machine.Open(t.TempDir(), cfg, machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(seed)}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	b, err := New(m, "EGM-HP", func() ([]byte, error) { return []byte("program"), nil })
	if err != nil {
		t.Fatal(err)
	}
	return m, b
}
