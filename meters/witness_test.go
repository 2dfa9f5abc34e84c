package meters

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// played is a state directory after n games, closed, with the copies' bytes
// after each of the first games kept (for rollbacks).
func played(t *testing.T, opts Options, n uint64) (dir string, early [2][]byte) {
	t.Helper()
	dir = t.TempDir()
	st := mustOpen(t, dir, opts)
	for i := uint64(1); i <= n; i++ {
		playGame(t, st, i, 200, int64(i%3)*150)
		if i == 2 {
			early = [2][]byte{readFile(t, copyPath(dir, copyAName)), readFile(t, copyPath(dir, copyBName))}
		}
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	return dir, early
}

func wantRAMError(t *testing.T, err error, words ...string) {
	t.Helper()
	var re *RAMError
	if !errors.As(err, &re) {
		t.Fatalf("Open: %v, want a RAM error", err)
	}
	for _, w := range words {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("RAM error %q does not say %q", err, w)
		}
	}
}

// TestWitnessLossIsRAMError: a played cabinet's critical memory deleted, emptied,
// cut short alike inside a frame, or rolled back in both copies is a RAM ERROR
// naming what is missing, read-only too, and never new or old memory; the
// operator's RAM clear then starts clean, numbering after the lost commits.
func TestWitnessLossIsRAMError(t *testing.T) {
	cases := []struct {
		name   string
		damage func(t *testing.T, dir string, early [2][]byte)
		words  []string
	}{
		{"both copies deleted", func(t *testing.T, dir string, _ [2][]byte) {
			for _, p := range CopyPaths(dir) {
				if err := os.Remove(p); err != nil {
					t.Fatal(err)
				}
			}
		}, []string{"both copies of critical memory are missing", "saw commit"}},
		{"both copies emptied", func(t *testing.T, dir string, _ [2][]byte) {
			for _, p := range CopyPaths(dir) {
				writeFile(t, p, nil)
			}
		}, []string{"no readable snapshot"}},
		{"both cut short alike inside a frame", func(t *testing.T, dir string, _ [2][]byte) {
			a := readFile(t, copyPath(dir, copyAName))
			for _, p := range CopyPaths(dir) {
				writeFile(t, p, a[:len(a)-40])
			}
		}, []string{"ends at commit", "the witness", "rolled back"}},
		{"both rolled back to an earlier game", func(t *testing.T, dir string, early [2][]byte) {
			writeFile(t, copyPath(dir, copyAName), early[0])
			writeFile(t, copyPath(dir, copyBName), early[1])
		}, []string{"ends at commit 5,", "saw commit 21"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir, early := played(t, testOpts(), 10)
			tc.damage(t, dir, early)
			_, err := Open(dir, testOpts())
			wantRAMError(t, err, tc.words...)
			_, err = Open(dir, Options{ReadOnly: true})
			wantRAMError(t, err)
			_, err = Open(dir, testOpts()) // a power cycle does not clear it
			wantRAMError(t, err, tc.words...)
			st, err := RAMClear(dir, "tech 7", testOpts())
			if err != nil {
				t.Fatal(err)
			}
			if st.Meters().Get(CoinIn) != 0 || st.Seq() <= 21 {
				t.Fatalf("after RAM clear: coin in %d, commit %d (want 0, after 21)", st.Meters().Get(CoinIn), st.Seq())
			}
			playGame(t, st, 1, 200, 0)
			st.Close()
			st = mustOpen(t, dir, testOpts())
			if st.Meters().Get(CoinIn) != 200 {
				t.Fatalf("after RAM clear and a game: coin in %d", st.Meters().Get(CoinIn))
			}
			st.Close()
		})
	}
}

