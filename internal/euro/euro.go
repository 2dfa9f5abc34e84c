// Package euro formats integer cents for people: "1,234.50 EUR". It owns no money
// and does no arithmetic beyond splitting cents for display; no floating point.
package euro

import (
	"strconv"
	"strings"
)

// Format formats integer cents as "1,234.50 EUR" (no floats on the way).
func Format(cents int64) string { return Num(cents) + " EUR" }

// Num formats integer cents as "1,234.50".
func Num(cents int64) string {
	neg := cents < 0
	if neg {
		cents = -cents
	}
	s := Grouped(cents/100) + "." + pad2(cents%100)
	if neg {
		s = "-" + s
	}
	return s
}

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

func pad2(n int64) string {
	if n < 10 {
		return "0" + strconv.FormatInt(n, 10)
	}
	return strconv.FormatInt(n, 10)
}

// Grouped writes n with thousands separators ("12,345").
func Grouped(n int64) string {
	s := strconv.FormatInt(n, 10)
	if len(s) <= 3 {
		return s
	}
	var b strings.Builder
	pre := len(s) % 3
	if pre > 0 {
		b.WriteString(s[:pre])
	}
	for i := pre; i < len(s); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s[i : i+3])
	}
	return b.String()
}
