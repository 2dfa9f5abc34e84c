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
