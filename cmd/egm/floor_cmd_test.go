package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"egm/floor"
	"egm/sas"
)

// floorEGM is a minimal machine behind a real SAS link.
type floorEGM struct{ q sas.Queue }

func (e *floorEGM) Exception() byte { return e.q.Head() }
func (e *floorEGM) AckException()   { e.q.Pop() }
func (e *floorEGM) Meter(game int, c sas.MeterCode) (uint64, bool) {
	return map[sas.MeterCode]uint64{sas.MeterCoinIn: 4200, sas.MeterCurrentCredits: 800, sas.MeterGamesPlayed: 3}[c], game == 0
}
func (e *floorEGM) SetEnabled(bool) error          { return nil }
func (e *floorEGM) Games() []sas.GameInfo          { return nil }
func (e *floorEGM) SelectedGame() int              { return 1 }
func (e *floorEGM) Now() time.Time                 { return time.Now() }
func (e *floorEGM) SetTime(time.Time) error        { return nil }
func (e *floorEGM) ROMSignature(s uint16) uint16   { return s }
func (e *floorEGM) Progressive(byte, byte, uint64) {}
func (e *floorEGM) SerialNumber() string           { return "F" }

func TestFloorOnceOverTCP(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	m := &floorEGM{}
	m.q.Push(sas.ExSlotDoorOpen)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { (&sas.Link{Addr: 1, Handler: &sas.Responder{M: m}}).ServeListener(ctx, ln); close(done) }()
	defer func() { cancel(); <-done }()

	var out, errOut bytes.Buffer
	db := filepath.Join(t.TempDir(), "floor.db")
	code := runProgram([]string{"egm-floor", "run", "--connect", "tcp:" + ln.Addr().String(), "--db", db, "--once", "--json"}, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var r floor.CycleReport
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.Meters.CoinIn != 4200 || r.Meters.CurrentCredits != 800 || r.Meters.GamesPlayed != 3 {
		t.Fatalf("meters %+v", r.Meters)
	}
	if len(r.Exceptions) != 1 || r.Exceptions[0].Code != sas.ExSlotDoorOpen {
		t.Fatalf("exceptions %+v", r.Exceptions)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"egm-floor", "run"}, "want tcp:HOST:PORT"},
		{[]string{"egm-floor", "run", "--connect", "udp:x"}, "unknown transport"},
		{[]string{"egm-floor", "run", "--connect", "tcp:1.2.3.4:5", "--addr", "0"}, "--addr must be"},
		{[]string{"egm-floor", "run", "--connect", "tcp:1.2.3.4:5", "--enable", "--disable"}, "exclude"},
	} {
		errOut.Reset()
		if code := runProgram(tc.args, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("%v: exit %d, %q", tc.args, code, errOut.String())
		}
	}
}
