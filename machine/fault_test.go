package machine

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"egm/machine/machinetest"
	"egm/machine/settings"
	"egm/meters"
	"egm/rng"
)

// TestCorruptMemoryRAMError: both copies damaged → RAM ERROR, nothing cleared,
// play blocked until the operator's RAM clear.
func TestCorruptMemoryRAMError(t *testing.T) {
	tests := []struct {
		name   string
		damage func(path string) error
		ram    bool
	}{
		{"one copy truncated is repaired", func(p string) error {
			if filepath.Base(p) != "critical-b.log" {
				return nil
			}
			return os.Truncate(p, 10)
		}, false},
		{"both copies garbled", func(p string) error {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			for i := 40; i < len(b); i += 97 {
				b[i] ^= 0x5a
			}
			return os.WriteFile(p, b, 0o600)
		}, true},
		{"both copies emptied", func(p string) error { return os.Truncate(p, 0) }, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, settings.DefaultConfig(), 20)
			r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 7_000})
			r.must(Input{Kind: InSpin})
			r.present()
			credits := r.m.Status().CreditsCents
			r.m.Close()
			for _, p := range meters.CopyPaths(r.dir) {
				if err := tc.damage(p); err != nil {
					t.Fatal(err)
				}
			}
			r.open()
			s := r.m.Status()
			if !tc.ram {
				if s.State != Idle || s.CreditsCents != credits {
					t.Fatalf("after a repairable damage: %+v", s)
				}
				return
			}
			if s.State != RAMError {
				t.Fatalf("state %s, want ram_error", s.State)
			}
			if err := r.do(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 100}); !errors.Is(err, ErrRefused) {
				t.Fatal("deposit accepted in RAM ERROR")
			}
			if err := r.do(Input{Kind: InAttendantKey}); !errors.Is(err, ErrRefused) {
				t.Fatal("attendant key cleared a RAM ERROR")
			}
			r.must(Input{Kind: InRAMClear, Who: "operator 7"})
			if s := r.m.Status(); s.State != Idle || s.CreditsCents != 0 || !r.hasEvent(meters.EvRAMClear) {
				t.Fatalf("after RAM clear: %+v", s)
			}
			if m, _ := filepath.Glob(filepath.Join(r.dir, "cleared-*")); len(m) != 1 {
				t.Fatal("the damaged copies were not kept aside")
			}
		})
	}
}

// TestFullDisk: a write that fails tilts the machine with a critical memory error
// and loses nothing; once there is room, the attendant key reopens and resumes.
func TestFullDisk(t *testing.T) {
	full := new(atomic.Bool)
	r := newRig(t, settings.DefaultConfig(), 21)
	r.opts.Store.FS = machinetest.FullFS{Full: full}
	r.restart()
	r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 5_000})
	r.must(Input{Kind: InSpin})
	game := r.m.Status().Game
	full.Store(true)
	if err := r.do(Input{Kind: InStepShown}); err == nil || errors.Is(err, ErrRefused) {
		t.Fatalf("step or settlement on a full disk: %v", err)
	}
	s := r.m.Status()
	if s.State != Tilt || s.Reason == "" {
		t.Fatalf("state after a failed write: %+v", s)
	}
	if err := r.do(Input{Kind: InSpin}); !errors.Is(err, ErrRefused) {
		t.Fatal("spin accepted after a failed write")
	}
	full.Store(false)
	r.must(Input{Kind: InAttendantKey})
	s = r.m.Status()
	if s.State != GameInProgress || s.Game != game {
		t.Fatalf("after reopening: %+v", s)
	}
	r.present()
	if s := r.m.Status(); s.State == GambleOffered {
		r.must(Input{Kind: InTakeWin})
	}
	if m := r.meters(); m.Get(meters.GamesWon)+m.Get(meters.GamesLost) != 1 || m.Get(meters.GamesPlayed) != 1 {
		t.Fatalf("meters %v", m)
	}
}

