package saslink

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"egm/machine"
	"egm/machine/machinetest"
	"egm/machine/settings"
	"egm/meters"
	"egm/rng"
	"egm/sas"
)

// pollData is what the test sends with long poll cmd: the realistic data of
// everyPoll when it has the command, else zeros in the layout the link reads.
func pollData(cmd byte) (data []byte, crc bool) {
	for _, p := range everyPoll {
		if p.cmd == cmd {
			return p.data, p.crc
		}
	}
	fixed, variable, crc, _ := sas.PollLayout(cmd)
	if variable {
		return []byte{2, 0, 0}, true
	}
	return make([]byte, fixed), crc
}

// lose puts a linked machine out of critical memory: through a failed write and
// the attendant key's failed reopen (RAM ERROR), or by closing it.
var lose = []struct {
	name string
	do   func(t *testing.T, m *machine.Machine, full *atomic.Bool)
}{
	{"RAM ERROR after a failed write and the attendant key", func(t *testing.T, m *machine.Machine, full *atomic.Bool) {
		full.Store(true)
		if err := m.Handle(machine.Input{Kind: machine.InDoorOpen}); err == nil {
			t.Fatal("a commit on a full disk succeeded")
		}
		if err := m.Handle(machine.Input{Kind: machine.InAttendantKey}); err == nil {
			t.Fatal("critical memory reopened on a full disk")
		}
	}},
	{"closed", func(t *testing.T, m *machine.Machine, _ *atomic.Bool) { m.Close() }},
}

// TestPollsWithoutCriticalMemory: a floor link polling a machine that lost its
// critical memory gets, for every long poll the link reads (sas.LongPolls), an
// answer or silence — never a panic and never a meter read as zero — and a
// general poll reports ExRAMError; afterwards the link still answers.
func TestPollsWithoutCriticalMemory(t *testing.T) {
	for _, tc := range lose {
		t.Run(tc.name, func(t *testing.T) {
			full := new(atomic.Bool)
			m, err := machine.Open(t.TempDir(), settings.DefaultConfig(), machine.Options{
				Decider: machine.Seeded{G: rng.NewSeeded(9)}, Store: meters.Options{FS: machinetest.FullFS{Full: full}}})
			if err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			b, err := New(m, "EGM-RAM", func() ([]byte, error) { return []byte("prog"), nil })
			if err != nil {
				t.Fatal(err)
			}
			if err := m.Handle(machine.Input{Kind: machine.InDeposit, Wallet: machine.TestWallet, Cents: 5_000}); err != nil {
				t.Fatal(err)
			}
			tc.do(t, m, full)
			if s := m.Status(); s.State != machine.RAMError {
				t.Fatalf("state %s, want ram_error", s.State)
			}
			if err := m.View(func(*meters.Snapshot) {}); !errors.Is(err, machine.ErrNoStore) {
				t.Fatalf("View: %v", err)
			}

			// The responder itself, poll by poll: a panic here fails the test.
			resp := &sas.Responder{M: b}
			want := map[byte]sas.Response{}
			for _, cmd := range sas.LongPolls() {
				data, _ := pollData(cmd)
				body, r := resp.LongPoll(sas.Poll{Addr: 1, Cmd: cmd, Data: data}, nil)
				// A new seed's ROM signature may take longer than the responder
				// waits (sas.ROMInline) on a busy machine: the 21 is then silent and
				// the host asks again, as sas.Host.ROMSignature does, until the
				// signature is ready and answered directly.
				for deadline := time.Now().Add(30 * time.Second); cmd == 0x21 && r == sas.NoResponse && time.Now().Before(deadline); {
					time.Sleep(10 * time.Millisecond)
					body, r = resp.LongPoll(sas.Poll{Addr: 1, Cmd: cmd, Data: data}, nil)
				}
				if r == sas.Reply && (len(body) == 0 || body[0] != cmd) {
					t.Errorf("%02X: reply % X", cmd, body)
				}
				want[cmd] = r
			}
			for _, cmd := range []byte{0x0F, 0x10, 0x11, 0x1A, 0x1C, 0x2F, 0x84, 0x9A} {
				if want[cmd] != sas.NoResponse {
					t.Errorf("%02X answered (%v) without meters to read", cmd, want[cmd])
				}
			}

			// The same polls over a real link, with general polls in between.
			x, y := net.Pipe()
			defer y.Close()
			var panics atomic.Int32
			link := &sas.Link{Addr: 1, Handler: resp, OnPanic: func(any, []byte) { panics.Add(1) }}
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- link.Serve(ctx, x) }()
			defer func() { cancel(); x.Close(); <-done }()
			host := &sas.Host{Port: y}
			var exceptions []byte
			for _, cmd := range sas.LongPolls() {
				data, crc := pollData(cmd)
				host.Timeout = 10 * time.Second // an answer comes, however busy the machine
				if want[cmd] == sas.NoResponse {
					host.Timeout = 50 * time.Millisecond // silence is silence, however long one waits
				}
				r, err := host.LongPoll(1, cmd, data, crc)
				if err != nil {
					t.Fatalf("%02X: %v", cmd, err)
				}
				switch want[cmd] {
				case sas.NoResponse:
					if r != nil {
						t.Errorf("%02X: % X, want silence", cmd, r)
					}
				case sas.ACK, sas.NACK:
					if len(r) != 1 || r[0]&0x7F != 1 {
						t.Errorf("%02X: % X, want an ACK or a NACK", cmd, r)
					}
				case sas.Reply:
					if len(r) < 4 || r[0] != 1 || r[1] != cmd || !sas.CheckCRC(r) {
						t.Errorf("%02X: malformed reply % X", cmd, r)
					}
				}
				host.Timeout = 10 * time.Second
				code, err := host.GeneralPoll(1)
				if err != nil {
					t.Fatalf("general poll after %02X: %v", cmd, err)
				}
				exceptions = append(exceptions, code)
			}
			if n := panics.Load(); n != 0 || link.Stats().Panics != 0 {
				t.Fatalf("%d panics in the bridge", n)
			}
			found := false
			for _, c := range exceptions {
				found = found || c == sas.ExRAMError
			}
			if !found {
				t.Errorf("no ExRAMError among the exceptions % X", exceptions)
			}
			r, err := host.LongPoll(1, 0x54, nil, false)
			if err != nil || len(r) < 4 || r[1] != 0x54 || !sas.CheckCRC(r) || string(r[6:len(r)-2]) != "EGM-RAM" {
				t.Fatalf("the link does not answer afterwards: % X %v", r, err)
			}
			select {
			case err := <-done:
				t.Fatalf("the link ended: %v", err)
			default:
			}
		})
	}
}

