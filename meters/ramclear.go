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
	err := s.clear(operator, s.failed)
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
// happen), or none and the files in cleared-…, which the next Open takes for a new
// store (memory_init): the old files are never destroyed either way.
func RAMClear(dir, operator string, opts Options) (*Store, error) {
	opts = opts.withDefaults()
	s := &Store{dir: dir, fs: opts.FS, now: opts.Now, compact: opts.CompactBytes, compactBase: opts.CompactBytes}
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
	if copies, present, err := s.readCopies(); err == nil && present {
		_, cause = merge(dir, copies)
	}
	if err := s.clear(operator, cause); err != nil {
		lk.Close()
		return nil, err
	}
	return s, nil
}

func (s *Store) clear(operator string, cause error) error {
	if operator == "" {
		return fmt.Errorf("meters: RAM clear needs the operator's name")
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
	st, err := withNotes(newState(), s.now, []note{{EvRAMClear, detail}})
	if err != nil {
		return err
	}
	return s.writeSnapshot(st)
}
