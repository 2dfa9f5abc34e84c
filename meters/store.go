package meters

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// File names inside the state directory.
const (
	copyAName = "critical-a.log"
	copyBName = "critical-b.log"
	lockName  = "LOCK"
)

// CopyPaths returns the paths of the copy files in a state directory, for tools
// that inspect or damage them on purpose (the lab). While both copies are in step
// they are byte-identical: damaging the same offset in both damages one commit in
// every copy, which is a RAM error; damaging different commits is repaired.
func CopyPaths(dir string) []string {
	return []string{filepath.Join(dir, copyAName), filepath.Join(dir, copyBName)}
}

// DefaultCompactBytes is the copy-file size past which the store writes a fresh
// snapshot and starts the copies anew.
const DefaultCompactBytes = 1 << 20

// Options tune a Store. The zero value is the cabinet's configuration.
type Options struct {
	FS           FS               // nil: OSFS
	Now          func() time.Time // the clock for this package's own events; nil: time.Now
	CompactBytes int64            // 0: DefaultCompactBytes
	// ReadOnly opens for reading only (offline readers, a state directory on read-only
	// media): nothing is written, not even a repair; Update refuses; a missing store
	// is an error rather than a new one. The directory is still locked, so a running
	// machine's store is refused.
	ReadOnly bool
	// SyncBoth fdatasyncs copy B on every commit too: both copies durable when
	// Update returns, at the price of a second fsync per commit.
	SyncBoth bool
	// WitnessPaths are witness files (witness.go) kept besides the state
	// directory's own, where the state partition is not (the board's): each holds
	// the number of the last commit, so that both copies rolled back is a RAM ERROR.
	WitnessPaths []string
	// Key is the machine's key, under which witness records are MACed (nil: an
	// empty key, which detects accidents only).
	Key []byte
	// Recorded is the caller's own record of this cabinet's critical memory (the
	// boot record): with it, missing memory is a RAM ERROR, never new memory.
	Recorded *Record
}

// Store is critical memory: the meters, the game in progress, game recall, the event
// log and the machine's small durable values, kept in two copy files under one state
// directory. One process at a time may have it open. Its methods are safe for
// concurrent use.
type Store struct {
	mu          sync.Mutex
	dir         string
	fs          FS
	now         func() time.Time
	compact     int64 // compact when copy A reaches this size
	compactBase int64
	lock        io.Closer
	st          *state
	fa, fb      File
	sizeA       int64
	sizeB       int64
	lastCRC     uint32 // payload CRC of the last frame written
	failed      error  // sticky: a failed write or a RAM error; only reopening or RAMClear ends it
	stats       Stats
	closed      bool
	ro          bool
	syncBoth    bool
	readBuf     [2][]byte // reused by readCopies
	pending     []string  // ReadOnly: repairs Open found needed but did not make
	// the witness (witness.go)
	extraWitness []string
	key          []byte
	recorded     *Record
	wfiles       []witnessFile
	wbuf         []byte
}

// Stats counts what the store has written since it was opened.
type Stats struct {
	Commits      uint64 // durable commits
	CommitBytes  uint64 // bytes appended by commits, both copies
	Syncs        uint64 // fdatasync calls, file and directory
	Compactions  uint64 // snapshots written (compaction and repair)
	CompactBytes uint64 // bytes written by them, both copies
	CompactErr   error  // the last compaction failure, if any (the store keeps working)
}

