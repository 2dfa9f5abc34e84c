package machine

import (
	"errors"
	"strings"
	"testing"

	"egm/jurisdiction"
	"egm/machine/settings"
	"egm/meters"
	"egm/money"
	"egm/rng"
)

// A new state records the configuration's currency; reopening it with a
// configuration in another currency is refused before anything is written.
func TestStateCurrency(t *testing.T) {
	kz := settings.DefaultConfigFor(jurisdiction.KZ)
	for _, tc := range []struct {
		name        string
		made, again settings.Config
		cur         money.Currency
		refused     bool
	}{
		{"EE then EE", settings.DefaultConfig(), settings.DefaultConfig(), money.EUR, false},
		{"KZ then KZ", kz, kz, money.KZT, false},
		{"EE then KZ", settings.DefaultConfig(), kz, money.EUR, true},
		{"KZ then EE", kz, settings.DefaultConfig(), money.KZT, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			m, err := Open(dir, tc.made, Options{Decider: Seeded{rng.NewSeeded(1)}})
			if err != nil {
				t.Fatal(err)
			}
			if err := m.Handle(Input{Kind: InDeposit, Wallet: "w", Cents: 10 * tc.made.DenominationsCents[0] * 1000}); err != nil {
				t.Fatal(err)
			}
			seq := m.Seq()
			m.Close()
			m2, err := Open(dir, tc.again, Options{Decider: Seeded{rng.NewSeeded(1)}})
			if tc.refused {
				if err == nil || !errors.Is(err, ErrCurrency) || !strings.Contains(err.Error(), "counts in "+tc.again.Currency().Code) ||
					!strings.Contains(err.Error(), "records "+tc.cur.Code) || !strings.Contains(err.Error(), "nothing changed") {
					t.Fatalf("reopened: %v", err)
				}
				m2, err = Open(dir, tc.made, Options{Decider: Seeded{rng.NewSeeded(1)}})
				if err != nil {
					t.Fatal(err)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			defer m2.Close()
			var cur money.Currency
			var rec bool
			var credits int64
			var seq2 uint64
			m2.View(func(v *meters.Snapshot) {
				cur, rec = v.Currency()
				credits = v.Meters()[meters.CurrentCredits]
				seq2 = v.Seq()
			})
			if cur != tc.cur || !rec || credits != 10*tc.made.DenominationsCents[0]*1000 {
				t.Fatalf("state counts in %v (recorded %v), credits %d", cur, rec, credits)
			}
			if seq2 != seq+1 { // the second power-up only: the refusal wrote nothing
				t.Fatalf("commits %d then %d", seq, seq2)
			}
		})
	}
}

// A state made before the machine recorded its currency counts in euros: a
// tenge configuration is refused on it, a euro one records EUR.
func TestStateCurrencyBeforeTheRecord(t *testing.T) {
	dir := t.TempDir()
	m, err := Open(dir, settings.DefaultConfig(), Options{Decider: Seeded{rng.NewSeeded(1)}})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.st.Update(func(tx *meters.Tx) error { return tx.SetValue(meters.CurrencyKey, nil) }); err != nil {
		t.Fatal(err)
	}
	m.Close()
	_, err = Open(dir, settings.DefaultConfigFor(jurisdiction.KZ), Options{Decider: Seeded{rng.NewSeeded(1)}})
	if !errors.Is(err, ErrCurrency) || !strings.Contains(err.Error(), "was made before the machine recorded its currency: it counts in EUR") {
		t.Fatalf("KZ on an old EUR state: %v", err)
	}
	m, err = Open(dir, settings.DefaultConfig(), Options{Decider: Seeded{rng.NewSeeded(1)}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	var rec bool
	m.View(func(v *meters.Snapshot) { _, rec = v.Currency() })
	if !rec {
		t.Fatal("the euro state's currency is not recorded at its next boot")
	}
}