// TestWitnessFirstPowerOn: a directory with nothing is new memory, and its
// witness is written at once; a store older than the witness opens and gets one.
func TestWitnessFirstPowerOn(t *testing.T) {
	dir := t.TempDir()
	st := mustOpen(t, dir, testOpts())
	var ev []Event
	st.View(func(v *Snapshot) { ev, _ = v.Events() })
	if len(ev) == 0 || ev[len(ev)-1].Kind != EvMemoryInit {
		t.Fatalf("first power-on events %v", ev)
	}
	st.Close()
	if b := readFile(t, filepath.Join(dir, witnessName)); len(b) != witnessSize {
		t.Fatalf("witness %d bytes", len(b))
	}
	os.Remove(filepath.Join(dir, witnessName)) // a store from before the witness
	st = mustOpen(t, dir, testOpts())
	st.Close()
	if b := readFile(t, filepath.Join(dir, witnessName)); len(b) != witnessSize {
		t.Fatalf("witness not written back: %d bytes", len(b))
	}
}

// TestWitnessOutsideAndRecord: with the state directory's witness gone too, a
// witness outside it, or the caller's record, still makes a rollback or a
// deletion a RAM ERROR; a witness under another key is refused.
func TestWitnessOutsideAndRecord(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "board", "egm-witness")
	opts := testOpts()
	opts.WitnessPaths = []string{outside}
	opts.Key = []byte("machine key")
	dir, early := played(t, opts, 6)
	os.Remove(filepath.Join(dir, witnessName))
	writeFile(t, copyPath(dir, copyAName), early[0])
	writeFile(t, copyPath(dir, copyBName), early[1])
	_, err := Open(dir, opts)
	wantRAMError(t, err, "the witness "+outside, "saw commit 13")

	other := opts
	other.Key = []byte("another key")
	_, err = Open(dir, other)
	wantRAMError(t, err, "does not verify")

	// Nothing but the caller's record.
	dir2, _ := played(t, testOpts(), 3)
	for _, p := range append(CopyPaths(dir2), filepath.Join(dir2, witnessName)) {
		os.Remove(p)
	}
	rec := testOpts()
	rec.Recorded = &Record{Seq: 7, From: "the boot record"}
	_, err = Open(dir2, rec)
	wantRAMError(t, err, "the boot record saw commit 7")
	rec.Recorded = &Record{From: "the boot record (4 power-ons)"}
	_, err = Open(dir2, rec)
	wantRAMError(t, err, "the boot record (4 power-ons) says this cabinet has run before")
	if _, err := Open(dir2, testOpts()); err != nil { // no record at all: a first power-on
		t.Fatalf("a first power-on: %v", err)
	}
}

// TestWitnessMAC pins the record's layout and MAC.
func TestWitnessMAC(t *testing.T) {
	rec := encodeWitness([]byte("k"), 0x0102)
	if string(rec[:4]) != "EGMW" || rec[4] != 1 || rec[8] != 0x02 || rec[9] != 0x01 || len(rec) != witnessSize {
		t.Fatalf("record % X", rec)
	}
	if seq, err := decodeWitness([]byte("k"), rec); err != nil || seq != 0x0102 {
		t.Fatalf("decode: %d %v", seq, err)
	}
	rec[8] ^= 1
	if _, err := decodeWitness([]byte("k"), rec); err == nil {
		t.Fatal("a changed commit number verified")
	}
	if WitnessMAC([]byte("k"), 5) == WitnessMAC([]byte("j"), 5) || len(WitnessMAC(nil, 5)) != 64 {
		t.Fatal("MAC does not depend on the key")
	}
}

// BenchmarkWitnessWrite is what the witness adds to each commit: the record
// MACed and written in place (pwrite, no sync) in the state directory's file.
func BenchmarkWitnessWrite(b *testing.B) {
	st := mustOpen(b, b.TempDir(), Options{Key: []byte("machine key")})
	defer st.Close()
	seq := st.Seq()
	for b.Loop() {
		seq++
		if err := st.writeWitness(seq); err != nil {
			b.Fatal(err)
		}
	}
}
