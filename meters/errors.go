package meters

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
)

// Errors of a Store that does not commit, told apart with errors.Is.
var (
	// ErrClosed: the store was closed.
	ErrClosed = errors.New("meters: store is closed")
	// ErrReadOnly: the store was opened read-only (a tool's reading).
	ErrReadOnly = errors.New("meters: store opened read-only")
	// ErrStopped is wrapped by the sticky error (Err) of a store whose write,
	// compaction or repair failed: nothing more is written until it is reopened,
	// and the disk still holds the last commit acknowledged.
	ErrStopped = errors.New("meters: store stopped by a failed write")
	// ErrRefused is wrapped by a commit refused for its content (a Tx method's
	// refusal, a meter that would go down, the credits invariant): nothing is
	// written and the store goes on.
	ErrRefused = errors.New("meters: commit refused")
)

// refusedError is a Tx method's refusal: its own message, and errors.Is(err,
// ErrRefused).
type refusedError struct{ msg string }

func (e *refusedError) Error() string { return e.msg }
func (e *refusedError) Unwrap() error { return ErrRefused }

// ErrNoMemory is a state directory without critical memory (none written yet):
// a read-only Open wraps it.
var ErrNoMemory = errors.New("meters: no critical memory")

// RAMError is critical memory that cannot be trusted: no copy holds a readable
// state, or a committed record is damaged in every copy. The machine must lock up in
// RAM ERROR; nothing is cleared automatically. Only RAMClear, by an operator, starts
// afresh (and keeps the damaged files aside).
type RAMError struct {
	Dir    string
	Reason string
	Copies []string // what each copy file held
}

func (e *RAMError) Error() string {
	s := fmt.Sprintf("meters: RAM ERROR: critical memory in %s cannot be trusted: %s", e.Dir, e.Reason)
	if len(e.Copies) > 0 {
		s += " [" + strings.Join(e.Copies, "; ") + "]"
	}
	return s
}

// unprefixed is err's message without the package prefix, for wrapping in a longer
// message that carries it.
func unprefixed(err error) string { return strings.TrimPrefix(err.Error(), "meters: ") }

// ioErr wraps an I/O error with what was being done, without repeating the path an
// *fs.PathError already names.
func ioErr(op, path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return err
	}
	return fmt.Errorf("%s %s: %w", op, path, err)
}

// lockedError is the refusal of a state directory another process holds.
type lockedError struct{ dir string }

func (e *lockedError) Error() string {
	return fmt.Sprintf("meters: state directory %s is in use by another process (it holds %s)", e.dir, filepath.Join(e.dir, lockName))
}

func (e *lockedError) Unwrap() error { return ErrLocked }
