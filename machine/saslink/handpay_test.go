package saslink

import (
	"testing"
	"time"

	"egm/machine"
	"egm/rng"
	"egm/sas"
)

// TestHandpayReissue: while a handpay waits unread, 51 is raised again every
// HandpayReissue (not while one still waits undelivered); reading it with 1B
// ends that; the attendant's reset clears the clock.
func TestHandpayReissue(t *testing.T) {
	cfg := machine.DefaultConfig()
	cfg.HandpayLimitCents = 4000
	cfg.Gamble.Enabled = false
	m, err := machine.Open(t.TempDir(), cfg, machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(3)}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	b, err := New(m, "EGM-HP", func() ([]byte, error) { return []byte("program"), nil })
	if err != nil {
		t.Fatal(err)
	}
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
