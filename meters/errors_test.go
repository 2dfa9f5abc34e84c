package meters

import (
	"encoding/json"
	"errors"
	"syscall"
	"testing"
)

// TestTypedErrors: why a commit did not happen is told by errors.Is, and only a
// failed write stops the store.
func TestTypedErrors(t *testing.T) {
	tests := []struct {
		name    string
		setup   func(t *testing.T, dir string) *Store
		fn      func(tx *Tx) error
		want    error
		stopped bool
	}{
		{"closed", func(t *testing.T, dir string) *Store {
			st := mustOpen(t, dir, testOpts())
			st.Close()
			return st
		}, func(tx *Tx) error { tx.Add(PowerUps, 1); return nil }, ErrClosed, false},
		{"read-only", func(t *testing.T, dir string) *Store {
			mustOpen(t, dir, testOpts()).Close()
			return mustOpen(t, dir, Options{Now: fixedClock(), ReadOnly: true})
		}, func(tx *Tx) error { tx.Add(PowerUps, 1); return nil }, ErrReadOnly, false},
		{"a Tx method's refusal", func(t *testing.T, dir string) *Store { return mustOpen(t, dir, testOpts()) },
			func(tx *Tx) error { return tx.SetValue("", json.RawMessage(`1`)) }, ErrRefused, false},
		{"a refusal kept by the Tx", func(t *testing.T, dir string) *Store { return mustOpen(t, dir, testOpts()) },
			func(tx *Tx) error { tx.SetValue("k", json.RawMessage(`{`)); return nil }, ErrRefused, false},
		{"the credits invariant", func(t *testing.T, dir string) *Store { return mustOpen(t, dir, testOpts()) },
			func(tx *Tx) error { tx.SetCredits(5); return nil }, ErrRefused, false},
		{"a failed write", func(t *testing.T, dir string) *Store {
			ffs := newFaultFS()
			st := mustOpen(t, dir, Options{FS: ffs, Now: fixedClock()})
			ffs.writeErr = syscall.EIO
			return st
		}, func(tx *Tx) error { tx.Add(PowerUps, 1); return nil }, ErrStopped, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := tc.setup(t, t.TempDir())
			defer st.Close()
			err := st.Update(tc.fn)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Update: %v, want %v", err, tc.want)
			}
			for _, other := range []error{ErrClosed, ErrReadOnly, ErrRefused, ErrStopped} {
				if other != tc.want && errors.Is(err, other) {
					t.Errorf("%v is also %v", err, other)
				}
			}
			if stopped := errors.Is(st.Err(), ErrStopped); stopped != tc.stopped {
				t.Errorf("store stopped %v (Err %v), want %v", stopped, st.Err(), tc.stopped)
			}
		})
	}
}
