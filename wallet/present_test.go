package wallet

import (
	"errors"
	"testing"
	"time"
)

func TestPresenter(t *testing.T) {
	k := testKey(4)
	exp := t0.Add(90*time.Second + 300*time.Millisecond)
	iss := IssuerFunc(func(kind Kind) (Code, error) {
		if kind == CashOut {
			return Code{ID: "OUT1", Kind: CashOut, Expiry: exp, Cents: 4_250}, nil
		}
		return Code{ID: "IN1", Kind: CashIn, Expiry: exp}, nil
	})
	p, err := NewPresenter(k, 77, "EGM-77", iss)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		kind  Kind
		code  string
		cents int64
	}{{CashIn, "IN1", 0}, {CashOut, "OUT1", 4_250}} {
		text, pl, err := p.Present(c.kind)
		if err != nil {
			t.Fatal(err)
		}
		s, err := Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		if s.Payload != pl || pl.Code != c.code || pl.Cents != c.cents || pl.Asset != 77 || pl.Machine != "EGM-77" {
			t.Fatalf("payload %+v", pl)
		}
		if err := s.Verify(p.PublicKey(), t0); err != nil {
			t.Fatal(err)
		}
	}
	bad, _ := NewPresenter(k, 77, "EGM-77", IssuerFunc(func(Kind) (Code, error) { return Code{}, errors.New("machine: not idle") }))
	if _, _, err := bad.Present(CashIn); err == nil {
		t.Fatal("issuer error lost")
	}
	wrong, _ := NewPresenter(k, 77, "EGM-77", IssuerFunc(func(Kind) (Code, error) { return Code{ID: "X", Kind: CashOut, Expiry: exp, Cents: 1}, nil }))
	if _, _, err := wrong.Present(CashIn); err == nil {
		t.Fatal("a code of the wrong kind presented")
	}
	if _, err := NewPresenter(nil, 1, "M", iss); err == nil {
		t.Fatal("presenter without a key")
	}
}
