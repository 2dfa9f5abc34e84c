package euro

import "fmt"

// Plain formats integer cents as "1234.50 EUR", ungrouped ("-1.50 EUR" below zero):
// the form the command-line tools print and their tests match.
func Plain(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s%d.%02d EUR", sign, cents/100, cents%100)
}
