package cabinet

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"egm/machine"
)

// fakeDevice is an input device: events written to W arrive on the pipe, and
// its levels are fixed.
type fakeDevice struct {
	*os.File
	W      *os.File
	levels map[uint16][]byte
}

func newFakeDevice(t *testing.T) *fakeDevice {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); w.Close() })
	return &fakeDevice{File: r, W: w, levels: map[uint16][]byte{EvKey: make([]byte, 96), EvSw: make([]byte, 3)}}
}

func (d *fakeDevice) Levels(typ uint16) ([]byte, error) {
	b, ok := d.levels[typ]
	if !ok {
		return nil, ErrNoLevels
	}
	return append([]byte(nil), b...), nil
}

func (d *fakeDevice) set(typ, code uint16) { d.levels[typ][code/8] |= 1 << (code % 8) }

// send writes events (each followed by a report) in one write.
func (d *fakeDevice) send(t *testing.T, evs ...Event) {
	t.Helper()
	var b []byte
	for _, e := range evs {
		one, _ := EncodeEvent(e, EventSize)
		syn, _ := EncodeEvent(Event{Time: e.Time, Type: EvSyn}, EventSize)
		b = append(append(b, one...), syn...)
	}
	if _, err := d.W.Write(b); err != nil {
		t.Fatal(err)
	}
}

// ledDir is a directory standing in for /sys/class/leds with the wiring's LEDs.
func ledDir(t *testing.T, w *Wiring) string {
	t.Helper()
	dir := t.TempDir()
	for _, l := range w.Lamps {
		os.MkdirAll(filepath.Join(dir, l.LED), 0o755)
		os.WriteFile(filepath.Join(dir, l.LED, "brightness"), []byte("0\n"), 0o644)
		os.WriteFile(filepath.Join(dir, l.LED, "max_brightness"), []byte("255\n"), 0o644)
	}
	return dir
}

// fakeMachine records the inputs it is handed.
type fakeMachine struct {
	mu  sync.Mutex
	st  machine.Status
	ins []machine.Input
}

func (f *fakeMachine) Handle(in machine.Input) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ins = append(f.ins, in)
	return nil
}

func (f *fakeMachine) Status() machine.Status {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.st
}

func (f *fakeMachine) BetRange(string, int64) (int64, int64, bool) { return 1, 5, true }

func (f *fakeMachine) inputs() []machine.Input {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]machine.Input(nil), f.ins...)
}

// waitFor polls cond until it holds; the long bound only ends a test that
// would otherwise hang (it decides nothing about speed).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(60 * time.Second); !cond(); time.Sleep(2 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("never: %s", what)
		}
	}
}
