package help

import (
	"fmt"
	"strings"

	"egm/jurisdiction"
	"egm/locale"
)

// The reader's formats: a percentage, a payout ratio, lists, bet ranges in the
// profile's currency.

// percent writes x (a percentage) with two decimals in the reader's convention:
// "94.00 %" in English, "94,00 %" in Estonian, Russian and Kazakh.
func percent(p *locale.Printer, x float64) string {
	s := fmt.Sprintf("%.2f", x)
	if p.Lang() != locale.EN {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s + "\u00a0%"
}

// payRatio writes a payout "a to b" in the reader's words ("35 to 1", "35 к 1").
func payRatio(p *locale.Printer, a, b int64) string {
	return p.T("rules.pays.ratio", "A", a, "B", b)
}

// orList joins items as "a, b or c" in the reader's language.
func orList(p *locale.Printer, items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return p.T("rules.list.or", "List", strings.Join(items[:len(items)-1], ", "), "Last", items[len(items)-1])
}

// andList joins items as "a, b and c" in the reader's language.
func andList(p *locale.Printer, items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return p.T("rules.list.and", "List", strings.Join(items[:len(items)-1], ", "), "Last", items[len(items)-1])
}

// minTotal and maxTotal are the least and the largest total bet of a title of
// lines lines under the limits: whole minor units on every line, within
// MinBet..MaxBet (slot.MinTotalCents and MaxTotalCents for a profile).
func minTotal(lines int, lim jurisdiction.Limits) int64 {
	l := int64(lines)
	return (lim.MinBet + l - 1) / l * l
}

func maxTotal(lines int, lim jurisdiction.Limits) int64 {
	return lim.MaxBet / int64(lines) * int64(lines)
}

// offered are the denominations of the limits at which a title of lines lines
// can be played: some whole number of credits per line gives a total bet within
// the range (slot.Offered for a profile).
func offered(lines int, lim jurisdiction.Limits) []int64 {
	var out []int64
	for _, d := range lim.Denominations {
		unit := d * int64(lines)
		if d > 0 && lines > 0 && (lim.MinBet+unit-1)/unit <= lim.MaxBet/unit {
			out = append(out, d)
		}
	}
	return out
}
