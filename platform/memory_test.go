package platform

import (
	"context"
	"log"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"egm/machine"
	"egm/machine/settings"
	"egm/meters"
	"egm/platform/screen"
	"egm/platform/wire"
	"egm/rng"
)

// openWitnessed opens the machine as `egm run` does (seeded).
func openWitnessed(t *testing.T, dir string, witness ...string) (*machine.Machine, []byte) {
	t.Helper()
	cfg := settings.DefaultConfig()
	m, _, key, err := OpenMachineWitnessed(t.Context(), dir, cfg, rng.Settings{}, 3, nil, witness)
	if err != nil {
		t.Fatal(err)
	}
	return m, key
}

// TestMemoryLossReachesTheScreen: a played cabinet's memory deleted (copies, or
// copies and the state directory's witness: the boot record still knows) opens
// in RAM ERROR, and the screen, a client of the platform, is told RAM ERROR with
// the reason; at the stop no power_down is claimed; the operator's RAM clear
// starts clean and the next power-on opens it.
func TestMemoryLossReachesTheScreen(t *testing.T) {
	for _, withWitness := range []bool{false, true} {
		name := "copies deleted"
		if withWitness {
			name = "copies and witness deleted"
		}
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			m, key := openWitnessed(t, dir)
			if err := m.Handle(machine.Input{Kind: machine.InDeposit, Wallet: "w", Cents: 500}); err != nil {
				t.Fatal(err)
			}
			if written, err := Shutdown(m, dir, key); !written || err != nil {
				t.Fatalf("shutdown: %v %v", written, err)
			}
			gone := meters.CopyPaths(dir)
			if withWitness {
				gone = append(gone, filepath.Join(dir, "witness"))
			}
			for _, p := range gone {
				if err := os.Remove(p); err != nil {
					t.Fatal(err)
				}
			}
			m, key = openWitnessed(t, dir)
			s := m.Status()
			if s.State != machine.RAMError || !strings.Contains(s.Reason, "missing") {
				t.Fatalf("status %s %q", s.State, s.Reason)
			}
			srv := &Server{M: m, Build: "test", Log: log.New(newTestLog(t), "", 0)}
			sock := filepath.Join(dir, wire.SocketName)
			ln, err := Listen(sock)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- srv.Serve(ctx, ln) }()
			c, err := screen.Dial(sock, 5*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			if cs := c.Status(); cs.State != machine.RAMError || cs.Reason != s.Reason {
				t.Fatalf("the screen sees %s %q", cs.State, cs.Reason)
			}
			c.Close()
			cancel()
			<-done
			if written, err := Shutdown(m, dir, key); written || err == nil {
				t.Fatalf("shutdown in RAM ERROR: written %v, %v", written, err)
			}
			// The operator's RAM clear, then two clean power-ons.
			m, key = openWitnessed(t, dir)
			if err := m.Handle(machine.Input{Kind: machine.InRAMClear, Who: "tech 7"}); err != nil {
				t.Fatal(err)
			}
			if s := m.Status(); s.State != machine.Idle || s.CreditsCents != 0 {
				t.Fatalf("after RAM clear: %s %d", s.State, s.CreditsCents)
			}
			Shutdown(m, dir, key)
			for range 2 {
				m, key = openWitnessed(t, dir)
				if s := m.Status(); s.State != machine.Idle {
					t.Fatalf("power-on after RAM clear: %s %q", s.State, s.Reason)
				}
				Shutdown(m, dir, key)
			}
		})
	}
}

// TestBootRecordLines: only lines whose MAC verifies count; a forged line cannot
// lower what the record saw.
func TestBootRecordLines(t *testing.T) {
	dir := t.TempDir()
	key := []byte("k")
	path := filepath.Join(dir, BootRecordName)
	body := "2026-01-01T00:00:00Z boot version=x [a=PASS]\n" +
		"2026-01-01T00:00:01Z memory power-on commit=40 mac=" + meters.WitnessMAC(key, 40) + "\n" +
		"2026-01-01T00:00:02Z memory power-down commit=3 mac=" + meters.WitnessMAC([]byte("other"), 3) + "\n"
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	rec, err := memoryRecord(dir, key)
	if err != nil || rec == nil || rec.Seq != 40 {
		t.Fatalf("record %+v %v, want commit 40", rec, err)
	}
	if rec, _ := memoryRecord(t.TempDir(), key); rec != nil {
		t.Fatalf("no boot record: %+v", rec)
	}
	if rec, _ := memoryRecord(dir, []byte("another key")); rec == nil || rec.Seq != 0 || !strings.Contains(rec.From, "none verifying") {
		t.Fatalf("under another key: %+v", rec)
	}
}
