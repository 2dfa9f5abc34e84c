package floor

import (
	"context"
	"errors"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"egm/sas"
)

func TestParseMachines(t *testing.T) {
	for _, tc := range []struct {
		specs []string
		first int
		addrs []byte
		bad   string
	}{
		{[]string{"tcp:h:1", "pty:/dev/x", "7=tcp:h:2", "tcp:h:3"}, 1, []byte{1, 2, 7, 8}, ""},
		{[]string{"tcp:h:1"}, 127, []byte{127}, ""},
		{[]string{"tcp:h:1", "tcp:h:2"}, 127, nil, "--addr must be 1..127, not 128"},
		{[]string{"2=tcp:h:1", "2=tcp:h:2"}, 1, nil, "two machines at address 2"},
		{[]string{"x=tcp:h:1"}, 1, nil, `address "x" is not a number`},
		{[]string{"udp:h:1"}, 1, nil, `unknown transport "udp"`},
		{[]string{"tcp:"}, 1, nil, "want tcp:HOST:PORT or pty:PATH"},
	} {
		ms, err := ParseMachines(tc.specs, tc.first)
		if tc.bad != "" {
			if err == nil || !strings.Contains(err.Error(), tc.bad) || !strings.HasPrefix(err.Error(), "floor: ") {
				t.Errorf("%v: %v, want %q", tc.specs, err, tc.bad)
			}
			continue
		}
		var got []byte
		for _, m := range ms {
			got = append(got, m.Addr)
		}
		if err != nil || string(got) != string(tc.addrs) {
			t.Errorf("%v: addresses %v %v, want %v", tc.specs, got, err, tc.addrs)
		}
	}
}

// serveTCP serves m at address addr on a loopback listener; it returns the spec.
func serveTCP(t *testing.T, m *egm, addr byte) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { (&sas.Link{Addr: addr, Handler: &sas.Responder{M: m}}).ServeListener(ctx, ln); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return "tcp:" + ln.Addr().String()
}

// TestLoopPollsAndStopsOnItsDatabase: the loop polls two machines, one of them
// down (it says so once, however many cycles fail), records the other's meters and
// exceptions; it ends with nil when its context ends, and with the
// *DatabaseError when the floor's own database fails.
func TestLoopPollsAndStopsOnItsDatabase(t *testing.T) {
	m := &egm{meters: map[sas.MeterCode]uint64{sas.MeterCoinIn: 4200, sas.MeterGamesPlayed: 3}}
	m.queue.Push(sas.ExSlotDoorOpen)
	up := serveTCP(t, m, 1)
	ms, err := ParseMachines([]string{up, "2=tcp:127.0.0.1:1"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	st, err := OpenStore(filepath.Join(t.TempDir(), "floor.db"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cycles, downs := 0, map[byte]int{}
	var got []Exception
	l := &Loop{Store: st, Interval: 10 * time.Millisecond,
		Cycled: func(rec *MetersRecord, ex []Exception) {
			if rec.Machine != 1 || rec.Meters.CoinIn != 4200 {
				t.Errorf("record %+v", rec)
			}
			got = append(got, ex...)
			if cycles++; cycles == 3 {
				cancel()
			}
		},
		Down: func(m *Machine, err error) { downs[m.Addr]++ }}
	if err := l.Run(ctx, ms); err != nil {
		t.Fatalf("run: %v", err)
	}
	if cycles < 3 || len(got) != 1 || got[0].Code != sas.ExSlotDoorOpen || downs[1] != 0 || downs[2] != 1 {
		t.Fatalf("%d cycles, exceptions %+v, downs %v", cycles, got, downs)
	}
	if rec, ok, err := st.LatestMeters(1); err != nil || !ok || rec.Meters.GamesPlayed != 3 {
		t.Fatalf("stored %+v %v %v", rec, ok, err)
	}
	st.Close() // the floor's database fails under the loop
	l.Cycled, l.Down = nil, nil
	err = l.Run(context.Background(), ms[:1])
	if !IsDatabase(err) {
		t.Fatalf("run on a closed database: %v", err)
	}
	for _, m := range ms {
		m.Close()
	}
}

func TestIsDatabase(t *testing.T) {
	link := fmt.Errorf("floor: general poll of machine 1: %w", errors.New("no reply"))
	db := dbErr(fmt.Errorf("floor: record: %w", errors.New("database not open")))
	for _, tc := range []struct {
		err  error
		want bool
	}{
		{nil, false},
		{link, false},
		{db, true},
		{fmt.Errorf("machine 1: %w", db), true},
		{dbErr(db), true},
		{ErrBonusRefused, false},
	} {
		if got := IsDatabase(tc.err); got != tc.want {
			t.Errorf("%v: %v", tc.err, got)
		}
	}
	if dbErr(nil) != nil {
		t.Error("dbErr(nil) is not nil")
	}
	if d := dbErr(db); d.Error() != "floor: record: database not open" {
		t.Errorf("message %q", d.Error())
	}
}
