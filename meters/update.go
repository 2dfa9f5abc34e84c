package meters

import "fmt"

// Update runs fn in a transaction and commits what it did: atomically (all of it or
// none) and durably (on stable storage when Update returns nil). A commit costs one
// append to each copy and one fdatasync (of copy A); copy B's write-back is started at
// once and synced at compaction and Close. If fn returns an error, or a Tx method
// refused something, nothing is written and that error is returned.
//
// A commit that would break the credits invariant or move a meter backwards is
// refused. A write or sync failure stops the store (Err reports it): the commit is not
// acknowledged, critical memory on disk still holds the previous commit, and the store
// must be reopened.
//
// fn runs with the store locked: it must not call the Store's methods, and the Tx
// must not be kept after it returns.
func (s *Store) Update(fn func(tx *Tx) error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.usable(); err != nil {
		return err
	}
	tx := newTx(s.st, s.now)
	if err := fn(tx); err != nil {
		return err
	}
	if tx.err != nil {
		return tx.err
	}
	rec := tx.finish()
	if rec.empty() {
		return nil
	}
	next, err := s.st.apply(s.st.seq+1, rec)
	if err != nil {
		return fmt.Errorf("%w: %s", ErrRefused, unprefixed(err))
	}
	return s.commit(next, rec)
}

func (s *Store) usable() error {
	switch {
	case s.closed:
		return ErrClosed
	case s.ro:
		return fmt.Errorf("%w: %s", ErrReadOnly, s.dir)
	case s.failed != nil:
		return s.failed
	}
	return nil
}

// commit appends rec as frame next.seq to both copies and syncs copy A.
func (s *Store) commit(next *state, rec *record) error {
	payload, err := marshal(rec)
	if err != nil {
		return fmt.Errorf("meters: encode commit: %w", err)
	}
	frame := appendFrame(nil, kindCommit, next.seq, payload)
	if err := s.appendFrame(frame); err != nil {
		s.failed = fmt.Errorf("%w: commit %d not stored: %w; critical memory on disk still holds commit %d; reopen the store", ErrStopped,
			next.seq, err, s.st.seq)
		return s.failed
	}
	s.st = next
	s.lastCRC = crc32c(payload)
	s.stats.Commits++
	s.stats.CommitBytes += 2 * uint64(len(frame))
	s.stats.Syncs++
	if err := s.writeWitness(next.seq); err != nil {
		// The commit is durable in copy A: acknowledge it, and stop the store, so that
		// no commit goes unwitnessed.
		s.failed = fmt.Errorf("%w: commit %d is stored, but %s; reopen the store", ErrStopped, next.seq, err)
		return nil
	}
	if s.sizeA >= s.compact {
		s.compactNow()
	}
	return nil
}

func (s *Store) appendFrame(frame []byte) error {
	undo := func() {
		// Best effort: take a partial frame back off both copies. If this fails the
		// partial frame is an incomplete tail, which the next Open discards.
		s.fa.Truncate(s.sizeA)
		s.fb.Truncate(s.sizeB)
	}
	if _, err := s.fa.Write(frame); err != nil {
		undo()
		return ioErr("write", s.path(copyAName), err)
	}
	if _, err := s.fb.Write(frame); err != nil {
		undo()
		return ioErr("write", s.path(copyBName), err)
	}
	if w, ok := s.fb.(writebackStarter); ok {
		w.StartWriteback(s.sizeB, int64(len(frame))) // advisory; an error here changes nothing
	}
	if err := s.fa.Sync(); err != nil {
		undo()
		return ioErr("sync", s.path(copyAName), err)
	}
	if s.syncBoth {
		if err := s.fb.Sync(); err != nil {
			undo()
			return ioErr("sync", s.path(copyBName), err)
		}
		s.stats.Syncs++
	}
	s.sizeA += int64(len(frame))
	s.sizeB += int64(len(frame))
	return nil
}

// compactNow rewrites both copies as one snapshot of the current state. A failure
// leaves the old copies in use (they are still complete) and is retried after
// another half CompactBytes.
func (s *Store) compactNow() {
	err := s.fb.Sync()
	if err != nil {
		err = fmt.Errorf("meters: compaction: sync %s: %w", s.path(copyBName), err)
	} else {
		err = s.writeSnapshot(s.st)
	}
	s.stats.CompactErr = err
	if err == nil {
		err = s.syncWitnesses()
		s.stats.CompactErr = err
	}
	if err == nil {
		s.compact = s.compactBase
		return
	}
	s.compact = s.sizeA + s.compactBase/2
	// The copies may be old, new or one of each: all complete. Find out which.
	if err := s.resync(); err != nil {
		s.failed = fmt.Errorf("%w: after a failed compaction (%s): %s", ErrStopped, unprefixed(s.stats.CompactErr), unprefixed(err))
	}
}

// resync re-reads both copies after a failed compaction and reopens them for
// appending, provided both are perfect records of the current state.
func (s *Store) resync() error {
	copies, _, err := s.readCopies()
	if err != nil {
		return err
	}
	for _, c := range copies {
		if last, _ := c.lastSeq(); !c.perfect() || last != s.st.seq {
			return fmt.Errorf("meters: %s after a failed compaction", c.describe())
		}
	}
	s.sizeA, s.sizeB = copies[0].size, copies[1].size
	return s.openAppend()
}
