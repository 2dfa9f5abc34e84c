package lab

import (
	"fmt"
	"io"
	"strings"

	"egm/jurisdiction"
)

// Currency is the currency of the lab's machines and floor: the Estonian
// profile's, the lab's reference (a KZ machine plays the same games × 500:
// SimulateIn).
var Currency = jurisdiction.EE.Currency

// Euros writes integer minor units in the lab's currency for the reports
// (money's Plain: "-1.50 EUR" below zero).
func Euros(c int64) string { return Currency.Plain(c) }

// The words of a verdict in the lab's reports and the checklist's files.
const (
	Pass = "PASS"
	Fail = "FAIL"
)

// Verdict is Pass when ok, else Fail.
func Verdict(ok bool) string {
	if ok {
		return Pass
	}
	return Fail
}

// PrintViolations writes the first 20 violations under a header, or none
// followed by what held.
func PrintViolations(w io.Writer, vs []string, none string) {
	if len(vs) == 0 {
		fmt.Fprintf(w, "  violations                       none: %s\n", none)
		return
	}
	fmt.Fprintf(w, "  VIOLATIONS                       %d\n", len(vs))
	for i, v := range vs {
		if i == 20 {
			fmt.Fprintf(w, "    … %d more\n", len(vs)-20)
			break
		}
		fmt.Fprintf(w, "    %s\n", v)
	}
}

// FirstLine is s up to its first newline.
func FirstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
