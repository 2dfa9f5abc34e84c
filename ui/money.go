package ui

import (
	"strconv"
	"strings"
)

// Euros formats integer cents as "1,234.50 EUR" (no floats on the way).
func Euros(cents int64) string { return EurosNum(cents) + " EUR" }

// EurosNum formats integer cents as "1,234.50".
func EurosNum(cents int64) string {
	neg := cents < 0
	if neg {
		cents = -cents
	}
	s := grouped(cents/100) + "." + pad2(cents%100)
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
	return grouped(cents/denom) + " CR"
}

// Jackpot formats a jackpot level: "—" when unknown (0).
func Jackpot(cents int64) string {
	if cents <= 0 {
		return "—"
	}
	return Euros(cents)
}

func pad2(n int64) string {
	if n < 10 {
		return "0" + strconv.FormatInt(n, 10)
	}
	return strconv.FormatInt(n, 10)
}

func grouped(n int64) string {
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
