package money

import (
	"fmt"
	"slices"
	"strings"
)

// Currency is one row of the currency table.
type Currency struct {
	// Code is the ISO 4217 code (EUR, KZT).
	Code string
	// Minor is ISO 4217's number of minor-unit digits: amounts are kept in
	// units of 10^-Minor (cents, tiyn).
	Minor int
	// Shown is how many of those digits a player is shown: 2 for euros, 0 for
	// tenge (tiyn are not in circulation; prices and wins are whole tenge).
	Shown int
	// Symbol is the sign players read ("€", "₸").
	Symbol string
}

// The currencies the machine is built for.
var (
	EUR = Currency{Code: "EUR", Minor: 2, Shown: 2, Symbol: "€"}
	KZT = Currency{Code: "KZT", Minor: 2, Shown: 0, Symbol: "₸"}
)

// table is every currency the machine knows, by code.
var table = []Currency{EUR, KZT}

// Codes lists the known ISO codes.
func Codes() []string {
	codes := make([]string, len(table))
	for i, c := range table {
		codes[i] = c.Code
	}
	return codes
}

// ByCode looks a currency up by its ISO code (case-insensitive).
func ByCode(code string) (Currency, error) {
	up := strings.ToUpper(strings.TrimSpace(code))
	i := slices.IndexFunc(table, func(c Currency) bool { return c.Code == up })
	if i < 0 {
		return Currency{}, fmt.Errorf("money: unknown currency %q (known: %s)", code, strings.Join(Codes(), ", "))
	}
	return table[i], nil
}

// Unit is the number of minor units in one major unit (100 for both).
func (c Currency) Unit() int64 {
	u := int64(1)
	for range c.Minor {
		u *= 10
	}
	return u
}

// IsZero reports an unset currency.
func (c Currency) IsZero() bool { return c.Code == "" }

// String is the ISO code.
func (c Currency) String() string { return c.Code }

// Recorded is the currency a record names by its ISO code. A record that
// names none, or a code this build does not know, was made before the machine
// and the floor recorded their currency, when everything counted in euros.
func Recorded(code string) Currency {
	if c, err := ByCode(code); err == nil && code != "" {
		return c
	}
	return EUR
}

// OrRecorded is c, or for an unset currency (a report or a setting from before
// currencies) Recorded's.
func (c Currency) OrRecorded() Currency { return Recorded(c.Code) }
