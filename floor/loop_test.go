package floor

import (
	"context"
	"errors"
	"fmt"
	"net"
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
		nums  []byte
		bad   string
	}{
		{[]string{"tcp:h:1", "pty:/dev/x", "7=tcp:h:2", "tcp:h:3"}, 1, []byte{1, 2, 7, 8}, []byte{1, 2, 7, 8}, ""},
		{[]string{"tcp:h:1"}, 127, []byte{127}, []byte{127}, ""},
		// One machine a line, each at address 1: the floor numbers them 1, 2, 3.
		{[]string{"1=tcp:h:1", "1=tcp:h:2", "1=tcp:h:3"}, 1, []byte{1, 1, 1}, []byte{1, 2, 3}, ""},
		// A number never takes another machine's address.
		{[]string{"2=tcp:h:1", "2=tcp:h:2", "1=tcp:h:3"}, 1, []byte{2, 2, 1}, []byte{2, 3, 1}, ""},
		{[]string{"tcp:h:1", "tcp:h:2"}, 127, nil, nil, "--addr must be 1..127, not 128"},
		{[]string{"2=tcp:h:1", "2=tcp:h:1"}, 1, nil, nil, "tcp:h:1 given twice"},
		{[]string{"x=tcp:h:1"}, 1, nil, nil, `address "x" is not a number`},
		{[]string{"udp:h:1"}, 1, nil, nil, `unknown transport "udp"`},
		{[]string{"tcp:"}, 1, nil, nil, "want tcp:HOST:PORT or pty:PATH"},
	} {
		ms, err := ParseMachines(tc.specs, tc.first)
		if tc.bad != "" {
			if err == nil || !strings.Contains(err.Error(), tc.bad) || !strings.HasPrefix(err.Error(), "floor: ") {
				t.Errorf("%v: %v, want %q", tc.specs, err, tc.bad)
			}
			continue
		}
		var addrs, nums []byte
		for _, m := range ms {
			addrs, nums = append(addrs, m.Addr), append(nums, m.Num)
		}
		if err != nil || string(addrs) != string(tc.addrs) || string(nums) != string(tc.nums) {
			t.Errorf("%v: addresses %v numbers %v %v, want %v %v", tc.specs, addrs, nums, err, tc.addrs, tc.nums)
		}
	}
}

// Two machines at address 1, each on its own line, on one floor: each is polled at
// its address and recorded under its own number.
func TestTwoMachinesAtAddressOne(t *testing.T) { eachBackend(t, testTwoMachinesAtAddressOne) }

func testTwoMachinesAtAddressOne(t *testing.T, spec string) {
	a := &egm{Meters: map[sas.MeterCode]uint64{sas.MeterCoinIn: 100, sas.MeterGamesPlayed: 1}}
	b := &egm{Meters: map[sas.MeterCode]uint64{sas.MeterCoinIn: 900, sas.MeterGamesPlayed: 9}}
	ms, err := ParseMachines([]string{"1=" + serveTCP(t, a, 1), "1=" + serveTCP(t, b, 1)}, 1)
	if err != nil {
		t.Fatal(err)
	}
	st := openDB(t, spec)
	defer st.Close()
	for _, m := range ms {
		rec, _, err := m.Cycle(context.Background(), st, nil)
		if err != nil {
			t.Fatalf("machine %d at address %d: %v", m.Num, m.Addr, err)
		}
		if rec.Machine != m.Num {
			t.Errorf("recorded as machine %d, numbered %d", rec.Machine, m.Num)
		}
		m.Close()
	}
	for num, want := range map[byte]uint64{1: 100, 2: 900} {
		rec, ok, err := st.LatestMeters(num)
		if err != nil || !ok || rec.Meters.CoinIn != want {
			t.Errorf("machine %d: %+v %v %v, want coin in %d", num, rec, ok, err, want)
		}
	}
}

// serveTCP serves m at address addr on a loopback listener; it returns the spec.
func serveTCP(t *testing.T, m *egm, addr byte) string {
	t.Helper()
	return serveTCPHandler(t, &sas.Responder{M: m}, addr)
}

// serveTCPHandler serves h at address addr on a loopback listener.
func serveTCPHandler(t *testing.T, h *sas.Responder, addr byte) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { (&sas.Link{Addr: addr, Handler: h}).ServeListener(ctx, ln); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return "tcp:" + ln.Addr().String()
}

// TestLoopPolls: the loop polls two machines, one of them down (it says so once,
// however many cycles fail), records the other's meters and exceptions; it ends
// with nil when its context ends. When the floor's own database fails for good it
// says so once (a *DatabaseError) and goes on trying until stopped.
func TestLoopPolls(t *testing.T) {
	eachBackend(t, testLoopPolls)
}

func testLoopPolls(t *testing.T, spec string) {
	m := &egm{Meters: map[sas.MeterCode]uint64{sas.MeterCoinIn: 4200, sas.MeterGamesPlayed: 3}}
	m.Queue.Push(sas.ExSlotDoorOpen)
	up := serveTCP(t, m, 1)
	ms, err := ParseMachines([]string{up, "2=tcp:127.0.0.1:1"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	st := openDB(t, spec)
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
	ctx, cancel = context.WithCancel(context.Background())
	var said []error
	l.Cycled, l.Down = nil, nil
	l.Database = func(err error) { said = append(said, err); cancel() }
	if err := l.Run(ctx, ms[:1]); err != nil {
		t.Fatalf("run on a closed database: %v", err)
	}
	if len(said) != 1 || !IsDatabase(said[0]) {
		t.Fatalf("run on a closed database said %v, want one *DatabaseError", said)
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
