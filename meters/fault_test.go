package meters

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// faultFS is the real file system with injectable failures: a disk that fills up
// after a byte budget, failing syncs and truncates, failing temporary files, and a
// read-only mode.
type faultFS struct {
	OSFS
	mu        sync.Mutex
	budget    int64 // bytes that may still be written; <0: unlimited
	syncErr   error
	truncErr  error
	tmpErr    error // writes to *.tmp files fail with this
	readOnly  bool
	writeErr  error // every write fails with this
	readErr   error // reading copy A fails with this
	writeSeen int
}

func newFaultFS() *faultFS { return &faultFS{budget: -1} }

func (f *faultFS) MkdirAll(dir string) error {
	if f.readOnly {
		if _, err := os.Stat(dir); err == nil {
			return nil
		}
		return &fs.PathError{Op: "mkdir", Path: dir, Err: syscall.EROFS}
	}
	return f.OSFS.MkdirAll(dir)
}

func (f *faultFS) OpenFile(name string, flag int, perm fs.FileMode) (File, error) {
	if f.readOnly && flag&(os.O_WRONLY|os.O_RDWR|os.O_CREATE) != 0 {
		return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.EROFS}
	}
	fl, err := f.OSFS.OpenFile(name, flag, perm)
	if err != nil {
		return nil, err
	}
	return &faultFile{File: fl, fs: f, name: name}, nil
}

func (f *faultFS) Lock(name string) (io.Closer, error) {
	if f.readOnly {
		return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.EROFS}
	}
	return f.OSFS.Lock(name)
}

func (f *faultFS) Rename(o, n string) error {
	if f.readOnly {
		return &os.LinkError{Op: "rename", Old: o, New: n, Err: syscall.EROFS}
	}
	return f.OSFS.Rename(o, n)
}

func (f *faultFS) ReadFile(name string) ([]byte, error) {
	if f.readErr != nil && strings.HasSuffix(name, copyAName) {
		return nil, &fs.PathError{Op: "read", Path: name, Err: f.readErr}
	}
	return f.OSFS.ReadFile(name)
}

func (f *faultFS) ReadFileInto(name string, _ []byte) ([]byte, error) { return f.ReadFile(name) }

type faultFile struct {
	File
	fs   *faultFS
	name string
}

func (f *faultFile) Write(p []byte) (int, error) {
	f.fs.mu.Lock()
	defer f.fs.mu.Unlock()
	f.fs.writeSeen++
	if f.fs.writeErr != nil {
		return 0, &fs.PathError{Op: "write", Path: f.name, Err: f.fs.writeErr}
	}
	if f.fs.tmpErr != nil && strings.HasSuffix(f.name, ".tmp") {
		n, _ := f.File.Write(p[:len(p)/2])
		return n, &fs.PathError{Op: "write", Path: f.name, Err: f.fs.tmpErr}
	}
	if f.fs.budget >= 0 && int64(len(p)) > f.fs.budget {
		n, _ := f.File.Write(p[:f.fs.budget])
		f.fs.budget = 0
		return n, &fs.PathError{Op: "write", Path: f.name, Err: syscall.ENOSPC}
	}
	if f.fs.budget >= 0 {
		f.fs.budget -= int64(len(p))
	}
	return f.File.Write(p)
}

func (f *faultFile) Sync() error {
	if f.fs.syncErr != nil {
		return &fs.PathError{Op: "fdatasync", Path: f.name, Err: f.fs.syncErr}
	}
	return f.File.Sync()
}

func (f *faultFile) Truncate(n int64) error {
	if f.fs.truncErr != nil {
		return &fs.PathError{Op: "truncate", Path: f.name, Err: f.fs.truncErr}
	}
	return f.File.Truncate(n)
}

func TestWriteFailureKeepsPreviousState(t *testing.T) {
	cases := []struct {
		name   string
		inject func(f *faultFS)
		errno  syscall.Errno
	}{
		{"disk full in copy A", func(f *faultFS) { f.budget = 100 }, syscall.ENOSPC},
		{"disk full in copy B", func(f *faultFS) { f.budget = 2500 }, syscall.ENOSPC},
		{"disk full, truncate fails too", func(f *faultFS) { f.budget = 1000; f.truncErr = syscall.EIO }, syscall.ENOSPC},
		{"sync fails", func(f *faultFS) { f.syncErr = syscall.EIO }, syscall.EIO},
		{"disk full at the first byte", func(f *faultFS) { f.budget = 0 }, syscall.ENOSPC},
		{"file system turned read-only", func(f *faultFS) { f.writeErr = syscall.EROFS }, syscall.EROFS},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			ffs := newFaultFS()
			st := mustOpen(t, dir, Options{FS: ffs, Now: fixedClock()})
			for n := uint64(1); n <= 3; n++ {
				playGame(t, st, n, 100, 50)
			}
			want, seq := st.Meters(), st.Seq()
			tc.inject(ffs)
			err := st.Update(func(tx *Tx) error {
				tx.Add(CoinIn, 100)
				tx.SetCredits(tx.Meter(CurrentCredits) - 100)
				return tx.SetGame(GameInProgress{Number: 4, Title: "t", DenomCents: 10, Outcome: outcome(4, 1800)})
			})
			if !errors.Is(err, tc.errno) {
				t.Fatalf("Update: %v, want %v", err, tc.errno)
			}
			msg := err.Error()
			t.Log(msg)
			if !strings.HasPrefix(msg, "meters: ") || !strings.Contains(msg, fmt.Sprintf("still holds commit %d", seq)) {
				t.Errorf("unclear error: %q", msg)
			}
			if st.Err() == nil {
				t.Error("the store keeps going after a failed write")
			}
			if err2 := st.Update(func(tx *Tx) error { return tx.Add(DoorOpens, 1) }); err2 == nil {
				t.Error("a later commit succeeded on a stopped store")
			}
			if st.Meters() != want {
				t.Error("the failed commit changed the meters in memory")
			}
			st.Close()
			st = mustOpen(t, dir, testOpts())
			defer st.Close()
			if got := st.Meters(); got != want {
				t.Errorf("after reopen: meters %v, want %v", got, want)
			}
			checkCopiesPerfect(t, st)
		})
	}
}