// TestLastAcknowledgementStored: once the host has every exception, critical
// memory holds an empty queue, so a restart delivers only the new power-up.
func TestLastAcknowledgementStored(t *testing.T) {
	dir := t.TempDir()
	m := openMachine(t, dir)
	b, err := New(m, "S", func() ([]byte, error) { return nil, nil })
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Handle(machine.Input{Kind: machine.InDoorOpen}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 8 && b.Exception() != sas.ExNone; i++ {
		b.AckException()
	}
	var stored json.RawMessage
	if err := m.View(func(v *meters.Snapshot) { stored, _ = v.Value(queueKey) }); err != nil {
		t.Fatal(err)
	}
	if string(stored) != `""` {
		t.Fatalf("stored queue %s after every acknowledgement, want empty", stored)
	}
	m.Close()
	m2 := openMachine(t, dir)
	defer m2.Close()
	b2, err := New(m2, "S", func() ([]byte, error) { return nil, nil })
	if err != nil {
		t.Fatal(err)
	}
	if b2.Exception() != sas.ExACPowerApplied {
		t.Fatal("no power-up after the restart")
	}
	b2.AckException()
	if c := b2.Exception(); c != sas.ExNone {
		t.Fatalf("exception %02X delivered again after its acknowledgement", c)
	}
}

// TestLinkOfAMachineBootedInRAMError: a machine whose critical memory cannot be
// trusted at boot still gets its floor link, which reports ExRAMError and power
// applied, reads no meter, and keeps both exceptions until the host has them.
func TestLinkOfAMachineBootedInRAMError(t *testing.T) {
	for _, damage := range []string{"emptied", "deleted", "rolled back"} {
		t.Run(damage, func(t *testing.T) { linkInRAMError(t, damage) })
	}
}

// linkInRAMError: a played machine whose copies were damaged alike boots in RAM
// ERROR, and the link says so (31) and reads no meter.
func linkInRAMError(t *testing.T, damage string) {
	dir := t.TempDir()
	m0 := openMachine(t, dir)
	var early [2][]byte
	for i, p := range meters.CopyPaths(dir) {
		early[i], _ = os.ReadFile(p)
	}
	m0.Handle(machine.Input{Kind: machine.InDeposit, Wallet: "w1", Cents: 1_000})
	m0.Close()
	for i, p := range meters.CopyPaths(dir) {
		var err error
		switch damage {
		case "emptied":
			err = os.Truncate(p, 0)
		case "deleted":
			err = os.Remove(p)
		default:
			err = os.WriteFile(p, early[i], 0o600)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	m := openMachine(t, dir)
	defer m.Close()
	if s := m.Status(); s.State != machine.RAMError {
		t.Fatalf("state %s, want ram_error", s.State)
	}
	b, err := New(m, "S", func() ([]byte, error) { return nil, nil })
	if err != nil {
		t.Fatalf("no link for a machine in RAM ERROR: %v", err)
	}
	if b.MetersAvailable() {
		t.Fatal("meters available without critical memory")
	}
	if v, ok := b.Meter(0, sas.MeterCurrentCredits); ok {
		t.Fatalf("a meter read without critical memory: %d", v)
	}
	var got []byte
	for c := b.Exception(); c != sas.ExNone && len(got) < 8; c = b.Exception() {
		got = append(got, c)
		b.AckException()
	}
	if string(got) != string([]byte{sas.ExACPowerApplied, sas.ExRAMError}) && string(got) != string([]byte{sas.ExRAMError, sas.ExACPowerApplied}) {
		t.Fatalf("exceptions % X, want 17 and 31", got)
	}
}
