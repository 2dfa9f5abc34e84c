package operator

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"golang.org/x/crypto/argon2"
)

// PINFile is the name of the PIN file in the state directory.
const PINFile = "operator-pin.json"

// Lockout rules.
const (
	MaxFailures = 5           // wrong PINs in a row before the lockout
	Lockout     = time.Minute // how long every try is refused after them
)

// Errors for errors.Is.
var (
	ErrNoPIN     = errors.New("operator: no PIN is set")
	ErrWrongPIN  = errors.New("operator: wrong PIN")
	ErrLockedOut = errors.New("operator: locked out after too many wrong PINs")
	ErrBadPIN    = errors.New("operator: PIN not accepted")
	ErrPINSet    = errors.New("operator: a PIN is already set")
)

// LockedOutError is ErrLockedOut with the time left.
type LockedOutError struct{ Left time.Duration }

func (e *LockedOutError) Error() string {
	return fmt.Sprintf("operator: locked out after %d wrong PINs: try again in %d s", MaxFailures, int((e.Left+time.Second-1)/time.Second))
}

// Is makes errors.Is(err, ErrLockedOut) true.
func (e *LockedOutError) Is(target error) bool { return target == ErrLockedOut }

// Params are argon2id's parameters; they are recorded with each hash.
type Params struct {
	Time    uint32 `json:"time"`       // passes
	Memory  uint32 `json:"memory_kib"` // KiB
	Threads uint8  `json:"threads"`
	KeyLen  uint32 `json:"key_len"`
}

// DefaultParams: RFC 9106's second recommended option scaled to a cabinet's ARM
// board (64 MiB, 3 passes, 1 lane): about 0.16 s per verification here (BenchmarkVerify).
var DefaultParams = Params{Time: 3, Memory: 64 * 1024, Threads: 1, KeyLen: 32}

// The largest parameters a PIN file may ask for: a damaged file must not make a
// verification take the cabinet's memory or minutes of its time.
const (
	maxTime    = 10
	maxMemory  = 256 * 1024 // KiB
	maxThreads = 8
)

// saltLen is the salt's length in bytes.
const saltLen = 16

// record is the PIN file's content (JSON):
//
//	{"version":1, "algorithm":"argon2id",
//	 "params":{"time":3,"memory_kib":65536,"threads":1,"key_len":32},
//	 "salt":"<base64, 16 bytes>", "hash":"<base64, key_len bytes>",
//	 "failures":0, "locked_until":"<RFC 3339, absent when not locked>"}
type record struct {
	Version     int       `json:"version"`
	Algorithm   string    `json:"algorithm"`
	Params      Params    `json:"params"`
	Salt        string    `json:"salt"`
	Hash        string    `json:"hash"`
	Failures    int       `json:"failures"`
	LockedUntil time.Time `json:"locked_until,omitzero"`
}

// Options are the PINStore's seams.
type Options struct {
	Now    func() time.Time // nil: time.Now
	Params Params           // zero: DefaultParams (tests use cheaper ones)
}

// PINStore is the operator PIN of one state directory. It is safe for concurrent
// use.
type PINStore struct {
	path   string
	now    func() time.Time
	params Params
	mu     sync.Mutex
}

// Open returns the PIN store of the state directory dir; the file is read on each
// call, so a technician's deletion is seen at once.
func Open(dir string, opt Options) *PINStore {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Params == (Params{}) {
		opt.Params = DefaultParams
	}
	return &PINStore{path: filepath.Join(dir, PINFile), now: opt.Now, params: opt.Params}
}

// Path is the PIN file.
func (s *PINStore) Path() string { return s.path }

// IsSet reports whether a PIN is set. An error means the file cannot be trusted
// (damaged, readable by others): the menu stays shut.
func (s *PINStore) IsSet() (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, err := s.load()
	if errors.Is(err, ErrNoPIN) {
		return false, nil
	}
	return err == nil, err
}

// load reads and checks the file; ErrNoPIN when it does not exist.
func (s *PINStore) load() (*record, error) {
	fi, err := os.Lstat(s.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNoPIN
	}
	if err != nil {
		return nil, fmt.Errorf("operator: PIN file: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("operator: PIN file %s is not a regular file", s.path)
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		return nil, fmt.Errorf("operator: PIN file %s has permissions %04o, want 0600 (readable by others: delete it and set a new PIN)", s.path, perm)
	}
	b, err := os.ReadFile(s.path)
	if err != nil {
		return nil, fmt.Errorf("operator: PIN file: %w", err)
	}
	var r record
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("operator: PIN file %s is damaged: %v", s.path, err)
	}
	if err := r.check(); err != nil {
		return nil, fmt.Errorf("operator: PIN file %s is damaged: %v", s.path, err)
	}
	return &r, nil
}

func (r *record) check() error {
	switch {
	case r.Version != 1:
		return fmt.Errorf("version %d, want 1", r.Version)
	case r.Algorithm != "argon2id":
		return fmt.Errorf("algorithm %q, want argon2id", r.Algorithm)
	case r.Params.Time < 1 || r.Params.Time > maxTime:
		return fmt.Errorf("argon2 time %d out of 1..%d", r.Params.Time, maxTime)
	case r.Params.Memory < 8*uint32(max(r.Params.Threads, 1)) || r.Params.Memory > maxMemory:
		return fmt.Errorf("argon2 memory %d KiB out of %d..%d", r.Params.Memory, 8*uint32(max(r.Params.Threads, 1)), maxMemory)
	case r.Params.Threads < 1 || r.Params.Threads > maxThreads:
		return fmt.Errorf("argon2 threads %d out of 1..%d", r.Params.Threads, maxThreads)
	case r.Params.KeyLen < 16 || r.Params.KeyLen > 64:
		return fmt.Errorf("key length %d out of 16..64", r.Params.KeyLen)
	case r.Failures < 0:
		return fmt.Errorf("failures %d below 0", r.Failures)
	}
	salt, err := base64.StdEncoding.DecodeString(r.Salt)
	if err != nil || len(salt) < saltLen {
		return fmt.Errorf("salt is not %d bytes of base64", saltLen)
	}
	hash, err := base64.StdEncoding.DecodeString(r.Hash)
	if err != nil || len(hash) != int(r.Params.KeyLen) {
		return fmt.Errorf("hash is not %d bytes of base64", r.Params.KeyLen)
	}
	return nil
}