func (o Options) withDefaults() Options {
	if o.FS == nil {
		o.FS = OSFS{}
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.CompactBytes <= 0 {
		o.CompactBytes = DefaultCompactBytes
	}
	return o
}

// Open opens (or creates) critical memory in dir, validates both copies, repairs a
// bad copy from a good one (logging the repair as an event), and returns the store.
// It fails with ErrLocked (wrapped) if another process has dir open, and with a
// *RAMError if no trustworthy state exists; it never clears anything by itself.
func Open(dir string, opts Options) (*Store, error) {
	opts = opts.withDefaults()
	s := newStore(dir, opts)
	if s.ro {
		return s.openReadOnly()
	}
	if err := s.fs.MkdirAll(dir); err != nil {
		return nil, fmt.Errorf("meters: state directory %s: %w", dir, err)
	}
	lk, err := s.fs.Lock(filepath.Join(dir, lockName))
	if err != nil {
		if errors.Is(err, ErrLocked) {
			return nil, &lockedError{dir}
		}
		return nil, fmt.Errorf("meters: state directory %s: lock: %w", dir, err)
	}
	s.lock = lk
	if err := s.load(); err != nil {
		s.lock.Close()
		return nil, err
	}
	return s, nil
}

func newStore(dir string, opts Options) *Store {
	return &Store{dir: dir, fs: opts.FS, now: opts.Now, compact: opts.CompactBytes, compactBase: opts.CompactBytes, ro: opts.ReadOnly, syncBoth: opts.SyncBoth,
		extraWitness: opts.WitnessPaths, key: opts.Key, recorded: opts.Recorded}
}

func (s *Store) path(name string) string { return filepath.Join(s.dir, name) }

// openReadOnly loads the state without writing anything.
func (s *Store) openReadOnly() (*Store, error) {
	lk, err := s.fs.Lock(s.path(lockName))
	if err != nil {
		if errors.Is(err, ErrLocked) {
			return nil, &lockedError{s.dir}
		}
		lk, err = lockShared(s.path(lockName))
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%w in %s: %w", ErrNoMemory, s.dir, err)
		}
		if err != nil {
			return nil, fmt.Errorf("meters: state directory %s: lock: %w", s.dir, err)
		}
	}
	s.lock = lk
	copies, present, err := s.readCopies()
	var w seen
	if err == nil {
		w, err = s.readWitnesses(false)
	}
	if err == nil && !present {
		if w.from != "" {
			err = s.missingError(w)
		} else {
			err = fmt.Errorf("%w in %s", ErrNoMemory, s.dir)
		}
	}
	var ld *loaded
	if err == nil {
		ld, err = merge(s.dir, copies)
	}
	if err == nil {
		err = s.checkWitness(ld.st, w, copies)
	}
	if err != nil {
		lk.Close()
		return nil, err
	}
	s.st = ld.st
	for _, n := range ld.notes {
		s.pending = append(s.pending, n.detail)
	}
	return s, nil
}

// Pending lists what a ReadOnly Open found in need of repair (and left alone).
func (s *Store) Pending() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.pending...)
}

// readCopies reads and scans both copy files. A copy that exists but cannot be read
// (an I/O error) counts as damaged, to be rewritten from the other.
func (s *Store) readCopies() ([]*copyScan, bool, error) {
	var copies []*copyScan
	present := false
	for i, name := range []string{copyAName, copyBName} {
		var b []byte
		var err error
		if r, ok := s.fs.(fileReaderInto); ok {
			b, err = r.ReadFileInto(s.path(name), s.readBuf[i])
			if err == nil {
				s.readBuf[i] = b
			}
		} else {
			b, err = s.fs.ReadFile(s.path(name))
		}
		switch {
		case errors.Is(err, fs.ErrNotExist):
			copies = append(copies, &copyScan{name: name, missing: true})
		case err != nil:
			present = true
			copies = append(copies, &copyScan{name: name, missing: true, readErr: ioErr("read", s.path(name), err)})
		default:
			present = true
			copies = append(copies, scanCopy(name, b))
		}
	}
	return copies, present, nil
}

// load builds the state from disk at Open, then writes the witness.
func (s *Store) load() error {
	if err := s.loadCopies(); err != nil {
		s.closeFiles()
		return err
	}
	if err := s.openWitnesses(s.st.seq); err != nil {
		s.closeFiles()
		return err
	}
	return nil
}

// loadCopies builds the state from the copies and checks it against the witness.
func (s *Store) loadCopies() error {
	copies, present, err := s.readCopies()
	if err != nil {
		return err
	}
	w, err := s.readWitnesses(false)
	if err != nil {
		return err
	}
	for _, name := range []string{copyAName, copyBName} {
		s.fs.Remove(s.path(name + ".tmp")) // left by a crash inside a snapshot write; never read
	}
	if !present && knownBefore(w, s.recorded) {
		return s.missingError(w)
	}
	if !present {
		// A new store (a cabinet's first power-on): make the directory's own entry durable too.
		if err := s.fs.SyncDir(filepath.Dir(filepath.Clean(s.dir))); err != nil {
			return fmt.Errorf("meters: sync directory %s: %w", filepath.Dir(s.dir), err)
		}
		st := newState()
		next, err := withNotes(st, s.now, []note{{EvMemoryInit, "new critical memory"}})
		if err != nil {
			return err
		}
		return s.writeSnapshot(next)
	}
	ld, err := merge(s.dir, copies)
	if err != nil {
		return err
	}
	if err := s.checkWitness(ld.st, w, copies); err != nil {
		return err
	}
	if !ld.rewrite && aligned(copies) {
		s.st = ld.st
		s.sizeA, s.sizeB = copies[0].size, copies[1].size
		s.lastCRC = lastCRC(copies[0])
		return s.openAppend()
	}
	if !ld.rewrite {
		// A crash between the two renames of a compaction: both copies are good, one
		// starts from the newer snapshot. Finish the compaction.
		return s.writeSnapshot(ld.st)
	}
	next, err := withNotes(ld.st, s.now, ld.notes)
	if err != nil {
		return err
	}
	return s.writeSnapshot(next)
}

