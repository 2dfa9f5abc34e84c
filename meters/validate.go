package meters

import (
	"fmt"
	"maps"
)

// Validate checks critical memory on disk against the committed state: both copies
// are read back and every frame's CRC checked. It is cheap when all is well (a read
// of the two files from the page cache and a CRC over them; see doc.go for figures),
// so the machine calls it before and after each game.
//
// One bad copy is rewritten from the good one, and the repair is logged as an event.
// If the committed state cannot be found intact in any copy, Validate returns a
// *RAMError and the store stops (Err reports it) until RAMClear; nothing is cleared
// automatically. On a ReadOnly store nothing is repaired; Pending lists what would be.
func (s *Store) Validate() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return fmt.Errorf("meters: store is closed")
	}
	if s.failed != nil {
		return s.failed
	}
	copies, _, err := s.readCopies()
	if err != nil {
		return err
	}
	fast := true
	for _, c := range copies {
		if last, _ := c.lastSeq(); !c.perfect() || last != s.st.seq || lastCRC(c) != s.lastCRC {
			fast = false
		}
	}
	if fast {
		return nil
	}
	ld, err := merge(s.dir, copies)
	if err == nil && !sameState(ld.st, s.st) {
		e := &RAMError{Dir: s.dir, Reason: fmt.Sprintf("the copies hold commit %d, the machine committed %d", ld.st.seq, s.st.seq)}
		for _, c := range copies {
			e.Copies = append(e.Copies, c.describe())
		}
		err = e
	}
	if err != nil {
		s.failed = err
		return err
	}
	if !ld.rewrite && (aligned(copies) || s.ro) {
		return nil
	}
	if !ld.rewrite {
		if err := s.writeSnapshot(s.st); err != nil {
			s.failed = fmt.Errorf("%w: realigning the copies failed: %s", ErrStopped, unprefixed(err))
			return s.failed
		}
		return nil
	}
	if s.ro {
		s.pending = s.pending[:0]
		for _, n := range ld.notes {
			s.pending = append(s.pending, n.detail)
		}
		return nil
	}
	next, err := withNotes(s.st, s.now, ld.notes)
	if err == nil {
		err = s.writeSnapshot(next)
	}
	if err != nil {
		s.failed = fmt.Errorf("%w: repair of critical memory failed: %s", ErrStopped, unprefixed(err))
		return s.failed
	}
	return nil
}

// sameState compares what a replay of the disk gives with the committed state.
func sameState(a, b *state) bool {
	if a.seq != b.seq || a.meters != b.meters || len(a.games) != len(b.games) ||
		len(a.recall) != len(b.recall) || len(a.events) != len(b.events) || len(a.values) != len(b.values) ||
		!maps.Equal(a.counts, b.counts) {
		return false
	}
	for k, g := range a.games {
		if b.games[k] != g {
			return false
		}
	}
	if (a.game == nil) != (b.game == nil) || a.game != nil && (a.game.Number != b.game.Number || a.game.Step != b.game.Step) {
		return false
	}
	if n := len(a.recall); n > 0 && a.recall[n-1].Number != b.recall[n-1].Number {
		return false
	}
	ae, ah := a.lastEvent()
	be, bh := b.lastEvent()
	return ae == be && ah == bh
}