// Set sets the first PIN. It is refused once a PIN is set (use Change).
func (s *PINStore) Set(pin string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := s.load(); err == nil {
		return ErrPINSet
	} else if !errors.Is(err, ErrNoPIN) {
		return err
	}
	return s.write(pin)
}

// Change replaces the PIN after verifying the current one (with the lockout).
func (s *PINStore) Change(current, next string) error {
	if err := ValidatePIN(next); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.verify(current); err != nil {
		return err
	}
	return s.write(next)
}

func (s *PINStore) write(pin string) error {
	if err := ValidatePIN(pin); err != nil {
		return err
	}
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return fmt.Errorf("operator: salt: %w", err)
	}
	p := s.params
	r := record{Version: 1, Algorithm: "argon2id", Params: p,
		Salt: base64.StdEncoding.EncodeToString(salt),
		Hash: base64.StdEncoding.EncodeToString(argon2.IDKey([]byte(pin), salt, p.Time, p.Memory, p.Threads, p.KeyLen))}
	return s.save(&r)
}

// save writes r atomically: a 0600 temporary file, synced, renamed over the file,
// and the directory synced.
func (s *PINStore) save(r *record) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("operator: PIN file: %w", err)
	}
	dir := filepath.Dir(s.path)
	f, err := os.CreateTemp(dir, PINFile+".tmp*")
	if err != nil {
		return fmt.Errorf("operator: PIN file: %w", err)
	}
	tmp := f.Name()
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("operator: write PIN file: %w", err)
	}
	if err := f.Chmod(0o600); err != nil {
		return fail(err)
	}
	if _, err := f.Write(append(b, '\n')); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("operator: write PIN file: %w", err)
	}
	if err := os.Rename(tmp, s.path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("operator: write PIN file: %w", err)
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// Verify checks pin. Wrong PINs are counted; after MaxFailures in a row every try
// is refused with a *LockedOutError for Lockout, the right PIN too. A right PIN
// resets the count.
func (s *PINStore) Verify(pin string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.verify(pin)
}

func (s *PINStore) verify(pin string) error {
	r, err := s.load()
	if err != nil {
		return err
	}
	now := s.now()
	if !r.LockedUntil.IsZero() {
		left := r.LockedUntil.Sub(now)
		if left > Lockout { // the clock was set back: the lockout ends Lockout from now, not later
			r.LockedUntil, left = now.Add(Lockout).UTC(), Lockout
			if err := s.save(r); err != nil {
				return err
			}
		}
		if left > 0 {
			return &LockedOutError{Left: left}
		}
	}
	salt, _ := base64.StdEncoding.DecodeString(r.Salt) // checked by load
	want, _ := base64.StdEncoding.DecodeString(r.Hash)
	p := r.Params
	got := argon2.IDKey([]byte(pin), salt, p.Time, p.Memory, p.Threads, p.KeyLen)
	if subtle.ConstantTimeCompare(got, want) == 1 {
		if r.Failures != 0 || !r.LockedUntil.IsZero() {
			r.Failures, r.LockedUntil = 0, time.Time{}
			if err := s.save(r); err != nil {
				return err
			}
		}
		return nil
	}
	r.Failures++
	locked := r.Failures >= MaxFailures
	if locked {
		r.Failures, r.LockedUntil = 0, now.Add(Lockout).UTC()
	}
	if err := s.save(r); err != nil {
		return err
	}
	if locked {
		return &LockedOutError{Left: Lockout}
	}
	return fmt.Errorf("%w (%d of %d tries before a %v lockout)", ErrWrongPIN, r.Failures, MaxFailures, Lockout)
}

// Lock reports the time left of a lockout (0: none).
func (s *PINStore) Lock() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, err := s.load()
	if err != nil || r.LockedUntil.IsZero() {
		return 0
	}
	return min(max(r.LockedUntil.Sub(s.now()), 0), Lockout)
}

// PIN length limits.
const (
	MinPINLen = 4
	MaxPINLen = 12
)

// ValidatePIN refuses a PIN that is not 4 to 12 digits, one digit repeated, or a
// plain run up or down (1234, 9876).
func ValidatePIN(pin string) error {
	if len(pin) < MinPINLen || len(pin) > MaxPINLen {
		return fmt.Errorf("%w: %d digits, want %d to %d", ErrBadPIN, len(pin), MinPINLen, MaxPINLen)
	}
	same, up, down := true, true, true
	for i := 0; i < len(pin); i++ {
		if pin[i] < '0' || pin[i] > '9' {
			return fmt.Errorf("%w: digits only", ErrBadPIN)
		}
		if i > 0 {
			d := int(pin[i]) - int(pin[i-1])
			same = same && d == 0
			up = up && (d == 1 || d == -9)
			down = down && (d == -1 || d == 9)
		}
	}
	switch {
	case same:
		return fmt.Errorf("%w: one digit repeated is too easy to guess", ErrBadPIN)
	case up || down:
		return fmt.Errorf("%w: a run of digits is too easy to guess", ErrBadPIN)
	}
	return nil
}
