package machine

import (
	"errors"
	"fmt"

	"egm/meters"
	"egm/money"
)

// The state's currency: critical memory records the ISO 4217 code of the
// currency it counts in (meters.CurrencyKey) in the machine's first commit on it,
// the power-up of a new state. Every amount in it (credits, meters, recall) is in
// that currency's minor units, so a configuration whose profile counts in
// another is refused at Open before anything is written: the state stays as it
// was, for the configuration it was made with. A state made before the record
// counts in euros.

// ErrCurrency is wrapped by Open's refusal of a configuration in another
// currency than the state's.
var ErrCurrency = errors.New("machine: the state counts in another currency")

// checkCurrency refuses cfg on a state that counts in another currency; recorded
// tells whether the state already names its currency (boot records it when not).
func (m *Machine) checkCurrency(st *meters.Store) (recorded bool, err error) {
	var stateCur string
	st.View(func(v *meters.Snapshot) {
		c, rec := v.Currency()
		stateCur, recorded = c.Code, rec
		if !rec {
			if _, had := v.Value(configKey); !had {
				stateCur = "" // a new state: it takes the configuration's
			}
		}
	})
	want := m.prof.Currency.Code
	if stateCur != "" && stateCur != want {
		how := "records"
		if !recorded {
			how = "was made before the machine recorded its currency: it counts in"
		}
		return recorded, fmt.Errorf("%w: state %s %s %s, the configuration (jurisdiction %s) counts in %s: refused, nothing changed (run it with the jurisdiction it was made with, or give a new state directory)",
			ErrCurrency, m.dir, how, stateCur, m.prof.Code, want)
	}
	return recorded, nil
}

// recordCurrency writes the profile's currency in tx when the state names none.
func (m *Machine) recordCurrency(tx *meters.Tx) error {
	if m.currencyRecorded {
		return nil
	}
	return tx.SetValue(meters.CurrencyKey, meters.CurrencyValue(m.prof.Currency))
}

// Currency is the currency the machine counts in: its profile's, which its
// critical memory records (fixed for the machine's life: no lock).
func (m *Machine) Currency() money.Currency { return m.prof.Currency }
