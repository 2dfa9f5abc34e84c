package operator

import (
	"bytes"
	"egm/machine/machinetest"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// cheap are argon2id parameters cheap enough for many verifications in a test.
var cheap = Params{Time: 1, Memory: 64, Threads: 1, KeyLen: 32}

func newStore(t *testing.T) (*PINStore, *machinetest.Clock) {
	t.Helper()
	c := machinetest.NewClock()
	return Open(t.TempDir(), Options{Now: c.Now, Params: cheap}), c
}

func TestValidatePIN(t *testing.T) {
	for _, tc := range []struct {
		pin string
		ok  bool
	}{
		{"2580", true}, {"738104", true}, {"907153624817", true},
		{"", false}, {"123", false}, {"1234567890123", false},
		{"12a4", false}, {" 2580", false}, {"0000", false}, {"7777777", false},
		{"1234", false}, {"6789", false}, {"8901", false}, {"9876", false}, {"3210", false},
	} {
		err := ValidatePIN(tc.pin)
		if (err == nil) != tc.ok {
			t.Errorf("ValidatePIN(%q) = %v, want ok %v", tc.pin, err, tc.ok)
		}
		if err != nil && (!errors.Is(err, ErrBadPIN) || !strings.HasPrefix(err.Error(), "operator: ")) {
			t.Errorf("ValidatePIN(%q): %v", tc.pin, err)
		}
	}
}

// No PIN until one is set; the first Set writes a 0600 file holding only the hash.
func TestSetAndVerify(t *testing.T) {
	s, _ := newStore(t)
	if set, err := s.IsSet(); set || err != nil {
		t.Fatalf("IsSet = %v, %v on a new install", set, err)
	}
	if err := s.Verify("2580"); !errors.Is(err, ErrNoPIN) {
		t.Fatalf("Verify without a PIN: %v", err)
	}
	if err := s.Set("1111"); !errors.Is(err, ErrBadPIN) {
		t.Fatalf("Set of a trivial PIN: %v", err)
	}
	if err := s.Set("2580"); err != nil {
		t.Fatal(err)
	}
	if err := s.Set("3691"); !errors.Is(err, ErrPINSet) {
		t.Fatalf("a second Set: %v", err)
	}
	fi, err := os.Stat(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("PIN file mode %04o", fi.Mode().Perm())
	}
	b, _ := os.ReadFile(s.Path())
	if strings.Contains(string(b), "2580") {
		t.Fatalf("the PIN is in the file: %s", b)
	}
	var r record
	if err := json.Unmarshal(b, &r); err != nil || r.Algorithm != "argon2id" || r.Params != cheap {
		t.Fatalf("record %+v, %v", r, err)
	}
	for _, tc := range []struct {
		pin   string
		wrong bool
	}{{"2580", false}, {"2581", true}, {"", true}, {"25800", true}, {"2580", false}} {
		err := s.Verify(tc.pin)
		if tc.wrong != errors.Is(err, ErrWrongPIN) || !tc.wrong && err != nil {
			t.Errorf("Verify(%q) = %v", tc.pin, err)
		}
	}
}

// Two installs with the same PIN get different salts and hashes.
func TestSaltPerInstall(t *testing.T) {
	a, _ := newStore(t)
	b, _ := newStore(t)
	for _, s := range []*PINStore{a, b} {
		if err := s.Set("2580"); err != nil {
			t.Fatal(err)
		}
	}
	ra, _ := os.ReadFile(a.Path())
	rb, _ := os.ReadFile(b.Path())
	var x, y record
	json.Unmarshal(ra, &x)
	json.Unmarshal(rb, &y)
	if x.Salt == y.Salt || x.Hash == y.Hash {
		t.Fatal("the same salt or hash on two installs")
	}
}

// Five wrong PINs lock every try out for a minute, the right PIN too, across a
// reopen (the count is in the file); after the minute the right PIN opens and the
// count starts again.
func TestLockout(t *testing.T) {
	s, c := newStore(t)
	if err := s.Set("2580"); err != nil {
		t.Fatal(err)
	}
	for i := 1; i < MaxFailures; i++ {
		if err := s.Verify("0852"); !errors.Is(err, ErrWrongPIN) {
			t.Fatalf("wrong try %d: %v", i, err)
		}
	}
	err := s.Verify("0852")
	var lo *LockedOutError
	if !errors.As(err, &lo) || !errors.Is(err, ErrLockedOut) || lo.Left != Lockout {
		t.Fatalf("fifth wrong try: %v", err)
	}
	s = Open(s.path[:len(s.path)-len(PINFile)-1], Options{Now: c.Now, Params: cheap}) // a restart
	c.Add(59 * time.Second)
	if err := s.Verify("2580"); !errors.Is(err, ErrLockedOut) || !strings.Contains(err.Error(), "1 s") {
		t.Fatalf("the right PIN during the lockout: %v", err)
	}
	if got := s.Lock(); got != time.Second {
		t.Fatalf("Lock() = %v", got)
	}
	c.Add(time.Second)
	if err := s.Verify("2580"); err != nil {
		t.Fatalf("after the lockout: %v", err)
	}
	for i := 1; i < MaxFailures; i++ { // a right PIN reset the count
		if err := s.Verify("1357"); !errors.Is(err, ErrWrongPIN) {
			t.Fatalf("wrong try %d after a good one: %v", i, err)
		}
	}
	if err := s.Verify("2580"); err != nil {
		t.Fatal(err)
	}
	c.Add(-time.Hour) // a clock set back never lengthens a lockout past a minute
	for i := 0; i < MaxFailures; i++ {
		s.Verify("1357")
	}
	c.Add(-24 * time.Hour)
	if got := s.Lock(); got > Lockout {
		t.Fatalf("lockout %v after the clock went back", got)
	}
	if err := s.Verify("2580"); !errors.Is(err, ErrLockedOut) {
		t.Fatalf("the right PIN just after the clock went back: %v", err)
	}
	c.Add(Lockout) // a minute after the clock went back, the lockout is over
	if err := s.Verify("2580"); err != nil {
		t.Fatalf("a lockout after the clock went back lasted past a minute: %v", err)
	}
}

func TestChange(t *testing.T) {
	s, _ := newStore(t)
	if err := s.Set("2580"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		cur, next string
		want      error
	}{
		{"9999", "3691", ErrWrongPIN},
		{"2580", "4444", ErrBadPIN},
		{"2580", "3691", nil},
		{"2580", "4826", ErrWrongPIN},
	} {
		if err := s.Change(tc.cur, tc.next); !errors.Is(err, tc.want) || (tc.want == nil) != (err == nil) {
			t.Errorf("Change(%s, %s) = %v, want %v", tc.cur, tc.next, err, tc.want)
		}
	}
	if err := s.Verify("3691"); err != nil {
		t.Fatal(err)
	}
}

// A damaged file or one others may read opens nothing, with a message naming it.
func TestBadFile(t *testing.T) {
	good := func(t *testing.T, s *PINStore) []byte {
		if err := s.Set("2580"); err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(s.Path())
		return b
	}
	for _, tc := range []struct {
		name string
		edit func(t *testing.T, s *PINStore, b []byte)
		want string
	}{
		{"not JSON", func(t *testing.T, s *PINStore, b []byte) { os.WriteFile(s.Path(), b[:len(b)/2], 0o600) }, "damaged"},
		{"empty", func(t *testing.T, s *PINStore, b []byte) { os.WriteFile(s.Path(), nil, 0o600) }, "damaged"},
		{"other algorithm", func(t *testing.T, s *PINStore, b []byte) {
			os.WriteFile(s.Path(), []byte(strings.Replace(string(b), "argon2id", "md5", 1)), 0o600)
		}, "algorithm"},
		{"short hash", func(t *testing.T, s *PINStore, b []byte) {
			var r record
			json.Unmarshal(b, &r)
			r.Hash = r.Hash[:8]
			nb, _ := json.Marshal(r)
			os.WriteFile(s.Path(), nb, 0o600)
		}, "hash"},
		{"huge memory", func(t *testing.T, s *PINStore, b []byte) {
			var r record
			json.Unmarshal(b, &r)
			r.Params.Memory = 1 << 30
			nb, _ := json.Marshal(r)
			os.WriteFile(s.Path(), nb, 0o600)
		}, "memory"},
		{"readable by others", func(t *testing.T, s *PINStore, b []byte) { os.Chmod(s.Path(), 0o644) }, "0644"},
		{"a directory", func(t *testing.T, s *PINStore, b []byte) { os.Remove(s.Path()); os.Mkdir(s.Path(), 0o700) }, "not a regular file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := newStore(t)
			tc.edit(t, s, good(t, s))
			for _, err := range []error{s.Verify("2580"), s.Set("3691"), func() error { _, err := s.IsSet(); return err }()} {
				if err == nil || !strings.HasPrefix(err.Error(), "operator: ") || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("got %v, want an operator error about %q", err, tc.want)
				}
			}
		})
	}
}

