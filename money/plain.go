package money

import (
	"strconv"
	"strings"
)

// Plain formats an amount as the commands print it: "1234.50 EUR", ungrouped,
// every ISO minor digit ("-1.50 EUR" below zero).
func (c Currency) Plain(minor int64) string {
	return c.digits(minor, "", ".", c.Minor) + " " + c.Code
}

// Grouped formats an amount for an engineer's table: "1,234.50 EUR".
func (c Currency) Grouped(minor int64) string {
	return c.digits(minor, ",", ".", c.Minor) + " " + c.Code
}

// Number is the amount without the code, grouped: "1,234.50".
func (c Currency) Number(minor int64) string { return c.digits(minor, ",", ".", c.Minor) }

// digits writes minor units with shown decimals (the rest truncated towards zero),
// the group separator sep between thousands and dec before the decimals.
func (c Currency) digits(minor int64, sep, dec string, shown int) string {
	neg := minor < 0
	u := uint64(minor)
	if neg {
		u = uint64(-(minor + 1)) + 1 // no overflow at the smallest int64
	}
	unit := uint64(c.Unit())
	s := group(u/unit, sep)
	if shown > 0 {
		frac := strconv.FormatUint(u%unit, 10)
		frac = strings.Repeat("0", c.Minor-len(frac)) + frac
		s += dec + frac[:shown]
	}
	if neg && strings.ContainsAny(s, "123456789") {
		s = "-" + s
	}
	return s
}

// group writes n with sep between each three digits ("12,345").
func group(n uint64, sep string) string {
	s := strconv.FormatUint(n, 10)
	if len(s) <= 3 || sep == "" {
		return s
	}
	var b strings.Builder
	pre := len(s) % 3
	b.WriteString(s[:pre])
	for i := pre; i < len(s); i += 3 {
		if b.Len() > 0 {
			b.WriteString(sep)
		}
		b.WriteString(s[i : i+3])
	}
	return b.String()
}

// Group writes a count with ASCII thousands separators ("12,345"), as the
// engineers' tables print counts.
func Group(n int64) string {
	if n < 0 {
		return "-" + group(uint64(-(n+1))+1, ",")
	}
	return group(uint64(n), ",")
}
