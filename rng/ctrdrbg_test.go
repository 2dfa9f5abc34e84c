package rng

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"os"
	"strings"
	"testing"
)

// kat is one NIST CAVP record from ../shared/vectors/ctr_drbg_aes256_nodf.txt (public NIST
// data; see that folder's README for the procedure).
type kat struct {
	name, entropy, pers, returned string
}

func loadKATs(t *testing.T) []kat {
	t.Helper()
	f, err := os.Open("testdata/ctr_drbg_aes256_nodf.txt")
	if err != nil {
		t.Fatalf("open vectors: %v", err)
	}
	defer f.Close()
	var out []kat
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<16)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 4 {
			t.Fatalf("bad vector line %q", line)
		}
		out = append(out, kat{f[0], f[1], f[2], f[3]})
	}
	return out
}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	if s == "-" {
		return nil
	}
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("hex %q: %v", s, err)
	}
	return b
}

func TestCTRDRBGKnownAnswers(t *testing.T) {
	vs := loadKATs(t)
	if len(vs) != 16 {
		t.Fatalf("got %d vectors, want 16", len(vs))
	}
	for _, v := range vs {
		t.Run(v.name, func(t *testing.T) {
			d, err := NewCTRDRBG(unhex(t, v.entropy), unhex(t, v.pers), MaxReseedInterval)
			if err != nil {
				t.Fatal(err)
			}
			out := make([]byte, 64)
			if err := d.Generate(out); err != nil {
				t.Fatal(err)
			}
			if err := d.Generate(out); err != nil {
				t.Fatal(err)
			}
			if want := unhex(t, v.returned); !bytes.Equal(out, want) {
				t.Fatalf("ReturnedBits\n got %x\nwant %x", out, want)
			}
		})
	}
}

// A request split into pieces must not equal one large request (each Generate updates
// the key), but the first request's output must not depend on its length beyond truncation.
func TestCTRDRBGPrefixProperty(t *testing.T) {
	seed := bytes.Repeat([]byte{7}, SeedLen)
	a, _ := NewCTRDRBG(seed, nil, 10)
	b, _ := NewCTRDRBG(seed, nil, 10)
	long := make([]byte, 1000)
	short := make([]byte, 33)
	_ = a.Generate(long)
	_ = b.Generate(short)
	if !bytes.Equal(long[:33], short) {
		t.Fatal("the first bytes of a request must not depend on its length")
	}
	_ = a.Generate(short)
	if bytes.Equal(short, long[33:66]) {
		t.Fatal("a second request continued the first stream: the key was not updated")
	}
}

func TestCTRDRBGReseedCounter(t *testing.T) {
	seed := bytes.Repeat([]byte{1}, SeedLen)
	d, err := NewCTRDRBG(seed, nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 16)
	for i := 0; i < 3; i++ {
		if err := d.Generate(buf); err != nil {
			t.Fatalf("request %d: %v", i+1, err)
		}
	}
	if err := d.Generate(buf); err != ErrReseedRequired {
		t.Fatalf("4th request: got %v, want ErrReseedRequired", err)
	}
	if err := d.Reseed(seed, nil); err != nil {
		t.Fatal(err)
	}
	if err := d.Generate(buf); err != nil {
		t.Fatalf("after reseed: %v", err)
	}
}

func TestCTRDRBGBadInput(t *testing.T) {
	tests := []struct {
		name          string
		entropy, pers []byte
		interval      uint64
	}{
		{"short entropy", make([]byte, 47), nil, 1},
		{"long personalization", make([]byte, 48), make([]byte, 49), 1},
		{"zero interval", make([]byte, 48), nil, 0},
		{"interval past 2^48", make([]byte, 48), nil, MaxReseedInterval + 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := NewCTRDRBG(tc.entropy, tc.pers, tc.interval); err == nil || !strings.HasPrefix(err.Error(), "rng: ") {
				t.Fatalf("got %v, want an rng: error", err)
			}
		})
	}
	d, _ := NewCTRDRBG(make([]byte, 48), nil, 1)
	if err := d.Generate(make([]byte, MaxRequestBytes+1)); err == nil {
		t.Fatal("oversized request accepted")
	}
}

func TestAdd128Wraps(t *testing.T) {
	var v [BlockLen]byte
	for i := range v {
		v[i] = 0xff
	}
	inc128(&v)
	if v != ([BlockLen]byte{}) {
		t.Fatalf("2^128-1 + 1 = %x, want 0", v)
	}
	v[15] = 0xfe
	add128(&v, 0x103)
	if v[14] != 2 || v[15] != 1 {
		t.Fatalf("0xfe + 0x103 = %x", v)
	}
}

func TestPowerOnSelfTest(t *testing.T) {
	if err := SelfTest(); err != nil {
		t.Fatal(err)
	}
	bad := powerOnVector
	bad.Returned = "00" + bad.Returned[2:]
	if err := bad.Check(); err == nil || !strings.Contains(err.Error(), "self-test failed") {
		t.Fatalf("a wrong expected answer passed: %v", err)
	}
	bad.Entropy = "zz"
	if err := bad.Check(); err == nil {
		t.Fatal("a non-hex vector passed")
	}
}
