package machine

import (
	"testing"

	"egm/machine/machinetest"
	"egm/machine/settings"
	"egm/meters"
	"egm/rng"
)

type rig struct {
	t     *testing.T
	dir   string
	clock *machinetest.Clock
	cfg   settings.Config
	opts  Options
	m     *Machine
	outs  []Output
}

// newRig opens a machine on a fresh state directory with a seeded decider.
func newRig(t *testing.T, cfg settings.Config, seed uint64) *rig {
	t.Helper()
	r := &rig{t: t, dir: t.TempDir(), clock: machinetest.NewClock(), cfg: cfg}
	r.opts = Options{Clock: r.clock, Decider: Seeded{rng.NewSeeded(seed)}}
	r.open()
	return r
}

func (r *rig) open() {
	r.t.Helper()
	m, err := Open(r.dir, r.cfg, r.opts)
	if err != nil {
		r.t.Fatal(err)
	}
	r.m = m
	m.Subscribe(func(o Output) { r.outs = append(r.outs, o) })
	r.t.Cleanup(func() { m.Close() })
}

// restart closes the machine as a power cut would leave it (nothing settled) and
// opens it again.
func (r *rig) restart() {
	r.t.Helper()
	r.m.Close()
	r.open()
	r.m.Handle(Input{Kind: InTick})
}

func (r *rig) do(in Input) error {
	r.t.Helper()
	return r.m.Handle(in)
}

func (r *rig) must(in Input) {
	r.t.Helper()
	if err := r.m.Handle(in); err != nil {
		r.t.Fatalf("%s: %v", in.Kind, err)
	}
	r.checkInvariant()
}

func (r *rig) meters() meters.Meters {
	r.t.Helper()
	var ms meters.Meters
	if err := r.m.View(func(v *meters.Snapshot) { ms = v.Meters() }); err != nil {
		r.t.Fatal(err)
	}
	return ms
}

func (r *rig) checkInvariant() {
	r.t.Helper()
	var err error
	r.m.View(func(v *meters.Snapshot) { err = v.Meters().Invariant() }) // no store: nothing to check
	if err != nil {
		r.t.Fatal(err)
	}
}

func (r *rig) recall() []meters.RecallEntry {
	var rc []meters.RecallEntry
	r.m.View(func(v *meters.Snapshot) { rc = v.Recall() })
	return rc
}

func (r *rig) events() []meters.Event {
	var ev []meters.Event
	r.m.View(func(v *meters.Snapshot) { ev, _ = v.Events() })
	return ev
}

func (r *rig) hasEvent(kind meters.EventKind) bool {
	for _, e := range r.events() {
		if e.Kind == kind {
			return true
		}
	}
	return false
}

// present shows every step of the game in progress.
func (r *rig) present() {
	r.t.Helper()
	for s := r.m.Status(); s.State == GameInProgress; s = r.m.Status() {
		r.must(Input{Kind: InStepShown, Step: s.Step})
	}
}

// spinUntil plays games (depositing as needed, presenting every step) until stop
// returns true for the status after a spin, or fails after limit games.
func (r *rig) spinUntil(limit int, stop func(s Status) bool) Status {
	r.t.Helper()
	for i := 0; i < limit; i++ {
		s := r.m.Status()
		if s.State == GambleOffered {
			r.must(Input{Kind: InTakeWin})
		}
		if s.CreditsCents < s.BetCents {
			r.must(Input{Kind: InDeposit, Wallet: TestWallet, Cents: 100_000})
		}
		r.must(Input{Kind: InSpin})
		if s := r.m.Status(); stop(s) {
			return s
		}
		r.present()
		if s := r.m.Status(); stop(s) {
			return s
		}
	}
	r.t.Fatalf("condition not reached in %d games", limit)
	return Status{}
}
