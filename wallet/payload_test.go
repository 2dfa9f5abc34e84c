package wallet

import (
	"crypto/ed25519"
	"errors"
	"strings"
	"testing"
	"time"
)

// testKey is a fixed key so that encodings are reproducible.
func testKey(seed byte) ed25519.PrivateKey {
	s := make([]byte, ed25519.SeedSize)
	for i := range s {
		s[i] = seed
	}
	return ed25519.NewKeyFromSeed(s)
}

var t0 = time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)

func cashIn() Payload {
	return Payload{Asset: 1234, Machine: "EGM-0001", Kind: CashIn, Code: "K7Q2M9X4B1ZT5WJ8N3RD", Expiry: t0.Add(2 * time.Minute)}
}

func cashOut() Payload {
	return Payload{Asset: 1234, Machine: "EGM-0001", Kind: CashOut, Code: "A1B2C3D4E5F6G7H8J9K0", Expiry: t0.Add(2 * time.Minute), Cents: 12_345}
}

func TestRoundTrip(t *testing.T) {
	k := testKey(1)
	for _, p := range []Payload{cashIn(), cashOut(), {Asset: 0xFFFFFFFF, Machine: strings.Repeat("M", MaxMachineID), Kind: CashOut, Code: "x", Expiry: time.Unix(1, 0).UTC(), Cents: MaxCents}} {
		s, err := Sign(k, p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(s, "EGM1.") {
			t.Fatalf("text %q", s)
		}
		got, err := Parse(s)
		if err != nil {
			t.Fatalf("Parse(%q): %v", s, err)
		}
		if got.Payload != p {
			t.Fatalf("payload %+v, want %+v", got.Payload, p)
		}
		if got.String() != s {
			t.Fatalf("String %q, want %q", got.String(), s)
		}
		if p.Expiry.After(t0) {
			if err := got.Verify(k.Public().(ed25519.PublicKey), t0); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestSignRefusesBadPayload(t *testing.T) {
	k := testKey(1)
	for name, mod := range map[string]func(*Payload){
		"kind 0":           func(p *Payload) { p.Kind = 0 },
		"kind 3":           func(p *Payload) { p.Kind = 3 },
		"no machine":       func(p *Payload) { p.Machine = "" },
		"long machine":     func(p *Payload) { p.Machine = strings.Repeat("m", MaxMachineID+1) },
		"space in machine": func(p *Payload) { p.Machine = "EGM 1" },
		"no code":          func(p *Payload) { p.Code = "" },
		"long code":        func(p *Payload) { p.Code = strings.Repeat("c", MaxCode+1) },
		"binary code":      func(p *Payload) { p.Code = "ab\x00" },
		"zero expiry":      func(p *Payload) { p.Expiry = time.Unix(0, 0) },
		"fractional":       func(p *Payload) { p.Expiry = t0.Add(time.Millisecond) },
		"cash-in amount":   func(p *Payload) { p.Cents = 1 },
		"cash-out zero":    func(p *Payload) { p.Kind, p.Cents = CashOut, 0 },
		"cash-out neg":     func(p *Payload) { p.Kind, p.Cents = CashOut, -5 },
		"cash-out huge":    func(p *Payload) { p.Kind, p.Cents = CashOut, MaxCents+1 },
	} {
		p := cashIn()
		mod(&p)
		if _, err := Sign(k, p); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: Sign error %v, want ErrMalformed", name, err)
		}
	}
}

// TestRefusals is the table of every way a scanned code is refused.
func TestRefusals(t *testing.T) {
	k, other := testKey(1), testKey(2)
	pub := k.Public().(ed25519.PublicKey)
	good, _ := Sign(k, cashOut())
	forgedBy, _ := Sign(other, cashOut())
	parsed, _ := Parse(good)
	// The amount changed in the fields, the signature kept.
	p := cashOut()
	p.Cents = 99_999_99
	raised, _ := Sign(other, p)
	tampered := raised[:strings.LastIndex(raised, ".")] + good[strings.LastIndex(good, "."):]

	cases := []struct {
		name string
		text string
		now  time.Time
		want error
	}{
		{"good", good, t0, nil},
		{"one second before expiry", good, parsed.Expiry.Add(-time.Second), nil},
		{"at expiry", good, parsed.Expiry, ErrExpired},
		{"after expiry", good, t0.Add(time.Hour), ErrExpired},
		{"signed by another key", forgedBy, t0, ErrForged},
		{"amount raised", tampered, t0, ErrForged},
		{"signature bit flipped", flipLast(good), t0, ErrForged},
		{"forged and expired", forgedBy, t0.Add(time.Hour), ErrForged},
		{"empty", "", t0, ErrMalformed},
		{"other prefix", "EGM2" + good[4:], t0, ErrMalformed},
		{"lower-case prefix", "egm1" + good[4:], t0, ErrMalformed},
		{"no signature", good[:strings.LastIndex(good, ".")], t0, ErrMalformed},
		{"extra part", good + ".AA", t0, ErrMalformed},
		{"padding", good + "==", t0, ErrMalformed},
		{"standard base64", strings.ReplaceAll(good, "-", "+") + "+", t0, ErrMalformed},
		{"short signature", good[:len(good)-4], t0, ErrMalformed},
		{"trailing space", good + " ", t0, ErrMalformed},
		{"line break inside", good[:20] + "\r\n" + good[20:], t0, ErrMalformed},
		{"too long", good + strings.Repeat("A", 600), t0, ErrMalformed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := Parse(c.text)
			if err == nil {
				err = s.Verify(pub, c.now)
			}
			if c.want == nil && err != nil || c.want != nil && !errors.Is(err, c.want) {
				t.Fatalf("error %v, want %v", err, c.want)
			}
			if err != nil && !strings.HasPrefix(err.Error(), "wallet: ") {
				t.Fatalf("error %q lacks the package prefix", err)
			}
		})
	}
}

func flipLast(s string) string {
	b := []byte(s)
	i := len(b) - 2
	if b[i] == 'A' {
		b[i] = 'B'
	} else {
		b[i] = 'A'
	}
	return string(b)
}

func TestCheckMachine(t *testing.T) {
	p := cashIn()
	if err := p.CheckMachine(1234, "EGM-0001"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		asset uint32
		id    string
	}{{1235, "EGM-0001"}, {1234, "EGM-0002"}} {
		if err := p.CheckMachine(c.asset, c.id); !errors.Is(err, ErrForeignMachine) {
			t.Errorf("CheckMachine(%d, %s): %v", c.asset, c.id, err)
		}
	}
}

// TestMalformedFields covers the field layout byte by byte: every truncation and
// every extension of a good encoding is refused.
func TestMalformedFields(t *testing.T) {
	f := cashOut().fields()
	for n := 0; n < len(f); n++ {
		if _, err := parseFields(f[:n]); !errors.Is(err, ErrMalformed) {
			t.Fatalf("fields cut at %d: %v", n, err)
		}
	}
	if _, err := parseFields(append(f, 0)); !errors.Is(err, ErrMalformed) {
		t.Fatalf("a trailing byte: %v", err)
	}
	bad := append([]byte(nil), f...)
	bad[0] = 2
	if _, err := parseFields(bad); !errors.Is(err, ErrMalformed) {
		t.Fatalf("version 2: %v", err)
	}
}

// FuzzParsePayload: Parse never panics, and whatever it accepts encodes back to the
// same text (one encoding per payload).
func FuzzParsePayload(f *testing.F) {
	k := testKey(1)
	for _, p := range []Payload{cashIn(), cashOut()} {
		s, _ := Sign(k, p)
		f.Add(s)
	}
	f.Add("EGM1..")
	f.Add("EGM1.AQ.AA")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("error %v is not ErrMalformed", err)
			}
			return
		}
		if p.String() != s {
			t.Fatalf("accepted %q but encodes as %q", s, p.String())
		}
		if err := p.Check(); err != nil {
			t.Fatalf("accepted a payload that fails Check: %v", err)
		}
	})
}
