package ui

import "egm/help"

// The player's rules of a title are package help's (they build without a screen,
// for `egm rules`); the help scene draws them.
type (
	Rules   = help.Rules
	PayRow  = help.PayRow
	Feature = help.Feature
)

// NewRules builds a title's rules (help.NewRules).
var NewRules = help.NewRules
