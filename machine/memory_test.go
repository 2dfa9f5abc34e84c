package machine

import (
	"encoding/json"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"egm/machine/machinetest"
	"egm/machine/settings"
	"egm/meters"
)

// TestCommitLink: the link's commit is one of the machine's — it moves the
// sequence, runs the commit hook, and is read back through View.
func TestCommitLink(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 40)
	hooked := 0
	r.m.OnCommit(func(l LinkSetter, c Commit) error {
		hooked++
		return nil
	})
	seq := r.m.Seq()
	if seq == 0 {
		t.Fatal("Seq 0 with critical memory open")
	}
	if err := r.m.CommitLink(func(l LinkSetter) error { return l.SetLink(json.RawMessage(`"q"`)) }); err != nil {
		t.Fatal(err)
	}
	var v json.RawMessage
	if err := r.m.View(func(s *meters.Snapshot) { v, _ = s.Value(LinkKey) }); err != nil {
		t.Fatal(err)
	}
	if string(v) != `"q"` || r.m.Seq() != seq+1 || hooked != 1 {
		t.Fatalf("value %s, seq %d → %d, hook ran %d times", v, seq, r.m.Seq(), hooked)
	}
}

// TestNoStore: a failed write tilts the machine whether the machine's own commit
// or the link's failed; the attendant key's reopen on a disk still full leaves no
// store (RAM ERROR): View, Seq, CommitLink and BonusMeters say so with ErrNoStore
// instead of handing out a nil store; once there is room, the key reopens.
func TestNoStore(t *testing.T) {
	for _, first := range []string{"machine commit", "link commit"} {
		t.Run(first, func(t *testing.T) {
			full := new(atomic.Bool)
			r := newRig(t, settings.DefaultConfig(), 41)
			r.opts.Store.FS = machinetest.FullFS{Full: full}
			r.restart()
			r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 2_000})
			var last Status
			r.m.Subscribe(func(o Output) {
				if o.Kind == OutState {
					last = *o.Status
				}
			})
			full.Store(true)
			var err error
			if first == "machine commit" {
				err = r.do(Input{Kind: InDoorOpen})
			} else {
				err = r.m.CommitLink(func(l LinkSetter) error { return l.SetLink(json.RawMessage(`1`)) })
			}
			if !errors.Is(err, meters.ErrStopped) || errors.Is(err, ErrRefused) || errors.Is(err, ErrNoStore) {
				t.Fatalf("write on a full disk: %v", err)
			}
			s := r.m.Status()
			if s.State != Tilt || !strings.HasPrefix(s.Reason, TiltMemory) || last.State != Tilt {
				t.Fatalf("after a failed write: %s %q (subscriber saw %s)", s.State, s.Reason, last.State)
			}
			// The stopped store is still read: the last commit on disk.
			var credits int64
			if err := r.m.View(func(v *meters.Snapshot) { credits = v.Meters().Get(meters.CurrentCredits) }); err != nil || credits != 2_000 {
				t.Fatalf("view of a stopped store: %d %v", credits, err)
			}
			if err := r.m.CommitLink(func(LinkSetter) error { return nil }); !errors.Is(err, meters.ErrStopped) || errors.Is(err, ErrNoStore) {
				t.Fatalf("link commit in a critical memory error: %v", err)
			}

			if err := r.do(Input{Kind: InAttendantKey}); err == nil {
				t.Fatal("reopened on a full disk")
			}
			if s := r.m.Status(); s.State != RAMError {
				t.Fatalf("after a failed reopen: %s", s.State)
			}
			called := false
			if err := r.m.View(func(*meters.Snapshot) { called = true }); !errors.Is(err, ErrNoStore) || called {
				t.Fatalf("View without a store: %v (fn called %v)", err, called)
			}
			if r.m.Seq() != 0 {
				t.Fatalf("Seq without a store: %d", r.m.Seq())
			}
			if err := r.m.CommitLink(func(LinkSetter) error { return nil }); !errors.Is(err, ErrNoStore) {
				t.Fatalf("CommitLink without a store: %v", err)
			}
			if _, err := r.m.BonusMeters(); !errors.Is(err, ErrNoStore) {
				t.Fatalf("BonusMeters without a store: %v", err)
			}

			full.Store(false)
			r.must(Input{Kind: InAttendantKey})
			if s := r.m.Status(); s.State == RAMError || s.CreditsCents != 2_000 {
				t.Fatalf("after the reopen: %+v", s)
			}
			if r.m.Seq() == 0 {
				t.Fatal("no sequence after the reopen")
			}
		})
	}
}

// TestClosedHasNoStore: a closed machine reads and writes nothing.
func TestClosedHasNoStore(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 42)
	r.m.Close()
	if err := r.m.View(func(*meters.Snapshot) {}); !errors.Is(err, ErrNoStore) {
		t.Fatalf("View after Close: %v", err)
	}
	if err := r.m.CommitLink(func(LinkSetter) error { return nil }); !errors.Is(err, ErrNoStore) {
		t.Fatalf("CommitLink after Close: %v", err)
	}
	if r.m.Seq() != 0 {
		t.Fatal("Seq after Close")
	}
}

// TestStoredCashout: a pending cash-out request is read from critical memory by
// name, and is gone from it once confirmed.
func TestStoredCashout(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 43)
	stored := func() (c Cashout, ok bool) {
		if err := r.m.View(func(v *meters.Snapshot) { c, ok = StoredCashout(v) }); err != nil {
			t.Fatal(err)
		}
		return c, ok
	}
	if _, ok := stored(); ok {
		t.Fatal("a cash-out stored before any")
	}
	r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 3_000})
	r.must(Input{Kind: InCashout})
	c, ok := stored()
	if !ok || c.Cents != 3_000 || c.Wallet != TestWallet {
		t.Fatalf("stored cash-out %+v %v", c, ok)
	}
	r.must(Input{Kind: InCashoutConfirmed, CashoutID: c.ID})
	if c, ok := stored(); ok {
		t.Fatalf("a confirmed cash-out still stored: %+v", c)
	}
}
