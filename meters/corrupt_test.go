package meters

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// corruptFixture is a closed store with a snapshot and ten commits in each copy.
func corruptFixture(t *testing.T) (dir string, want Meters) {
	t.Helper()
	dir = t.TempDir()
	st := mustOpen(t, dir, testOpts())
	for n := uint64(1); n <= 5; n++ {
		playGame(t, st, n, 100, int64(n%2)*250)
	}
	want = st.Meters()
	st.Close()
	return dir, want
}

// frameOffset returns the offset of the frame at index i (negative from the end) in a
// copy file, plus where its header and payload start.
func frameOffset(t *testing.T, p string, i int) (hdr, payload int64) {
	t.Helper()
	c := scanCopy(filepath.Base(p), readFile(t, p))
	if i < 0 {
		i += len(c.frames)
	}
	f := c.frames[i]
	return f.off, f.off + headerSize
}

func flipBit(t *testing.T, p string, off int64) {
	t.Helper()
	b := readFile(t, p)
	b[off] ^= 0x10
	writeFile(t, p, b)
}

type spot struct {
	name    string
	frame   int  // frame index; negative counts from the end
	payload bool // in the payload (else in the header)
	at      int64
}

var spots = []spot{
	{"snapshot header", 0, false, 9},
	{"snapshot payload", 0, true, 40},
	{"middle commit header", 4, false, 17},
	{"middle commit payload", 4, true, 3},
	{"last commit header", -1, false, 2},
	{"last commit payload", -1, true, 100},
}

func (s spot) offset(t *testing.T, p string) int64 {
	h, pl := frameOffset(t, p, s.frame)
	if s.payload {
		return pl + s.at
	}
	return h + s.at
}

func TestOneBadCopyIsRepaired(t *testing.T) {
	for _, copyName := range []string{copyAName, copyBName} {
		for _, sp := range spots {
			t.Run(copyName+"/"+sp.name, func(t *testing.T) {
				dir, want := corruptFixture(t)
				p := copyPath(dir, copyName)
				flipBit(t, p, sp.offset(t, p))
				st, err := Open(dir, testOpts())
				if err != nil {
					t.Fatalf("Open: %v", err)
				}
				defer st.Close()
				if got := st.Meters(); got != want {
					t.Errorf("meters %v, want %v", got, want)
				}
				if evs := eventsOf(st); !hasEvent(evs, EvMemoryRepair, copyName) {
					t.Errorf("no memory_repair event naming %s: %v", copyName, evs)
				}
				checkCopiesPerfect(t, st)
			})
		}
	}
}

func checkCopiesPerfect(t *testing.T, st *Store) {
	t.Helper()
	copies, _, err := st.readCopies()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range copies {
		if last, _ := c.lastSeq(); !c.perfect() || last != st.Seq() {
			t.Errorf("copy not repaired: %s", c.describe())
		}
	}
}

func TestBothCopiesBadIsRAMError(t *testing.T) {
	for _, sp := range spots {
		t.Run(sp.name, func(t *testing.T) {
			dir, _ := corruptFixture(t)
			for _, name := range []string{copyAName, copyBName} {
				p := copyPath(dir, name)
				flipBit(t, p, sp.offset(t, p))
			}
			damagedA := readFile(t, copyPath(dir, copyAName))
			for try := 0; try < 2; try++ {
				_, err := Open(dir, testOpts())
				var re *RAMError
				if !errors.As(err, &re) {
					t.Fatalf("Open #%d: %v, want *RAMError", try+1, err)
				}
				if !strings.HasPrefix(err.Error(), "meters: RAM ERROR") {
					t.Errorf("error %q lacks the prefix", err)
				}
			}
			if string(readFile(t, copyPath(dir, copyAName))) != string(damagedA) {
				t.Fatal("Open changed a damaged copy: nothing may be cleared automatically")
			}
			st, err := RAMClear(dir, "tech 42", testOpts())
			if err != nil {
				t.Fatalf("RAMClear: %v", err)
			}
			defer st.Close()
			if m := st.Meters(); m != (Meters{}) {
				t.Errorf("meters after RAM clear: %v", m)
			}
			if !hasEvent(eventsOf(st), EvRAMClear, `"tech 42"`) {
				t.Errorf("no ram_clear event naming the operator: %v", eventsOf(st))
			}
			kept, _ := filepath.Glob(filepath.Join(dir, "cleared-*", copyAName))
			if len(kept) != 1 || string(readFile(t, kept[0])) != string(damagedA) {
				t.Errorf("the damaged copy was not kept aside: %v", kept)
			}
		})
	}
}

func TestRAMClearNeedsOperator(t *testing.T) {
	if _, err := RAMClear(t.TempDir(), "", testOpts()); err == nil {
		t.Fatal("RAMClear with no operator name succeeded")
	}
}

