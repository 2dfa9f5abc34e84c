package meters

import (
	"errors"
	"fmt"
)

// RAMClear is the operator's RAM clear on an open store (for instance after
// Validate found a RAM error): the copy files are moved aside into a "cleared-…"
// directory (never deleted), and critical memory starts afresh — meters at zero, no
// game, no recall — with a ram_clear event naming the operator and where the old
// files went.
func (s *Store) RAMClear(operator string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed || s.ro {
		return fmt.Errorf("meters: RAM clear needs a store open for writing")
	}
	s.closeFiles()
	var base uint64
	if s.st != nil {
		base = s.st.seq
	}
	err := s.clear(operator, s.failed, base)
	if err != nil {
		s.failed = err
		return err
	}
	s.failed = nil
	return nil
}

// RAMClear is the operator's RAM clear at boot, when Open returned a *RAMError: it
// takes the state directory, moves the damaged copies aside and returns a fresh store
// whose ram_clear event names the operator and what was wrong.
//
// A power cut inside RAMClear leaves either the old copies (the clear did not
// happen), or none and the files in cleared-…, which the next Open reports as a
// RAM ERROR (the witness saw commits): the operator clears again. The old files are
// never destroyed either way.
func RAMClear(dir, operator string, opts Options) (*Store, error) {
	opts = opts.withDefaults()
	opts.ReadOnly = false
	s := newStore(dir, opts)
	if err := s.fs.MkdirAll(dir); err != nil {
		return nil, fmt.Errorf("meters: state directory %s: %w", dir, err)
	}
	lk, err := s.fs.Lock(s.path(lockName))
	if errors.Is(err, ErrLocked) {
		return nil, &lockedError{dir}
	}
	if err != nil {
		return nil, fmt.Errorf("meters: state directory %s: lock: %w", dir, err)
	}
	s.lock = lk
	var cause error
	var base uint64
	if copies, present, err := s.readCopies(); err == nil && present {
		var ld *loaded
		if ld, cause = merge(dir, copies); cause == nil {
			base = ld.st.seq
			w, _ := s.readWitnesses(true)
			cause = s.checkWitness(ld.st, w, copies)
		}
	} else if err == nil {
		w, _ := s.readWitnesses(true)
		if knownBefore(w, s.recorded) {
			cause = s.missingError(w)
		}
	}
	if err := s.clear(operator, cause, base); err != nil {
		lk.Close()
		return nil, err
	}
	return s, nil
}

// clear moves the copies aside and starts afresh, numbering the new memory's
// commits after base and after every commit a witness saw, so that commit numbers
// never go back on the cabinet and every witness stays true.
func (s *Store) clear(operator string, cause error, base uint64) error {
	if operator == "" {
		return fmt.Errorf("meters: RAM clear needs the operator's name")
	}
	if w, _ := s.readWitnesses(true); w.seq > base {
		base = w.seq
	}
	aside := fmt.Sprintf("cleared-%s", s.now().UTC().Format("20060102T150405.000000000Z"))
	if err := s.fs.MkdirAll(s.path(aside)); err != nil {
		return fmt.Errorf("meters: RAM clear: %w", err)
	}
	for _, name := range []string{copyAName, copyBName} {
		if err := s.fs.Rename(s.path(name), s.path(aside+"/"+name)); err != nil && !isNotExist(err) {
			return fmt.Errorf("meters: RAM clear: move %s aside: %w", name, err)
		}
	}
	detail := fmt.Sprintf("RAM clear by operator %q; previous copies kept in %s", operator, s.path(aside))
	if cause != nil {
		detail += "; cause: " + unprefixed(cause)
	}
	fresh := newState()
	fresh.seq = base
	st, err := withNotes(fresh, s.now, []note{{EvRAMClear, detail}})
	if err != nil {
		return err
	}
	if err := s.writeSnapshot(st); err != nil {
		return err
	}
	return s.openWitnesses(st.seq)
}
