// Package opmenu is the operator menu: the PIN entry on a keypad
// (operator_pin.go; the PIN itself is package operator's), the meters, event
// log, handpay/tilt, RAM clear and volume pages (operator_pages.go), the
// configuration page (operator_config.go), the table games' page, each game on
// or off and its limits checked by play.Limits.Validate (operator_tables.go),
// and game recall with its replay on the play scene's own reel view and timeline
// from the stored outcome bytes (operator_recall.go), or, for a table game, step
// by step from the round the recall entry rebuilds (machine.TableRound;
// table_recall*.go). The menu prints in the configuration's language (kit.OpTr).
//
// It reads critical memory only through the platform's View, on opening a page
// and when the store's sequence moved, never per frame, and changes the machine
// only through machine inputs (InConfigure, InAttendantKey, InRAMClear), which
// the machine may refuse. The cabinet shell (egm/ui) opens it with the operator
// key and draws the service strip.
package opmenu
