package floor

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"egm/floor/pgtest"
	"egm/sas"
)

// failingJackpots fails the cycle as the floor's database would, while fails > 0.
type failingJackpots struct{ fails atomic.Int32 }

func (j *failingJackpots) Cycle(p *Poller, mt Meters) error {
	if j.fails.Add(-1) >= 0 {
		return DatabaseErr(errors.New("floor: jackpot baseline of machine 1: server closed the connection"))
	}
	return nil
}

// dbWatch records what the loop said of its database.
type dbWatch struct {
	mu   sync.Mutex
	said []bool // true: down, false: up again
}

func (w *dbWatch) note(err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.said = append(w.said, err != nil)
}

func (w *dbWatch) saw() []bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]bool(nil), w.said...)
}

// waitFor polls cond until it holds, failing the test after a generous deadline.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
	}
}

// TestLoopRidesOutItsDatabase: cycles that fail on the floor's database do not
// stop the loop: it says so once, tries again each interval, and once the
// database answers records the exceptions read during the failure, each once,
// and says the database is back.
func TestLoopRidesOutItsDatabase(t *testing.T) {
	eachBackend(t, func(t *testing.T, spec string) {
		for _, fails := range []int32{1, 4} {
			m := &egm{Meters: map[sas.MeterCode]uint64{sas.MeterCoinIn: 4200, sas.MeterGamesPlayed: 3}}
			m.Queue.Push(sas.ExSlotDoorOpen)
			ms, err := ParseMachines([]string{serveTCP(t, m, 1)}, 1)
			if err != nil {
				t.Fatal(err)
			}
			st := openDB(t, spec)
			before, _ := st.Exceptions() // the earlier round's, in the same database
			jp := &failingJackpots{}
			jp.fails.Store(fails)
			w := &dbWatch{}
			ctx, cancel := context.WithCancel(context.Background())
			var cycled atomic.Int32
			l := &Loop{Store: st, Linked: jp, Interval: 10 * time.Millisecond, Database: w.note,
				Cycled: func(*MetersRecord, []Exception) {
					if cycled.Add(1) == 2 {
						cancel()
					}
				}}
			if err := l.Run(ctx, ms); err != nil {
				t.Fatalf("%d failures: run: %v", fails, err)
			}
			ms[0].Close()
			if got := w.saw(); len(got) != 2 || !got[0] || got[1] {
				t.Errorf("%d failures: the loop said down/up %v, want [true false]", fails, got)
			}
			ex, err := st.Exceptions()
			n := 0
			for _, e := range ex {
				if e.Code == sas.ExSlotDoorOpen {
					n++
				}
			}
			if err != nil || n != 1+len(before) {
				t.Errorf("%d failures: the door's exception recorded %d times (%v), want once", fails, n-len(before), err)
			}
			st.Close()
		}
	})
}

// TestLoopReconnectsToPostgres: PostgreSQL cutting every connection of the floor
// (as a restart of the server does) does not stop the loop; the exceptions raised
// afterwards are recorded on new connections.
func TestLoopReconnectsToPostgres(t *testing.T) {
	spec := pgtest.URL(t)
	var b [6]byte
	rand.Read(b[:])
	app := "egm-floor-test-" + hex.EncodeToString(b[:])
	u, err := url.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("application_name", app)
	u.RawQuery = q.Encode()
	st := openDB(t, u.String())
	defer st.Close()
	m := &egm{Meters: map[sas.MeterCode]uint64{sas.MeterCoinIn: 10, sas.MeterGamesPlayed: 1}}
	ms, err := ParseMachines([]string{serveTCP(t, m, 1)}, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer ms[0].Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := &dbWatch{}
	l := &Loop{Store: st, Interval: 10 * time.Millisecond, Database: w.note}
	done := make(chan error, 1)
	go func() { done <- l.Run(ctx, ms) }()
	recorded := func(code byte) func() bool {
		return func() bool {
			ex, err := st.Exceptions()
			for _, e := range ex {
				if err == nil && e.Code == code {
					return true
				}
			}
			return false
		}
	}
	push := func(code byte) { m.Mu.Lock(); m.Queue.Push(code); m.Mu.Unlock() }
	push(sas.ExSlotDoorOpen)
	waitFor(t, "the first exception recorded", recorded(sas.ExSlotDoorOpen))
	for range 3 { // cut every connection of this floor, three times
		cutConnections(t, spec, app)
		time.Sleep(50 * time.Millisecond)
	}
	push(sas.ExSlotDoorClosed)
	waitFor(t, "the exception after the cuts recorded", recorded(sas.ExSlotDoorClosed))
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("run: %v", err)
	}
	if got := w.saw(); len(got)%2 != 0 {
		t.Errorf("the loop said down/up %v: the database not back at the end", got)
	}
}

// cutConnections makes PostgreSQL end every connection of application app.
func cutConnections(t *testing.T, spec, app string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := pgx.Connect(ctx, spec)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(ctx)
	if _, err := c.Exec(ctx, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1", app); err != nil {
		t.Fatal(err)
	}
}