func TestCompactionFailureIsNotFatal(t *testing.T) {
	dir := t.TempDir()
	ffs := newFaultFS()
	st := mustOpen(t, dir, Options{FS: ffs, Now: fixedClock(), CompactBytes: 32 << 10})
	ffs.tmpErr = syscall.ENOSPC
	for n := uint64(1); n <= 20; n++ {
		playGame(t, st, n, 100, 0)
	}
	if err := st.Stats().CompactErr; !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("CompactErr = %v, want ENOSPC", err)
	}
	if err := st.Validate(); err != nil {
		t.Fatalf("Validate after failed compactions: %v", err)
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(tmp) > 0 {
		t.Errorf("temporary files left behind: %v", tmp)
	}
	ffs.tmpErr = nil
	before := st.Stats().Compactions
	for n := uint64(21); n <= 40; n++ {
		playGame(t, st, n, 100, 0)
	}
	if s := st.Stats(); s.Compactions == before || s.CompactErr != nil {
		t.Errorf("compaction did not recover: %+v", s)
	}
	want := st.Meters()
	st.Close()
	st = mustOpen(t, dir, testOpts())
	defer st.Close()
	if st.Meters() != want {
		t.Error("meters lost across failed compactions")
	}
}

func TestReadOnlyStateDirectory(t *testing.T) {
	dir, want := corruptFixture(t)
	a := readFile(t, copyPath(dir, copyAName))
	ffs := newFaultFS()
	ffs.readOnly = true
	_, err := Open(dir, Options{FS: ffs})
	if !errors.Is(err, syscall.EROFS) || !strings.HasPrefix(err.Error(), "meters: state directory ") {
		t.Fatalf("Open on a read-only file system: %v", err)
	}
	if string(readFile(t, copyPath(dir, copyAName))) != string(a) {
		t.Error("a refused Open changed the state")
	}
	st := mustOpen(t, dir, testOpts())
	defer st.Close()
	if st.Meters() != want {
		t.Error("state changed")
	}
}

func TestStateDirUnderARegularFile(t *testing.T) {
	f := filepath.Join(t.TempDir(), "plain")
	writeFile(t, f, []byte("x"))
	_, err := Open(filepath.Join(f, "var"), testOpts())
	if !errors.Is(err, syscall.ENOTDIR) || !strings.HasPrefix(err.Error(), "meters: state directory ") {
		t.Fatalf("Open under a regular file: %v", err)
	}
}

const roChildEnv = "EGM_METERS_RO_CHILD"

// TestReadOnlyMountChild runs in a private mount namespace, remounts the state
// directory read-only and tries to open it.
func TestReadOnlyMountChild(t *testing.T) {
	dir := os.Getenv(roChildEnv)
	if dir == "" {
		t.Skip("the read-only mount test's child; runs only under TestReadOnlyMount")
	}
	if err := syscall.Mount(dir, dir, "", syscall.MS_BIND, ""); err != nil {
		fmt.Println("cannot mount:", err)
		return
	}
	if err := syscall.Mount("", dir, "", syscall.MS_REMOUNT|syscall.MS_BIND|syscall.MS_RDONLY, ""); err != nil {
		fmt.Println("cannot mount:", err)
		return
	}
	_, err := Open(dir, Options{})
	fmt.Println("open error:", err)
	st, err := Open(dir, Options{ReadOnly: true})
	if err != nil {
		fmt.Println("read-only open error:", err)
		return
	}
	fmt.Println("read-only open: coin_in_cents", st.Meters()[CoinIn])
	st.Close()
}

