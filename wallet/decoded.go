package wallet

import (
	"egm/money"

	"fmt"
	"time"
)

// Decoded is a payload as `egm-floor wallet decode --json` shows it (the keys in this
// order; the signature is not checked: nobody's key is at hand).
type Decoded struct {
	Asset   uint32    `json:"asset"`
	Cents   int64     `json:"cents"`
	Expiry  time.Time `json:"expiry"`
	Kind    string    `json:"kind"`
	Machine string    `json:"machine_id"`
	Text    string    `json:"text"`
}

// Decode parses text (strictly: Parse) into what it says.
func Decode(text string) (Decoded, error) {
	s, err := Parse(text)
	if err != nil {
		return Decoded{}, err
	}
	p := s.Payload
	return Decoded{Asset: p.Asset, Cents: p.Cents, Expiry: p.Expiry, Kind: p.Kind.String(), Machine: p.Machine, Text: text}, nil
}

// StringIn says what the code is for people: its kind and machine, its expiry
// in local time and, for a cash-out, the amount in cur (a code carries no
// currency; its machine's floor has one).
func (d Decoded) StringIn(cur money.Currency) string {
	s := fmt.Sprintf("%s code of machine %s (asset %d), expires %s", d.Kind, d.Machine, d.Asset, d.Expiry.Local().Format("2006-01-02 15:04:05"))
	if d.Kind == CashOut.String() {
		s += ", " + cur.Plain(d.Cents)
	}
	return s
}
