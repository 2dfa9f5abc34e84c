package floor

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"egm/floor/floortest"
	"egm/sas"
)

// egm is a machine as the SAS responder sees it (floortest.EGM).
type egm = floortest.EGM

// connect serves m at address 1 on one end of a pipe and returns a poller on the other.
func connect(t *testing.T, m *egm) *Poller {
	t.Helper()
	a, b := net.Pipe()
	l := &sas.Link{Addr: 1, Handler: &sas.Responder{M: m}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { l.Serve(ctx, a); close(done) }()
	t.Cleanup(func() { cancel(); a.Close(); b.Close(); <-done })
	return &Poller{Addr: 1, Host: &sas.Host{Port: b}}
}

func TestPollerReadsMetersAndExceptions(t *testing.T) {
	m := &egm{Meters: map[sas.MeterCode]uint64{
		sas.MeterCurrentCredits: 12_345, sas.MeterCoinIn: 99_000, sas.MeterCoinOut: 1_000, sas.MeterJackpot: 500_000,
		sas.MeterHandpaidCancel: 1_200_000, sas.MeterCancelledCredits: 0, sas.MeterGamesPlayed: 321,
		sas.MeterGamesWon: 100, sas.MeterGamesLost: 221,
	}}
	for _, c := range []byte{sas.ExSlotDoorOpen, sas.ExSlotDoorClosed, sas.ExHandpayPending} {
		m.Queue.Push(c)
	}
	p := connect(t, m)
	got, err := p.Meters()
	if err != nil {
		t.Fatal(err)
	}
	want := Meters{CurrentCredits: 12_345, CoinIn: 99_000, CoinOut: 1_000, Jackpot: 500_000, Handpay: 1_200_000,
		GamesPlayed: 321, GamesWon: 100, GamesLost: 221}
	if got != want {
		t.Fatalf("meters %+v\nwant %+v", got, want)
	}
	if c, err := p.Credits(); err != nil || c != 12_345 {
		t.Fatalf("credits %d %v", c, err)
	}
	ex, err := p.Drain(10, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	var codes []byte
	for _, e := range ex {
		codes = append(codes, e.Code)
	}
	if string(codes) != string([]byte{sas.ExHandpayPending, sas.ExSlotDoorOpen, sas.ExSlotDoorClosed}) {
		t.Fatalf("exceptions % X", codes)
	}
	if m.Queue.Len() != 0 {
		t.Fatalf("%d exceptions left unacknowledged", m.Queue.Len())
	}
	if err := p.SetEnabled(false); err != nil || m.Enabled {
		t.Fatalf("disable: %v (enabled %v)", err, m.Enabled)
	}
	if err := p.SetEnabled(true); err != nil || !m.Enabled {
		t.Fatalf("enable: %v", err)
	}
}

func TestCheckReply(t *testing.T) {
	good := sas.AppendCRC([]byte{1, 0x1A, 0, 0, 0, 5})
	bad := append([]byte(nil), good...)
	bad[len(bad)-1] ^= 1
	tests := []struct {
		name string
		r    []byte
		want string
	}{
		{"silence", nil, "no reply"},
		{"NACK", []byte{0x81}, "NACK"},
		{"other address", sas.AppendCRC([]byte{2, 0x1A, 0, 0, 0, 5}), "malformed"},
		{"other command", sas.AppendCRC([]byte{1, 0x1B, 0, 0, 0, 5}), "malformed"},
		{"wrong CRC", bad, "wrong CRC"},
		{"good", good, ""},
	}
	for _, tc := range tests {
		_, err := checkReply(tc.r, 1, 0x1A)
		if (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
	for _, data := range [][]byte{{5, 0, 0}, {7, 0, 0, 0x0C, 0, 0, 0}, {7, 0, 0, 0x0C, 0, 0, 0x0A, 0}} {
		if _, err := parseSelectedMeters(data); err == nil {
			t.Errorf("2F data % X accepted", data)
		}
	}
}

func TestCorruptStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "floor.db")
	if err := os.WriteFile(path, []byte("this is not a database, just some bytes that are long enough"), 0o640); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenStore(path); err == nil || !strings.HasPrefix(err.Error(), "floor: ") {
		t.Fatalf("a corrupt database opened: %v", err)
	}
}

func FuzzParseSelectedMeters(f *testing.F) {
	f.Add([]byte{7, 0, 0, 0x0C, 0, 0, 0x12, 0x34})
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := parseSelectedMeters(b)
		if err == nil && len(m) > len(b)/5 {
			t.Fatalf("%d meters from %d bytes", len(m), len(b))
		}
	})
}

