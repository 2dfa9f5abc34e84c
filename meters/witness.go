package meters

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// The witness: a record of the last commit kept apart from the two copies, so that
// critical memory lost or rolled back as a whole (both copies deleted, emptied,
// cut short alike or replaced by older ones) is a RAM ERROR, never a machine that
// starts on new or old memory. Commit numbers never go back on a cabinet, not even
// across a RAM clear (the new memory continues the numbering), so a witness is
// never older than the truth it saw, whatever happened since.
//
// Each witness file (the state directory's "witness", and Options.WitnessPaths on
// the board, where the state partition is not) holds one record of witnessSize
// bytes, written in place after each commit is durable in copy A:
//
//	offset  size  field
//	0       4     magic "EGMW"
//	4       1     format version (1)
//	5       3     zero
//	8       8     commit number, little-endian
//	16      32    HMAC-SHA256 under Options.Key of bytes 0..15
//
// The record is synced when the store opens, at compaction, at RAM clear and at
// Close, not with every commit: after a power cut it may be a few seconds behind
// copy A (never ahead of it), which only means a rollback of those last commits
// is not seen. An empty witness file (its creation cut short) is no witness.

const (
	witnessName    = "witness"
	witnessSize    = 48
	witnessVersion = 1
)

var witnessMagic = [4]byte{'E', 'G', 'M', 'W'}

// Record is an outside record of critical memory kept by the caller (the
// platform's boot record): this cabinet has run before, and its critical memory
// reached commit Seq. With a Record, missing critical memory is a RAM ERROR
// naming From, and memory that ends before Seq is a rollback.
type Record struct {
	Seq  uint64
	From string // what recorded it, for the RAM ERROR's words
}

// WitnessMAC is the MAC (hex) of commit number seq under key, for records kept
// outside the store (the boot record): HMAC-SHA256 of the witness header.
func WitnessMAC(key []byte, seq uint64) string {
	h := witnessHeader(seq)
	return hex.EncodeToString(witnessSum(key, h[:]))
}

func witnessHeader(seq uint64) [16]byte {
	var h [16]byte
	copy(h[:4], witnessMagic[:])
	h[4] = witnessVersion
	binary.LittleEndian.PutUint64(h[8:], seq)
	return h
}

func witnessSum(key, header []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write(header)
	return m.Sum(nil)
}

func encodeWitness(key []byte, seq uint64) []byte {
	h := witnessHeader(seq)
	return append(h[:], witnessSum(key, h[:])...)
}

// errNoWitness: the file holds no witness (missing, or empty).
var errNoWitness = errors.New("no witness")

func decodeWitness(key, b []byte) (uint64, error) {
	switch {
	case len(b) == 0:
		return 0, errNoWitness
	case len(b) != witnessSize:
		return 0, fmt.Errorf("%d bytes, want %d", len(b), witnessSize)
	case [4]byte(b[:4]) != witnessMagic || b[4] != witnessVersion:
		return 0, fmt.Errorf("not a witness record (% X)", b[:8])
	case !hmac.Equal(b[16:], witnessSum(key, b[:16])):
		return 0, fmt.Errorf("its MAC does not verify under the machine's key (damaged, or not this machine's)")
	}
	return binary.LittleEndian.Uint64(b[8:16]), nil
}

// witnessPaths are the store's witness files: its own, then the caller's.
func (s *Store) witnessPaths() []string {
	return append([]string{s.path(witnessName)}, s.extraWitness...)
}

// seen is the newest commit the witnesses and the caller's record saw.
type seen struct {
	seq  uint64
	from string // "" when nothing saw anything
}

// readWitnesses reads every witness file. A record that does not verify is a
// *RAMError unless lenient (a RAM clear overrides it).
func (s *Store) readWitnesses(lenient bool) (seen, error) {
	var w seen
	if r := s.recorded; r != nil {
		w = seen{r.Seq, r.From}
	}
	for _, p := range s.witnessPaths() {
		b, err := s.fs.ReadFile(p)
		if isNotExist(err) {
			continue
		}
		var seq uint64
		if err == nil {
			seq, err = decodeWitness(s.key, b)
			if err != nil && s.ro && s.key == nil && len(b) == witnessSize {
				// An offline reader holds no key: it reads the commit number unverified.
				seq, err = binary.LittleEndian.Uint64(b[8:16]), nil
			}
		}
		if errors.Is(err, errNoWitness) {
			continue
		}
		if err != nil {
			if lenient {
				continue
			}
			return w, &RAMError{Dir: s.dir, Reason: fmt.Sprintf("the witness of the last commit %s cannot be read: %s", p, unprefixed(err))}
		}
		if seq > w.seq || w.from == "" {
			w = seen{seq, "the witness " + p}
		}
	}
	return w, nil
}

