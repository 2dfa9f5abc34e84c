package help

import (
	"egm/locale"
	"egm/money"
)

// english is the reader of the tests that hold the texts to the math.
func english() *locale.Printer { return locale.New(locale.EN, money.EUR) }