func TestBroadcast(t *testing.T) {
	m := &egm{Meters: map[sas.MeterCode]uint64{}}
	rec := &recorder{egm: m}
	a, b := net.Pipe()
	l := &sas.Link{Addr: 1, Handler: &sas.Responder{M: rec}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { l.Serve(ctx, a); close(done) }()
	defer func() { cancel(); a.Close(); b.Close(); <-done }()
	p := &Poller{Addr: 1, Host: &sas.Host{Port: b}}
	if err := p.Broadcast([]LevelAmount{{1, 512_345}, {2, 41_000}, {3, 987_654}}); err != nil {
		t.Fatal(err)
	}
	want := [][3]uint64{{1, 1, 512_345}, {1, 2, 41_000}, {1, 3, 987_654}}
	if len(rec.got) != 3 || rec.got[0] != want[0] || rec.got[1] != want[1] || rec.got[2] != want[2] {
		t.Fatalf("the machine stored %v", rec.got)
	}
}

// recorder keeps the progressive levels the machine receives.
type recorder struct {
	*egm
	got [][3]uint64
}

func (r *recorder) Progressive(g, l byte, v uint64) {
	r.got = append(r.got, [3]uint64{uint64(g), uint64(l), v})
}

// TestMetersPastAMillion: meters of a million euros and more (past the 8 digits
// of 2F) read whole through 6F, so the floor's books never see a meter roll over;
// 2F alone would read them modulo 10^8 cents.
func TestMetersPastAMillion(t *testing.T) {
	m := &egm{Meters: map[sas.MeterCode]uint64{
		sas.MeterCurrentCredits: 12_345, sas.MeterCoinIn: 375_924_115, sas.MeterCoinOut: 123_456_789_012, sas.MeterJackpot: 0,
		sas.MeterHandpaidCancel: 0, sas.MeterCancelledCredits: 0, sas.MeterGamesPlayed: 208_099,
		sas.MeterGamesWon: 100_000, sas.MeterGamesLost: 108_099,
	}}
	p := connect(t, m)
	got, err := p.Meters()
	if err != nil {
		t.Fatal(err)
	}
	if got.CoinIn != 375_924_115 || got.CoinOut != 123_456_789_012 || got.GamesPlayed != 208_099 {
		t.Fatalf("meters %+v", got)
	}
	if old, err := p.selectedMeters(); err != nil || old[sas.MeterCoinIn] != 75_924_115 {
		t.Fatalf("2F reads coin-in %d (%v): want it modulo 10^8", old[sas.MeterCoinIn], err)
	}
	if _, err := p.ExtendedMeters(sas.MeterCode(0x7F)); err == nil {
		t.Fatal("a meter the machine does not keep read as 0")
	}
}

func TestParseExtendedMeters(t *testing.T) {
	for _, c := range []struct {
		name string
		data []byte
		want map[sas.MeterCode]uint64
		ok   bool
	}{
		{"two meters", append([]byte{19, 0, 0, 0x00, 0x00, 9}, append(sas.AppendBCD(nil, 123_456_789_012, 9), 0x05, 0x00, 2, 0x12, 0x34)...), map[sas.MeterCode]uint64{0: 123_456_789_012, 5: 1234}, true},
		{"not kept", []byte{5, 0, 0, 0x0C, 0x00, 0}, map[sas.MeterCode]uint64{}, true},
		{"short length", []byte{9, 0, 0, 0x00, 0x00, 2, 0x12}, nil, false},
		{"cut value", []byte{6, 0, 0, 0x00, 0x00, 4, 0x12}, nil, false},
		{"too wide", append([]byte{15, 0, 0, 0x00, 0x00, 10}, make([]byte, 10)...), nil, false},
		{"bad BCD", []byte{6, 0, 0, 0x00, 0x00, 1, 0xAB}, nil, false},
	} {
		got, err := parseExtendedMeters(c.data)
		if (err == nil) != c.ok || (c.ok && len(got) != len(c.want)) {
			t.Errorf("%s: %v %v", c.name, got, err)
			continue
		}
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("%s: meter %02X = %d, want %d", c.name, byte(k), got[k], v)
			}
		}
	}
}

// FuzzExtendedMeters: any bytes for a 6F reply never panic, and every value
// parsed fits 18 digits.
func FuzzExtendedMeters(f *testing.F) {
	f.Add([]byte{5, 0, 0, 0x0C, 0x00, 0})
	f.Add(append([]byte{12, 0, 0, 0x00, 0x00, 9}, sas.AppendBCD(nil, 42, 9)...))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := parseExtendedMeters(b)
		for _, v := range m {
			if err == nil && v >= 1e18 {
				t.Fatalf("value %d", v)
			}
		}
	})
}

// TestMetersWithout6F: a machine silent to 6F is read with 2F, and after a few
// silences is no longer asked 6F at all.
func TestMetersWithout6F(t *testing.T) {
	m := &egm{Meters: map[sas.MeterCode]uint64{sas.MeterCoinIn: 99_000, sas.MeterGamesPlayed: 7, sas.MeterCurrentCredits: 0,
		sas.MeterCoinOut: 0, sas.MeterJackpot: 0, sas.MeterHandpaidCancel: 0, sas.MeterCancelledCredits: 0, sas.MeterGamesWon: 0, sas.MeterGamesLost: 7}}
	a, b := net.Pipe()
	l := &sas.Link{Addr: 1, Handler: without6F{&sas.Responder{M: m}}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { l.Serve(ctx, a); close(done) }()
	t.Cleanup(func() { cancel(); a.Close(); b.Close(); <-done })
	p := &Poller{Addr: 1, Host: &sas.Host{Port: b, Timeout: 50 * time.Millisecond}}
	for i := range no6FAfter + 2 {
		got, err := p.Meters()
		if err != nil || got.CoinIn != 99_000 || got.GamesPlayed != 7 {
			t.Fatalf("read %d: %+v %v", i, got, err)
		}
	}
	if p.meters6F != -no6FAfter {
		t.Fatalf("after %d reads the floor still asks 6F (%d)", no6FAfter+2, p.meters6F)
	}
}

// without6F answers every long poll but 6F.
type without6F struct{ *sas.Responder }

func (w without6F) LongPoll(p sas.Poll, out []byte) ([]byte, sas.Response) {
	if p.Cmd == 0x6F {
		return out, sas.NoResponse
	}
	return w.Responder.LongPoll(p, out)
}