// checkWitness refuses critical memory that ends before a commit its witnesses saw.
func (s *Store) checkWitness(st *state, w seen, copies []*copyScan) error {
	if w.from == "" || st.seq >= w.seq {
		return nil
	}
	e := &RAMError{Dir: s.dir, Reason: fmt.Sprintf("critical memory ends at commit %d, but %s saw commit %d: both copies were rolled back, cut short or replaced",
		st.seq, w.from, w.seq)}
	for _, c := range copies {
		e.Copies = append(e.Copies, c.describe())
	}
	return e
}

// missingError is both copies missing from a cabinet known to have run.
func (s *Store) missingError(w seen) error {
	what := w.from
	if w.seq > 0 {
		what = fmt.Sprintf("%s saw commit %d", w.from, w.seq)
	} else {
		what += " says this cabinet has run before"
	}
	return &RAMError{Dir: s.dir, Reason: "both copies of critical memory are missing, but " + what,
		Copies: []string{copyAName + ": missing", copyBName + ": missing"}}
}

// knownBefore reports whether something outside the copies says this cabinet had
// critical memory (a witness, or the caller's record).
func knownBefore(w seen, r *Record) bool { return w.from != "" || r != nil }

// openWitnesses opens the witness files for writing in place and records seq in
// each, synced.
func (s *Store) openWitnesses(seq uint64) error {
	s.closeWitnesses()
	rec := encodeWitness(s.key, seq)
	for _, p := range s.witnessPaths() {
		if err := s.fs.MkdirAll(filepath.Dir(p)); err != nil {
			s.closeWitnesses()
			return fmt.Errorf("meters: witness %s: %w", p, err)
		}
		f, err := s.fs.OpenFile(p, os.O_WRONLY|os.O_CREATE, 0o600)
		if err != nil {
			s.closeWitnesses()
			return fmt.Errorf("meters: witness %s: %w", p, err)
		}
		w := witnessFile{path: p, f: f}
		s.wfiles = append(s.wfiles, w)
		if err := s.putWitness(w, rec, true); err != nil {
			s.closeWitnesses()
			return fmt.Errorf("meters: witness %s: %w", p, err)
		}
	}
	return nil
}

// witnessFile is an open witness file.
type witnessFile struct {
	path string
	f    File
}

// writeWitness records seq in every open witness file (not synced).
func (s *Store) writeWitness(seq uint64) error {
	s.wbuf = append(s.wbuf[:0], encodeWitness(s.key, seq)...)
	for _, w := range s.wfiles {
		if err := s.putWitness(w, s.wbuf, false); err != nil {
			return fmt.Errorf("witness %s: %w", w.path, err)
		}
	}
	return nil
}

// syncWitnesses makes the witness records durable.
func (s *Store) syncWitnesses() error {
	for _, w := range s.wfiles {
		if err := w.f.Sync(); err != nil {
			return fmt.Errorf("meters: sync witness %s: %w", w.path, err)
		}
	}
	return nil
}

func (s *Store) closeWitnesses() {
	for _, w := range s.wfiles {
		w.f.Close()
	}
	s.wfiles = s.wfiles[:0]
}

// putWitness writes rec at offset 0 of w: in place where the file can (pwrite),
// else by rewriting the file (a test's file system).
func (s *Store) putWitness(w witnessFile, rec []byte, sync bool) error {
	wa, ok := w.f.(io.WriterAt)
	if !ok {
		f, err := s.fs.OpenFile(w.path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
		if err != nil {
			return err
		}
		_, err = f.Write(rec)
		if err == nil && sync {
			err = f.Sync()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return err
	}
	if _, err := wa.WriteAt(rec, 0); err != nil {
		return err
	}
	if sync {
		return w.f.Sync()
	}
	return nil
}
