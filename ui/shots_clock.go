//go:build cgo && !noscreen

package ui

import "time"

// rigClock is the clock of the screenshot rigs' machines: one fixed instant, so
// that the event log, game recall and table recall pages print the same times on
// every run and the screenshot set compares byte for byte (screenshots_test.go).
// A fixed clock never runs out a timer: no idle cash-out, no code expiry.
type rigClock struct{}

// Now is the instant every rig machine lives at.
func (rigClock) Now() time.Time { return time.Date(2026, time.March, 2, 10, 30, 0, 0, time.UTC) }
