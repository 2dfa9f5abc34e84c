package meters

import (
	"errors"
	"testing"
)

func TestStoreRoundTrip(t *testing.T) {
	dir := t.TempDir()
	st := mustOpen(t, dir, testOpts())
	for n := uint64(1); n <= 30; n++ {
		playGame(t, st, n, 100, int64(n%3)*150)
	}
	want := st.Meters()
	seq := st.Seq()
	if err := st.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	st = mustOpen(t, dir, testOpts())
	defer st.Close()
	if got := st.Meters(); got != want {
		t.Errorf("meters after reopen:\n got %v\nwant %v", got, want)
	}
	if st.Seq() != seq {
		t.Errorf("seq after reopen %d, want %d", st.Seq(), seq)
	}
	if err := st.Meters().Invariant(); err != nil {
		t.Error(err)
	}
	st.View(func(v *Snapshot) {
		r := v.Recall()
		if len(r) != 30 || r[0].Number != 30 || r[29].Number != 1 {
			t.Errorf("recall: %d entries, first %d", len(r), r[0].Number)
		}
		if _, ok := v.Game(); ok {
			t.Error("a game in progress after settlement")
		}
	})
}

func TestSyncBoth(t *testing.T) {
	dir := t.TempDir()
	st := mustOpen(t, dir, Options{Now: fixedClock(), SyncBoth: true})
	playGame(t, st, 1, 100, 0)
	if s := st.Stats(); s.Syncs-3 != 2*s.Commits { // 3: the first snapshot
		t.Errorf("%d syncs for %d commits, want two per commit", s.Syncs-3, s.Commits)
	}
	want := st.Meters()
	st.Close()
	st = mustOpen(t, dir, testOpts())
	defer st.Close()
	if st.Meters() != want {
		t.Error("meters differ after reopen")
	}
}

func TestSecondOpenRefused(t *testing.T) {
	dir := t.TempDir()
	st := mustOpen(t, dir, testOpts())
	_, err := Open(dir, testOpts())
	if !errors.Is(err, ErrLocked) {
		t.Fatalf("second Open: %v, want ErrLocked", err)
	}
	st.Close()
	st2, err := Open(dir, testOpts())
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	st2.Close()
}

// TestConcurrentReaders reads and validates while games are committed; under -race
// it also checks the locking. Every view must satisfy the invariant.
func TestConcurrentReaders(t *testing.T) {
	st := mustOpen(t, t.TempDir(), testOpts())
	defer st.Close()
	done := make(chan struct{})
	errs := make(chan error, 3)
	for r := 0; r < 2; r++ {
		go func() {
			for {
				select {
				case <-done:
					errs <- nil
					return
				default:
				}
				var m Meters
				st.View(func(v *Snapshot) { m = v.Meters(); _ = v.Recall() })
				if err := m.Invariant(); err != nil {
					errs <- err
					return
				}
				if err := st.Validate(); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	for n := uint64(1); n <= 40; n++ {
		playGame(t, st, n, 100, int64(n%2)*200)
	}
	close(done)
	for r := 0; r < 2; r++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}
