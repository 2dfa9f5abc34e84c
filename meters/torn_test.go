package meters

import (
	"fmt"
	"testing"
)

// TestTornWriteAtEveryOffset cuts the last commit's frame short at every offset (every
// byte of the header, every 23rd of the payload), in copy A, in copy B and in both, as a
// crash inside the write would, and checks that Open always recovers: the state after
// the commit if any copy holds it whole, else the state before, never a RAM error,
// and both copies valid afterwards.
func TestTornWriteAtEveryOffset(t *testing.T) {
	dir := t.TempDir()
	st := mustOpen(t, dir, testOpts())
	for n := uint64(1); n <= 5; n++ {
		playGame(t, st, n, 200, int64(n%2)*300)
	}
	st.Close()
	a0, b0 := readFile(t, copyPath(dir, copyAName)), readFile(t, copyPath(dir, copyBName))
	var before Meters
	st = mustOpen(t, dir, testOpts())
	before = st.Meters()
	if err := st.Update(func(tx *Tx) error {
		tx.Add(CoinIn, 500)
		tx.Add(GamesPlayed, 1)
		tx.SetCredits(tx.Meter(CurrentCredits) - 500)
		return tx.SetGame(GameInProgress{Number: 6, Title: "t", DenomCents: 10, BetCents: 500, Outcome: outcome(6, 1200)})
	}); err != nil {
		t.Fatal(err)
	}
	after := st.Meters()
	st.Close()
	a1, b1 := readFile(t, copyPath(dir, copyAName)), readFile(t, copyPath(dir, copyBName))
	if len(a1) <= len(a0) || string(a1[:len(a0)]) != string(a0) {
		t.Fatal("the commit did not append to copy A")
	}
	var cuts []int
	for l := len(a0); l <= len(a1); l++ {
		if l-len(a0) <= headerSize+2 || (l-len(a0))%23 == 0 || l == len(a1) {
			cuts = append(cuts, l)
		}
	}
	cases := []struct {
		name string
		a, b func(l int) []byte
	}{
		{"A torn, B before", func(l int) []byte { return a1[:l] }, func(int) []byte { return b0 }},
		{"A torn, B whole", func(l int) []byte { return a1[:l] }, func(int) []byte { return b1 }},
		{"A whole, B torn", func(int) []byte { return a1 }, func(l int) []byte { return b1[:l] }},
		{"both torn", func(l int) []byte { return a1[:l] }, func(l int) []byte { return b1[:l] }},
	}
	for _, tc := range cases {
		for _, l := range cuts {
			t.Run(fmt.Sprintf("%s/%d", tc.name, l-len(a0)), func(t *testing.T) {
				d := t.TempDir()
				writeFile(t, copyPath(d, copyAName), tc.a(l))
				writeFile(t, copyPath(d, copyBName), tc.b(l))
				whole := len(tc.a(l)) == len(a1) || len(tc.b(l)) == len(b1)
				st, err := Open(d, testOpts())
				if err != nil {
					t.Fatalf("Open: %v", err)
				}
				defer st.Close()
				want := before
				if whole {
					want = after
				}
				if got := st.Meters(); got != want {
					t.Fatalf("meters %v, want %v (whole commit in a copy: %v)", got, want, whole)
				}
				evs := eventsOf(st)
				la, lb := len(tc.a(l)), len(tc.b(l))
				clean := la == len(a0) && lb == len(b0) || la == len(a1) && lb == len(b1)
				if !clean &&
					!hasEvent(evs, EvMemoryRecovery, "") && !hasEvent(evs, EvMemoryRepair, "") {
					t.Errorf("a torn copy was fixed without an event: %v", evs)
				}
				copies, _, _ := st.readCopies()
				for _, c := range copies {
					if last, _ := c.lastSeq(); !c.perfect() || last != st.Seq() {
						t.Fatalf("after Open: %s", c.describe())
					}
				}
			})
		}
	}
}

// TestCrashBetweenCompactionRenames leaves copy A compacted and copy B not, as a
// power cut between the two renames of a compaction would, and checks that Open
// reads the same state and finishes the compaction.
func TestCrashBetweenCompactionRenames(t *testing.T) {
	dir := t.TempDir()
	st := mustOpen(t, dir, testOpts())
	for n := uint64(1); n <= 4; n++ {
		playGame(t, st, n, 100, 100)
	}
	want, seq := st.Meters(), st.Seq()
	st.Close()
	oldB := readFile(t, copyPath(dir, copyBName))
	st = mustOpen(t, dir, testOpts())
	st.mu.Lock()
	st.compactNow()
	st.mu.Unlock()
	st.Close()
	writeFile(t, copyPath(dir, copyBName), oldB)
	a := scanCopy(copyAName, readFile(t, copyPath(dir, copyAName)))
	if len(a.frames) != 1 || a.frames[0].kind != kindSnapshot || a.frames[0].seq != seq {
		t.Fatalf("copy A is not a lone snapshot at %d", seq)
	}
	st = mustOpen(t, dir, testOpts())
	defer st.Close()
	if st.Meters() != want || st.Seq() != seq {
		t.Errorf("after reopen: seq %d meters %v, want %d %v", st.Seq(), st.Meters(), seq, want)
	}
	b := scanCopy(copyBName, readFile(t, copyPath(dir, copyBName)))
	if len(b.frames) != 1 || b.frames[0].seq != seq {
		t.Errorf("copy B was not brought to the snapshot: %d frames", len(b.frames))
	}
	if err := st.Validate(); err != nil {
		t.Fatal(err)
	}
}