// The shipped parameters verify (once: about 0.16 s).
func TestDefaultParams(t *testing.T) {
	s := Open(t.TempDir(), Options{})
	if err := s.Set("2580"); err != nil {
		t.Fatal(err)
	}
	if err := s.Verify("2580"); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(s.Path())
	var r record
	json.Unmarshal(b, &r)
	if r.Params != DefaultParams {
		t.Fatalf("params %+v", r.Params)
	}
}

func BenchmarkVerify(b *testing.B) {
	s := Open(b.TempDir(), Options{})
	if err := s.Set("2580"); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := s.Verify("2580"); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzPINFile: whatever bytes the PIN file holds, nothing panics, nothing opens
// but the right PIN of a well-formed file, and every error names the package.
func FuzzPINFile(f *testing.F) {
	dir := f.TempDir()
	s := Open(dir, Options{Params: cheap})
	if err := s.Set("2580"); err != nil {
		f.Fatal(err)
	}
	good, _ := os.ReadFile(s.Path())
	f.Add(good)
	f.Add([]byte{})
	f.Add([]byte("{}"))
	f.Add([]byte(`{"version":1,"algorithm":"argon2id","params":{"time":1,"memory_kib":4294967295,"threads":1,"key_len":32},"salt":"AAAAAAAAAAAAAAAAAAAAAA==","hash":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="}`))
	f.Add([]byte(`{"version":1,"algorithm":"argon2id","params":{"time":1,"memory_kib":64,"threads":0,"key_len":32},"salt":"AAAAAAAAAAAAAAAAAAAAAA==","hash":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=","failures":-3}`))
	f.Add(bytes.Replace(good, []byte(`"failures": 0`), []byte(`"failures": 99`), 1))
	f.Fuzz(func(t *testing.T, b []byte) {
		d := t.TempDir()
		if err := os.WriteFile(filepath.Join(d, PINFile), b, 0o600); err != nil {
			t.Fatal(err)
		}
		c := machinetest.NewClock()
		s := Open(d, Options{Now: c.Now, Params: cheap})
		for _, pin := range []string{"2580", "0000", ""} {
			err := s.Verify(pin)
			if err == nil && (pin != "2580" || !bytes.Equal(b, good) && !json.Valid(b)) {
				t.Fatalf("PIN %q opened file %q", pin, b)
			}
			if err != nil && !strings.HasPrefix(err.Error(), "operator: ") {
				t.Fatalf("error %q", err)
			}
		}
		if _, err := s.IsSet(); err != nil && !strings.HasPrefix(err.Error(), "operator: ") {
			t.Fatalf("error %q", err)
		}
	})
}
