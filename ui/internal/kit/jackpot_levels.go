package kit

import "sync"

// The linked jackpot levels the floor broadcasts, for the scenes that have no
// machine session of their own (attract): MachineSession.SetLevels installs the
// source, and every scene then shows the same levels as the lobby and play.
var linked struct {
	mu sync.Mutex
	fn func() (grand, major, mystery int64, ok bool)
}

func SetLinkedLevels(fn func() (grand, major, mystery int64, ok bool)) {
	linked.mu.Lock()
	linked.fn = fn
	linked.mu.Unlock()
}

// WithLinkedLevels puts the linked levels into a snapshot ("—" while none
// arrive); without a floor link the snapshot keeps its own (the reset values).
func WithLinkedLevels(s Snapshot) Snapshot {
	linked.mu.Lock()
	fn := linked.fn
	linked.mu.Unlock()
	if fn == nil {
		return s
	}
	s.Grand, s.Major, s.Mystery = 0, 0, 0
	if g, mj, my, ok := fn(); ok {
		s.Grand, s.Major, s.Mystery = g, mj, my
	}
	return s
}

// LinkedSession shows a demo session's play with the linked levels (attract).
type LinkedSession struct{ Session }

func (l LinkedSession) Snapshot() Snapshot { return WithLinkedLevels(l.Session.Snapshot()) }