// aligned reports whether both copies start from the same snapshot.
func aligned(copies []*copyScan) bool {
	return len(copies[0].frames) > 0 && len(copies[1].frames) > 0 && copies[0].frames[0].seq == copies[1].frames[0].seq
}

func lastCRC(c *copyScan) uint32 {
	if n := len(c.frames); n > 0 && c.frames[n-1].payload != nil {
		return crc32c(c.frames[n-1].payload)
	}
	return 0
}

// withNotes returns st with one more commit carrying the notes as events.
func withNotes(st *state, now func() time.Time, notes []note) (*state, error) {
	tx := newTx(st, now)
	for _, n := range notes {
		tx.Event(n.kind, time.Time{}, n.detail)
	}
	return st.apply(st.seq+1, tx.finish())
}

// writeSnapshot replaces both copies with one snapshot of st: each is written to a
// temporary file, synced and renamed over the copy, then the directory is synced. At
// every instant each copy name holds either its old content or the new snapshot, and
// both are valid records of a state at or after the last acknowledged commit.
func (s *Store) writeSnapshot(st *state) error {
	payload, err := st.encodeImage()
	if err != nil {
		return fmt.Errorf("meters: encode snapshot: %w", err)
	}
	frame := appendFrame(nil, kindSnapshot, st.seq, payload)
	s.closeFiles()
	for _, name := range []string{copyAName, copyBName} {
		if err := s.writeFileSynced(name+".tmp", frame); err != nil {
			return err
		}
		if err := s.fs.Rename(s.path(name+".tmp"), s.path(name)); err != nil {
			return fmt.Errorf("meters: rename %s: %w", s.path(name), err)
		}
	}
	if err := s.fs.SyncDir(s.dir); err != nil {
		return fmt.Errorf("meters: sync directory %s: %w", s.dir, err)
	}
	s.stats.Syncs += 3
	s.stats.Compactions++
	s.stats.CompactBytes += 2 * uint64(len(frame))
	s.st = st
	s.sizeA, s.sizeB = int64(len(frame)), int64(len(frame))
	s.lastCRC = crc32c(payload)
	return s.openAppend()
}

func (s *Store) writeFileSynced(name string, data []byte) error {
	p := s.path(name)
	f, err := s.fs.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return fmt.Errorf("meters: %w", ioErr("create", p, err))
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		s.fs.Remove(p)
		return fmt.Errorf("meters: %w", ioErr("write", p, err))
	}
	return nil
}

func (s *Store) openAppend() error {
	s.closeFiles()
	var err error
	if s.fa, err = s.fs.OpenFile(s.path(copyAName), os.O_WRONLY|os.O_APPEND, 0); err != nil {
		return fmt.Errorf("meters: open %s: %w", s.path(copyAName), err)
	}
	if s.fb, err = s.fs.OpenFile(s.path(copyBName), os.O_WRONLY|os.O_APPEND, 0); err != nil {
		s.fa.Close()
		s.fa = nil
		return fmt.Errorf("meters: open %s: %w", s.path(copyBName), err)
	}
	return nil
}

func (s *Store) closeFiles() {
	for _, f := range []*File{&s.fa, &s.fb} {
		if *f != nil {
			(*f).Close()
			*f = nil
		}
	}
}

// Close syncs copy B, closes the files and releases the state directory.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	var err error
	if s.fb != nil && s.failed == nil {
		if err = s.fb.Sync(); err != nil {
			err = fmt.Errorf("meters: sync %s: %w", s.path(copyBName), err)
		}
	}
	s.closeFiles()
	if s.failed == nil {
		if werr := s.syncWitnesses(); err == nil {
			err = werr
		}
	}
	s.closeWitnesses()
	if s.lock != nil {
		s.lock.Close()
	}
	return err
}

// Dir is the state directory.
func (s *Store) Dir() string { return s.dir }

// Err is the sticky error that stops the store (a failed write or a RAM error), or nil.
func (s *Store) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.failed
}

// Stats returns the write counters.
func (s *Store) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stats
}