func TestValidateWhileRunning(t *testing.T) {
	dir := t.TempDir()
	st := mustOpen(t, dir, testOpts())
	defer st.Close()
	for n := uint64(1); n <= 3; n++ {
		playGame(t, st, n, 100, 0)
	}
	want := st.Meters()
	if err := st.Validate(); err != nil {
		t.Fatalf("Validate of good copies: %v", err)
	}
	// One copy damaged while the machine runs: repaired and logged.
	p := copyPath(dir, copyBName)
	flipBit(t, p, spots[3].offset(t, p))
	if err := st.Validate(); err != nil {
		t.Fatalf("Validate with one bad copy: %v", err)
	}
	if !hasEvent(eventsOf(st), EvMemoryRepair, copyBName) {
		t.Errorf("no repair event: %v", eventsOf(st))
	}
	checkCopiesPerfect(t, st)
	playGame(t, st, 4, 100, 0)
	// Both damaged: RAM error, play blocked until the operator clears.
	for _, name := range []string{copyAName, copyBName} {
		p := copyPath(dir, name)
		flipBit(t, p, spots[1].offset(t, p))
	}
	var re *RAMError
	if err := st.Validate(); !errors.As(err, &re) {
		t.Fatalf("Validate with both copies bad: %v, want *RAMError", err)
	}
	if err := st.Update(func(tx *Tx) error { return tx.Add(DoorOpens, 1) }); !errors.As(err, &re) {
		t.Fatalf("Update after a RAM error: %v, want the RAM error", err)
	}
	if st.Meters() == want {
		t.Error("the committed state was lost from view")
	}
	if err := st.RAMClear("tech 7"); err != nil {
		t.Fatalf("RAMClear: %v", err)
	}
	if err := st.Update(func(tx *Tx) error { return tx.Add(DoorOpens, 1) }); err != nil {
		t.Fatalf("Update after RAM clear: %v", err)
	}
	if ev := eventsOf(st); len(ev) != 1 || ev[0].Kind != EvRAMClear || !strings.Contains(ev[0].Detail, "RAM ERROR") {
		t.Errorf("events after RAM clear: %v", ev)
	}
}

func TestTruncatedCopies(t *testing.T) {
	cases := []struct {
		name   string
		cut    func(size int64) int64 // new size; -1 deletes the file
		copies []string
		ram    bool
	}{
		{"A empty", func(int64) int64 { return 0 }, []string{copyAName}, false},
		{"A deleted", func(int64) int64 { return -1 }, []string{copyAName}, false},
		{"A 10 bytes", func(int64) int64 { return 10 }, []string{copyAName}, false},
		{"A half", func(n int64) int64 { return n / 2 }, []string{copyAName}, false},
		{"B one byte short", func(n int64) int64 { return n - 1 }, []string{copyBName}, false},
		{"B half", func(n int64) int64 { return n / 2 }, []string{copyBName}, false},
		{"both empty", func(int64) int64 { return 0 }, []string{copyAName, copyBName}, true},
		{"both 10 bytes", func(int64) int64 { return 10 }, []string{copyAName, copyBName}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir, want := corruptFixture(t)
			for _, name := range tc.copies {
				p := copyPath(dir, name)
				fi, err := os.Stat(p)
				if err != nil {
					t.Fatal(err)
				}
				if n := tc.cut(fi.Size()); n < 0 {
					os.Remove(p)
				} else if err := os.Truncate(p, n); err != nil {
					t.Fatal(err)
				}
			}
			st, err := Open(dir, testOpts())
			if tc.ram {
				var re *RAMError
				if !errors.As(err, &re) {
					t.Fatalf("Open: %v, want *RAMError", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			defer st.Close()
			if got := st.Meters(); got != want {
				t.Errorf("meters %v, want %v", got, want)
			}
			if !hasEvent(eventsOf(st), EvMemoryRepair, tc.copies[0]) {
				t.Errorf("no repair event for %s: %v", tc.copies[0], eventsOf(st))
			}
			checkCopiesPerfect(t, st)
		})
	}
}

// TestSameOffsetInBothCopies flips the same byte in both copies at offsets spread
// over the file (always a RAM error), and different frames in each (always repaired).
func TestSameOffsetInBothCopies(t *testing.T) {
	dir, _ := corruptFixture(t)
	a, b := readFile(t, copyPath(dir, copyAName)), readFile(t, copyPath(dir, copyBName))
	if string(a) != string(b) {
		t.Fatal("copies in step are not byte-identical")
	}
	for _, frac := range []float64{0, 0.01, 0.3, 0.5, 0.77, 0.999} {
		off := int64(frac * float64(len(a)-1))
		t.Run(fmt.Sprintf("offset %d", off), func(t *testing.T) {
			d := t.TempDir()
			for _, p := range CopyPaths(d) {
				c := append([]byte(nil), a...)
				c[off] ^= 0x01
				writeFile(t, p, c)
			}
			var re *RAMError
			if _, err := Open(d, testOpts()); !errors.As(err, &re) {
				t.Fatalf("Open: %v, want *RAMError", err)
			}
		})
	}
	t.Run("different frames", func(t *testing.T) {
		d := t.TempDir()
		ha, _ := frameOffset(t, copyPath(dir, copyAName), 2)
		hb, _ := frameOffset(t, copyPath(dir, copyBName), 7)
		ca, cb := append([]byte(nil), a...), append([]byte(nil), b...)
		ca[ha+40] ^= 0x01
		cb[hb+40] ^= 0x01
		writeFile(t, copyPath(d, copyAName), ca)
		writeFile(t, copyPath(d, copyBName), cb)
		st, err := Open(d, testOpts())
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		defer st.Close()
		checkCopiesPerfect(t, st)
	})
}
