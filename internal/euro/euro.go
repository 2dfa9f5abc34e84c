// Package euro formats integer cents for people: "1,234.50 EUR", through package
// money, the one formatter. It owns no money
// and does no arithmetic beyond splitting cents for display; no floating point.
package euro

import "egm/money"

// Format formats integer cents as "1,234.50 EUR" (no floats on the way).
func Format(cents int64) string { return money.EUR.Grouped(cents) }

// Num formats integer cents as "1,234.50".
func Num(cents int64) string { return money.EUR.Number(cents) }

// Credits formats cents as whole credits of denomination denom ("12,345 CR").
func Credits(cents, denom int64) string {
	if denom <= 0 {
		return "— CR"
	}
	return Grouped(cents/denom) + " CR"
}

// Jackpot formats a jackpot level: "—" when unknown (0).
func Jackpot(cents int64) string {
	if cents <= 0 {
		return "—"
	}
	return Format(cents)
}

// Grouped writes n with thousands separators ("12,345").
func Grouped(n int64) string { return money.Group(n) }