// TestReadOnlyMount is a real read-only file system (a read-only bind mount in a
// private mount namespace, which needs CAP_SYS_ADMIN; skipped without it).
func TestReadOnlyMount(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	dir, want := corruptFixture(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestReadOnlyMountChild$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), roChildEnv+"="+dir)
	cmd.SysProcAttr = &syscall.SysProcAttr{Unshareflags: syscall.CLONE_NEWNS}
	out, err := cmd.CombinedOutput()
	if err != nil && strings.Contains(err.Error(), "operation not permitted") || strings.Contains(string(out), "cannot mount") {
		t.Skipf("no mount namespace here: %v %s", err, out)
	}
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	t.Logf("child: %s", out)
	if !strings.Contains(string(out), "open error: meters: state directory "+dir) ||
		!strings.Contains(string(out), "read-only file system") {
		t.Fatalf("Open on a read-only mount did not fail clearly:\n%s", out)
	}
	if !strings.Contains(string(out), fmt.Sprintf("read-only open: coin_in_cents %d\n", want[CoinIn])) {
		t.Fatalf("a ReadOnly open on a read-only mount did not read the meters:\n%s", out)
	}
	st := mustOpen(t, dir, testOpts())
	defer st.Close()
	if st.Meters() != want {
		t.Error("state changed")
	}
}

func TestClockJumpsBackwards(t *testing.T) {
	t0 := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	times := []time.Time{t0, t0.Add(time.Hour), t0.Add(-24 * time.Hour), t0.Add(-24*time.Hour - time.Second), t0.Add(time.Minute)}
	clock := 0
	now := func() time.Time { clock++; return times[clock%len(times)] }
	dir := t.TempDir()
	st := mustOpen(t, dir, Options{Now: now})
	for i, at := range times {
		if err := st.Update(func(tx *Tx) error {
			tx.Event(EvDoorOpen, at, fmt.Sprint("given ", i))
			tx.Event(EvDoorClose, time.Time{}, fmt.Sprint("store clock ", i))
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	st = mustOpen(t, dir, Options{Now: now})
	defer st.Close()
	var evs []Event
	var anchor Anchor
	st.View(func(v *Snapshot) { evs, anchor = v.Events() })
	if err := VerifyChain(anchor, evs); err != nil {
		t.Fatal(err)
	}
	var given []time.Time
	for i, e := range evs {
		if i > 0 && e.Seq != evs[i-1].Seq+1 {
			t.Errorf("event %d: seq %d after %d", i, e.Seq, evs[i-1].Seq)
		}
		if e.Kind == EvDoorOpen {
			given = append(given, e.Time)
		}
	}
	if len(given) != len(times) {
		t.Fatalf("%d door events, want %d", len(given), len(times))
	}
	for i := range times {
		if !given[i].Equal(times[i]) {
			t.Errorf("event %d: time %v, want %v as given", i, given[i], times[i])
		}
	}
}

func TestUnreadableCopyIsRepaired(t *testing.T) {
	dir, want := corruptFixture(t)
	ffs := newFaultFS()
	ffs.readErr = syscall.EIO
	st, err := Open(dir, Options{FS: ffs, Now: fixedClock()})
	if err != nil {
		t.Fatalf("Open with copy A unreadable: %v", err)
	}
	defer st.Close()
	if st.Meters() != want {
		t.Error("meters changed")
	}
	if !hasEvent(eventsOf(st), EvMemoryRepair, "unreadable") {
		t.Errorf("no repair event for the unreadable copy: %v", eventsOf(st))
	}
}

func TestReadOnlyOpen(t *testing.T) {
	dir, want := corruptFixture(t)
	if _, err := Open(filepath.Join(dir, "nothing"), Options{ReadOnly: true}); err == nil ||
		!strings.HasPrefix(err.Error(), "meters: no critical memory in ") {
		t.Errorf("ReadOnly open of a missing store: %v", err)
	}
	st := mustOpen(t, dir, testOpts())
	if _, err := Open(dir, Options{ReadOnly: true}); !errors.Is(err, ErrLocked) {
		t.Errorf("ReadOnly open while the machine has the store: %v, want ErrLocked", err)
	}
	st.Close()
	p := copyPath(dir, copyBName)
	flipBit(t, p, spots[3].offset(t, p))
	damaged := readFile(t, p)
	ro, err := Open(dir, Options{ReadOnly: true})
	if err != nil {
		t.Fatalf("ReadOnly open with a bad copy: %v", err)
	}
	defer ro.Close()
	if ro.Meters() != want {
		t.Error("meters differ")
	}
	if len(ro.Pending()) == 0 || !strings.Contains(ro.Pending()[0], copyBName) {
		t.Errorf("Pending = %q, want the repair of %s", ro.Pending(), copyBName)
	}
	if err := ro.Validate(); err != nil {
		t.Errorf("Validate read-only: %v", err)
	}
	if err := ro.Update(func(tx *Tx) error { return tx.Add(DoorOpens, 1) }); !errors.Is(err, ErrReadOnly) {
		t.Errorf("Update on a ReadOnly store: %v", err)
	}
	if string(readFile(t, p)) != string(damaged) {
		t.Error("a ReadOnly open wrote to the state directory")
	}
}