// TestReadOnlyStateDir: a state directory that cannot be written is refused at
// start with a clear error, and the old content is untouched.
func TestReadOnlyStateDir(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Log("running as root: read-only is simulated by a file in place of the directory")
	}
	dir := filepath.Join(t.TempDir(), "state")
	if err := os.WriteFile(dir, []byte("not a directory"), 0o400); err != nil {
		t.Fatal(err)
	}
	_, err := Open(dir, settings.DefaultConfig(), Options{Decider: Seeded{rng.NewSeeded(1)}})
	if err == nil {
		t.Fatal("opened a state directory that cannot be written")
	}
	if b, _ := os.ReadFile(dir); string(b) != "not a directory" {
		t.Fatal("the file in the way was changed")
	}
}

// TestClockBackwards: a clock set back changes no meter and no order; events keep
// their sequence and recall its numbers.
func TestClockBackwards(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 22)
	r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 10_000})
	for i := 0; i < 10; i++ {
		r.clock.Add(-time.Duration(i) * time.Hour)
		r.must(Input{Kind: InSpin})
		r.present()
		if s := r.m.Status(); s.State == GambleOffered {
			r.must(Input{Kind: InTakeWin})
		}
	}
	rc := r.recall()
	for i := 1; i < len(rc); i++ {
		if rc[i-1].Number != rc[i].Number+1 {
			t.Fatalf("recall order broken: %d then %d", rc[i-1].Number, rc[i].Number)
		}
	}
	var anchor meters.Anchor
	var ev []meters.Event
	r.m.View(func(v *meters.Snapshot) { ev, anchor = v.Events() })
	if err := meters.VerifyChain(anchor, ev); err != nil {
		t.Fatal(err)
	}
}

// TestLockedStateDir: a second machine on the same directory is refused clearly.
func TestLockedStateDir(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 23)
	_, err := Open(r.dir, settings.DefaultConfig(), Options{Decider: Seeded{rng.NewSeeded(1)}})
	if !errors.Is(err, meters.ErrLocked) {
		t.Fatalf("second open: %v", err)
	}
}

// roFS is a file system mounted read-only: reads work, every write is EROFS.
type roFS struct{ meters.OSFS }

func (roFS) OpenFile(name string, flag int, perm fs.FileMode) (meters.File, error) {
	if flag&(os.O_WRONLY|os.O_RDWR) != 0 {
		return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.EROFS}
	}
	return meters.OSFS{}.OpenFile(name, flag, perm)
}
func (roFS) Rename(o, n string) error {
	return &fs.PathError{Op: "rename", Path: o, Err: syscall.EROFS}
}
func (roFS) MkdirAll(string) error { return nil }

// TestReadOnlyDisk: critical memory on a disk that became read-only is refused at
// start with a clear error naming it, and not a byte of it changes.
func TestReadOnlyDisk(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 24)
	r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 5_000})
	r.must(Input{Kind: InSpin})
	r.m.Close()
	var before [][]byte
	for _, p := range meters.CopyPaths(r.dir) {
		b, _ := os.ReadFile(p)
		before = append(before, b)
	}
	_, err := Open(r.dir, settings.DefaultConfig(), Options{Decider: Seeded{rng.NewSeeded(1)}, Store: meters.Options{FS: roFS{}}})
	if err == nil || !errors.Is(err, syscall.EROFS) || !strings.HasPrefix(err.Error(), "machine: ") {
		t.Fatalf("open on a read-only disk: %v", err)
	}
	for i, p := range meters.CopyPaths(r.dir) {
		if b, _ := os.ReadFile(p); !bytes.Equal(b, before[i]) {
			t.Fatalf("%s changed", p)
		}
	}
	r.open() // writable again: the game in progress is still there
	if s := r.m.Status(); s.State != GameInProgress || s.CreditsCents != 5_000-s.BetCents {
		t.Fatalf("after the disk is writable again: %+v", s)
	}
}
