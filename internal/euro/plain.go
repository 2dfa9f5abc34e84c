package euro

import "egm/money"

// Plain formats integer cents as "1234.50 EUR", ungrouped ("-1.50 EUR" below zero):
// the form the command-line tools print and their tests match.
func Plain(cents int64) string { return money.EUR.Plain(cents) }
