// Package money is the machine's one currency table and its one formatter of
// amounts. Amounts are integer minor units (int64: euro cents, tiyn), never
// floating point; this package only splits them for display.
//
// It owns:
//   - the currency table (currency.go): ISO 4217 code, minor-unit digits, the
//     digits a player is shown (tenge amounts are shown whole), the symbol;
//   - the players' format by locale (format.go), after CLDR's conventions:
//     Estonian "1 234,50 €", Russian "1 234,50 €", Kazakh "1 234 ₸", English
//     "€1,234.50"; the group separator and the space before the symbol are
//     no-break spaces (U+00A0), so an amount never breaks across lines;
//   - the engineers' formats (plain.go): "1234.50 EUR" ungrouped, as the
//     commands and logs print them, and "1,234.50 EUR" grouped.
//
// The amounts a player reads are formatted here and nowhere else; no other
// package spells a currency code. It must not import anything of the machine:
// every program (cabinet, screen, floor, lab) uses it.
package money
