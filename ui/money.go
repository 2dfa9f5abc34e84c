package ui

import "egm/internal/euro"

// Euros formats integer cents as "1,234.50 EUR" (package euro).
func Euros(cents int64) string { return euro.Format(cents) }

// EurosNum formats integer cents as "1,234.50".
func EurosNum(cents int64) string { return euro.Num(cents) }

// Credits formats cents as whole credits of denomination denom ("12,345 CR").
func Credits(cents, denom int64) string { return euro.Credits(cents, denom) }

// Jackpot formats a jackpot level: "—" when unknown (0).
func Jackpot(cents int64) string { return euro.Jackpot(cents) }

// grouped writes n with thousands separators ("12,345").
func grouped(n int64) string { return euro.Grouped(n) }
