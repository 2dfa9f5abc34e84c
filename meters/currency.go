package meters

import (
	"encoding/json"

	"egm/money"
)

// CurrencyKey is the value holding the ISO 4217 code of the currency critical
// memory counts in (a JSON string: the ISO 4217 code, EUR or KZT). The machine writes it when
// it creates the state and refuses to run a configuration in another currency
// on it. It is the one value a view's wire form keeps (wire.go): the readers
// name the currency of every amount.
const CurrencyKey = "currency"

// CurrencyValue is the value to store under CurrencyKey for c.
func CurrencyValue(c money.Currency) json.RawMessage {
	b, _ := json.Marshal(c.Code) // a string: cannot fail
	return b
}

// Currency is the currency the state counts in, and whether the state records
// one: a state made before the machine recorded its currency counts in euros
// (the only currency it had).
func (v *Snapshot) Currency() (c money.Currency, recorded bool) {
	raw, ok := v.st.values[CurrencyKey]
	if !ok {
		return money.Recorded(""), false
	}
	var code string
	if json.Unmarshal(raw, &code) != nil {
		return money.Recorded(""), false
	}
	c, err := money.ByCode(code)
	if err != nil {
		return money.Recorded(""), false
	}
	return c, true
}
